/**
 * The Lua scripts of the Redis store. Each runs atomically on the server, in one command and one round trip.
 * KEYS are in one hash slot (src/store/keys.ts: a table shares its channel's hash tag with its lock).
 */
import { lua } from './client.ts';

/** Free a lock only if this owner still holds it. KEYS: lock. ARGV: token. Returns 1 when freed. */
export const RELEASE = lua(`if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`);

/**
 * Take a lock and read a key (and a hash) in one step. KEYS: lock, key[, hash]. ARGV: token, lifetime ms.
 * Returns `{1, value, fields}` (value false/nil when the key is absent; fields the hash's `HGETALL`, when given) when
 * the lock was free, `{0}` when it is held.
 */
export const LOCK_AND_READ = lua(`if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if KEYS[3] then return {1, redis.call('get', KEYS[2]), redis.call('hgetall', KEYS[3])} end
  return {1, redis.call('get', KEYS[2])}
end
return {0}`);

/**
 * Write (or delete) a key, update the deadline index, free the lock and publish the change, in one step, only while
 * this owner still holds the lock. KEYS: lock, key[, index]. ARGV: token, 'set' | 'del' | 'none', value (for 'set'),
 * 'add' | 'rem' | 'none' (the index; KEYS[3] needed unless 'none'), score (for 'add'), member, pub/sub channel and
 * message ('' = publish nothing; src/store/events.ts).
 * Returns 1 when written and freed, 0 when the lock was no longer this owner's (nothing written, nothing published).
 */
export const WRITE_AND_UNLOCK = lua(`if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[4] == 'add' then redis.call('zadd', KEYS[3], ARGV[5], ARGV[6]) elseif ARGV[4] == 'rem' then redis.call('zrem', KEYS[3], ARGV[6]) end
if ARGV[2] == 'set' then redis.call('set', KEYS[2], ARGV[3]) elseif ARGV[2] == 'del' then redis.call('del', KEYS[2]) end
redis.call('del', KEYS[1])
if ARGV[7] ~= '' then redis.call('publish', ARGV[7], ARGV[8]) end
return 1`);
