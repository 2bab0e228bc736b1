/**
 * The screens of a table: what lets any process edit the messages that show it — each live hand's and the board's
 * interaction token (docs/scale.md § Tokens that survive a restart). Stored with the table's keys, so they outlive the
 * process that showed them (a restart, a deploy) and serve whichever process next changes the table.
 *
 * One entry per field of the channel: `hand:<userId>` (the player's live hand) and `board`; each value is JSON with its
 * own `expiresAt` (epoch ms: when Discord's token runs out), and readers drop expired entries. The values hold
 * interaction tokens: secrets, never logged, never put in an error message or an event.
 * - Redis: one hash per channel, `screens:{<channelId>}` (src/store/keys.ts), in the table's hash slot. Redis 7.0 has
 *   no expiry per hash field, so the key lives as long as its latest entry (`PEXPIRE` raised when an entry outlives
 *   it). Writing an entry is one command (a script that also returns the entry it replaced); the table's lock-and-read
 *   script returns the hash with the table (`snapshot`), so a change shows its screens without another round trip.
 * - Embedded: the `screens` table of the SQLite file (src/store/embedded/db.ts), one row per entry.
 * An entry is deleted when its message is done with (a hand's last edit, a board closed), else when it expires.
 */
import type Database from 'better-sqlite3';
import type { EmbeddedDb } from './embedded/db.ts';
import { screensKey } from './keys.ts';
import type { RedisClient } from './redis/client.ts';
import { lua } from './redis/client.ts';

/** One stored entry: its field, its value as stored (JSON, for compare-and-delete) and when it expires. */
export interface ScreenEntry {
  field: string;
  raw: string;
  expiresAt: number;
}

/** The screens of every table, by channel (see the file's comment). */
export interface ScreenStore {
  /**
   * Store `raw` (JSON with an `expiresAt`) as entry `field` of the channel's screens, kept until `expiresAt`; resolves
   * to the unexpired entry it replaced (its raw value), or null.
   */
  put(channelId: string, field: string, raw: string, expiresAt: number): Promise<string | null>;
  /** The channel's unexpired entries (the snapshot its table's last change read, when this process has one). */
  read(channelId: string): Promise<ScreenEntry[]>;
  /** Delete entry `field` if it still holds `raw` (a newer entry stays); true when it was deleted. */
  remove(channelId: string, field: string, raw: string): Promise<boolean>;
  /** Delete every entry of the channel. */
  clear(channelId: string): Promise<void>;
}

/** The `expiresAt` of a stored value, or null when it is not one of ours. */
export function expiryOf(raw: string): number | null {
  try {
    const value: unknown = JSON.parse(raw);
    const at = typeof value === 'object' && value !== null && 'expiresAt' in value ? value.expiresAt : null;
    return typeof at === 'number' ? at : null;
  } catch {
    return null;
  }
}

/** The unexpired entries of `fields` (field → raw) at `now`. */
function unexpired(fields: Iterable<[string, string]>, now: number): ScreenEntry[] {
  const out: ScreenEntry[] = [];
  for (const [field, raw] of fields) {
    const expiresAt = expiryOf(raw);
    if (expiresAt !== null && expiresAt > now) out.push({ field, raw, expiresAt });
  }
  return out;
}

/**
 * Set a field of a hash, return the value it replaced, and make the key live at least `ttl` ms more. KEYS: the hash.
 * ARGV: field, value, ttl ms. (`PEXPIRE … GT` alone would not do: it treats a key without expiry as living forever,
 * so a new hash would never get one.)
 */
const PUT = lua(`local old = redis.call('hget', KEYS[1], ARGV[1])
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
if redis.call('pttl', KEYS[1]) < tonumber(ARGV[3]) then redis.call('pexpire', KEYS[1], ARGV[3]) end
return old`);

/** Delete a hash field only if it holds the given value. KEYS: the hash. ARGV: field, value. Returns 1 when deleted. */
const REMOVE_IF = lua(`if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('hdel', KEYS[1], ARGV[1]) end
return 0`);

/** Snapshots kept at most (the oldest dropped first). */
const SNAPSHOTS_KEPT = 10_000;
/** How long a snapshot read with a table's change serves readers (ms); after that they read the hash anew. */
const SNAPSHOT_MS = 60_000;

/** The screens on Redis (see the file's comment). */
export class RedisScreens implements ScreenStore {
  /** The hash each channel's last lock-and-read returned, with when (this process's own writes applied to it). */
  private readonly snapshots = new Map<string, { at: number; fields: Map<string, string> }>();

  constructor(
    private readonly redis: RedisClient,
    /** The clock (epoch ms) entries expire on. */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The hash of `channelId` as its table's lock-and-read script returned it (a flat `[field, value, …]` array): the
   * next reads of the channel use it instead of asking Redis.
   */
  snapshot(channelId: string, flat: unknown): void {
    if (!Array.isArray(flat)) return;
    const fields = new Map<string, string>();
    for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), String(flat[i + 1]));
    this.snapshots.delete(channelId);
    this.snapshots.set(channelId, { at: this.now(), fields });
    if (this.snapshots.size > SNAPSHOTS_KEPT) this.snapshots.delete(this.snapshots.keys().next().value ?? channelId);
  }

  async put(channelId: string, field: string, raw: string, expiresAt: number): Promise<string | null> {
    const ttl = Math.max(1, Math.ceil(expiresAt - this.now()));
    const old = await this.redis.run(PUT, [screensKey(channelId)], [field, raw, String(ttl)]);
    this.snapshots.get(channelId)?.fields.set(field, raw);
    return typeof old === 'string' && (expiryOf(old) ?? 0) > this.now() ? old : null;
  }

  async read(channelId: string): Promise<ScreenEntry[]> {
    const now = this.now();
    const snap = this.snapshots.get(channelId);
    if (snap && now - snap.at < SNAPSHOT_MS) return unexpired(snap.fields, now);
    const fields = await (await this.redis.commands()).hGetAll(this.redis.key(screensKey(channelId)));
    return unexpired(Object.entries(fields), now);
  }

  async remove(channelId: string, field: string, raw: string): Promise<boolean> {
    const snap = this.snapshots.get(channelId);
    if (snap?.fields.get(field) === raw) snap.fields.delete(field);
    return (await this.redis.run(REMOVE_IF, [screensKey(channelId)], [field, raw])) === 1;
  }

  async clear(channelId: string): Promise<void> {
    this.snapshots.delete(channelId);
    await this.redis.delete(screensKey(channelId));
  }
}

/** The screens in the embedded SQLite file (see the file's comment). */
export class SqliteScreens implements ScreenStore {
  private readonly select: Database.Statement<[string, number], { field: string; value: string; expires_at: number }>;
  private readonly selectOne: Database.Statement<[string, string, number], { value: string }>;
  private readonly upsert: Database.Statement<[string, string, string, number]>;
  private readonly removeIf: Database.Statement<[string, string, string]>;
  private readonly removeAll: Database.Statement<[string]>;
  private readonly purge: Database.Statement<[number]>;

  constructor(
    private readonly embedded: EmbeddedDb,
    /** The clock (epoch ms) entries expire on. */
    private readonly now: () => number = Date.now,
  ) {
    const { db } = embedded;
    this.select = db.prepare('SELECT field, value, expires_at FROM screens WHERE channel_id = ? AND expires_at > ?');
    this.selectOne = db.prepare('SELECT value FROM screens WHERE channel_id = ? AND field = ? AND expires_at > ?');
    this.upsert = db.prepare(
      `INSERT INTO screens (channel_id, field, value, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (channel_id, field) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    );
    this.removeIf = db.prepare('DELETE FROM screens WHERE channel_id = ? AND field = ? AND value = ?');
    this.removeAll = db.prepare('DELETE FROM screens WHERE channel_id = ?');
    this.purge = db.prepare('DELETE FROM screens WHERE expires_at <= ?');
    this.purge.run(this.now());
  }

  async put(channelId: string, field: string, raw: string, expiresAt: number): Promise<string | null> {
    return this.embedded.transaction(() => {
      const old = this.selectOne.get(channelId, field, this.now())?.value ?? null;
      this.upsert.run(channelId, field, raw, expiresAt);
      return old;
    });
  }

  async read(channelId: string): Promise<ScreenEntry[]> {
    return this.select.all(channelId, this.now()).map((r) => ({ field: r.field, raw: r.value, expiresAt: r.expires_at }));
  }

  async remove(channelId: string, field: string, raw: string): Promise<boolean> {
    return this.removeIf.run(channelId, field, raw).changes > 0;
  }

  async clear(channelId: string): Promise<void> {
    this.removeAll.run(channelId);
  }

  /** Delete every expired entry (also done when the file is opened). */
  sweep(): void {
    this.purge.run(this.now());
  }
}
