/**
 * Locks per key: an in-process mutex always, plus, on Redis, a cross-process lock
 * (SET key token NX PX ttl; released by compare-and-delete so a lock is only ever freed by its owner).
 */
import { randomUUID } from 'node:crypto';
import type KeyvRedis from '@keyv/redis';
import { Mutex } from 'async-mutex';

/** Thrown when a lock cannot be had in time (another process holds it, or Redis is unreachable). */
export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`Timed out waiting for lock ${key}`);
    this.name = 'LockTimeoutError';
  }
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export interface LockOptions {
  /** How long a Redis lock lives if its owner dies, in ms. */
  ttlMs?: number;
  /** How long to wait for a lock before giving up, in ms. */
  waitMs?: number;
}

/** Runs work under per-key locks. */
export class Locks {
  private readonly mutexes = new Map<string, Mutex>();
  private readonly ttlMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly redis: KeyvRedis<unknown> | null,
    private readonly prefix: string,
    opts: LockOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.waitMs = opts.waitMs ?? 5_000;
  }

  /** Run `fn` holding the lock for `key`. Throws `LockTimeoutError` if it cannot be had within the wait. */
  async with<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let mutex = this.mutexes.get(key);
    if (!mutex) this.mutexes.set(key, (mutex = new Mutex()));
    try {
      return await mutex.runExclusive(() => (this.redis ? this.withRedis(key, fn) : fn()));
    } finally {
      if (!mutex.isLocked()) this.mutexes.delete(key);
    }
  }

  private async withRedis<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const client = (await (this.redis as KeyvRedis<unknown>).getClient()) as unknown as {
      set(k: string, v: string, o: { NX: true; PX: number }): Promise<string | null>;
      eval(script: string, o: { keys: string[]; arguments: string[] }): Promise<unknown>;
    };
    const lockKey = `${this.prefix}::lock:${key}`;
    // A JSON string: the lock lives in the store's namespace, and Keyv's iterator (rebuildDeadlines at start-up)
    // parses every value there; a bare UUID left by a killed process made the next start-up fail until it expired.
    const token = JSON.stringify(randomUUID());
    const deadline = Date.now() + this.waitMs;
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      if ((await client.set(lockKey, token, { NX: true, PX: this.ttlMs })) === 'OK') break;
      if (Date.now() > deadline) throw new LockTimeoutError(key);
      await new Promise((r) => setTimeout(r, delay));
    }
    try {
      return await fn();
    } finally {
      await client.eval(RELEASE, { keys: [lockKey], arguments: [token] }).catch(() => undefined);
    }
  }
}
