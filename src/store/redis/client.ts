/**
 * The one typed door to Redis. Every Redis command the bot sends goes through `RedisClient`: locks, claims, the
 * deadline index, the table hot path's scripts, the record ledger, key scans. It holds the node-redis client (one
 * server) or cluster that src/store/keyv.ts created and handed to @keyv/redis, and connects through the adapter's
 * public `getClient()` (with its connection timeout), so Keyv and these commands share one connection.
 * Key names are passed without the namespace (src/store/keys.ts); `key(name)` adds it.
 */
import { createHash } from 'node:crypto';
import type KeyvRedis from '@keyv/redis';
import type { NodeRedis } from './connect.ts';

/** A Lua script with its SHA1, sent as EVALSHA (and as EVAL once per server, when the server does not know it yet). */
export interface LuaScript {
  source: string;
  sha1: string;
}

/** A Lua script for `RedisClient.run`. */
export const lua = (source: string): LuaScript => ({ source, sha1: createHash('sha1').update(source).digest('hex') });

export class RedisClient {
  constructor(
    private readonly adapter: KeyvRedis<unknown>,
    private readonly node: NodeRedis,
    /** The namespace: every key is `<prefix>::<name>`. */
    readonly prefix: string,
  ) {}

  /** The stored key of `name`. */
  key(name: string): string {
    return `${this.prefix}::${name}`;
  }

  /** Whether the connection is open now (false after `close`; a health probe must not reopen it). */
  get isOpen(): boolean {
    return this.node.isOpen;
  }

  /** Listen to the connection's errors (e.g. ECONNREFUSED while connecting); returns the way to stop listening. */
  onError(listener: (err: unknown) => void): () => void {
    this.adapter.on('error', listener);
    return () => void this.adapter.off('error', listener);
  }

  /** Whether this is a Redis Cluster (keys of a script must then share a hash slot). */
  get isCluster(): boolean {
    return this.adapter.isCluster();
  }

  /** The connected client (connecting first when needed). Throws when Redis cannot be reached. */
  async commands(): Promise<NodeRedis> {
    await this.adapter.getClient();
    return this.node;
  }

  /** `SET key value NX PX ttlMs`: true when this call created the key. */
  async setIfAbsent(name: string, value: string, ttlMs: number): Promise<boolean> {
    return (await (await this.commands()).set(this.key(name), value, { NX: true, PX: ttlMs })) === 'OK';
  }

  /** Delete a key; true when it was there. */
  async delete(name: string): Promise<boolean> {
    return (await (await this.commands()).del(this.key(name))) > 0;
  }

  /**
   * Run a Lua script on `keys` (names; all in one hash slot on a cluster) with `args`: EVALSHA, and EVAL when the
   * server answers NOSCRIPT. The reply as Redis gives it (the caller checks its shape).
   */
  async run(script: LuaScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const c = await this.commands();
    const options = { keys: keys.map((k) => this.key(k)), arguments: [...args] };
    try {
      return await c.evalSha(script.sha1, options);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return c.eval(script.source, options);
    }
  }

  /** The names (without the namespace) of every key matching `pattern` (a Redis glob over names), on every master. */
  async *scan(pattern: string, count = 500): AsyncGenerator<string> {
    await this.adapter.getClient();
    const strip = this.prefix.length + 2;
    for (const node of await this.adapter.getMasterNodes())
      for await (const batch of node.scanIterator({ MATCH: this.key(pattern), COUNT: count })) for (const key of batch) yield key.slice(strip);
  }
}
