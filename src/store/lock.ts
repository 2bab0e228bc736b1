/**
 * Locks per name: an in-process mutex always, plus, on Redis, a cross-process lock at `lock:<name>`
 * (src/store/keys.ts; SET NX PX ttl, released by compare-and-delete so a lock is only ever freed by its owner).
 */
import { randomUUID } from 'node:crypto';
import { Mutex } from 'async-mutex';
import { lockKey } from './keys.ts';
import type { RedisClient } from './redis/client.ts';
import { RELEASE } from './redis/scripts.ts';

/** Thrown when a lock cannot be had in time (another process holds it, or Redis is unreachable). */
export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`Timed out waiting for lock ${key}`);
    this.name = 'LockTimeoutError';
  }
}

export interface LockOptions {
  /** How long a Redis lock lives if its owner dies, in ms. */
  ttlMs?: number;
  /** How long to wait for a lock before giving up, in ms. */
  waitMs?: number;
}

/**
 * One way to take a Redis lock: `attempt(lockName, token, ttlMs)` tries once and returns what it read (non-null)
 * or null when the lock is held; `release(lockName, token, got, ok)` frees it after the work (`ok`: it did not
 * throw), and may write in the same step; an error it throws after work that did not throw is the caller's.
 */
export interface LockSteps<R> {
  attempt(lockName: string, token: string, ttlMs: number): Promise<R | null>;
  release(lockName: string, token: string, got: R, ok: boolean): Promise<void>;
}

/** Runs work under per-name locks. */
export class Locks {
  private readonly mutexes = new Map<string, Mutex>();
  private readonly ttlMs: number;
  private readonly waitMs: number;

  constructor(
    /** The Redis client when the store is shared (null: the embedded store, one process). */
    readonly redis: RedisClient | null,
    opts: LockOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.waitMs = opts.waitMs ?? 5_000;
  }

  /** Run `fn` holding the lock `name`. Throws `LockTimeoutError` if it cannot be had within the wait. */
  with<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const redis = this.redis;
    if (!redis) return this.inProcess(name, fn);
    return this.hold(
      name,
      {
        attempt: async (lock, token, ttlMs) => ((await redis.setIfAbsent(lock, token, ttlMs)) ? true : null),
        release: async (lock, token) => {
          await redis.run(RELEASE, [lock], [token]).catch(() => undefined);
        },
      },
      fn,
    );
  }

  /** Run `fn` under this process's mutex for `name` only. */
  async inProcess<T>(name: string, fn: () => Promise<T>): Promise<T> {
    let mutex = this.mutexes.get(name);
    if (!mutex) this.mutexes.set(name, (mutex = new Mutex()));
    try {
      return await mutex.runExclusive(fn);
    } finally {
      if (!mutex.isLocked()) this.mutexes.delete(name);
    }
  }

  /**
   * Run `fn(got)` holding the mutex and the Redis lock `name`, taken with `steps` (retried with a growing pause
   * until the wait passes). `steps.release` runs after `fn`, also when it throws (then its own error is dropped and
   * `fn`'s is thrown). Throws `LockTimeoutError` when the lock cannot be had in time.
   */
  hold<R, T>(name: string, steps: LockSteps<R>, fn: (got: R) => Promise<T>): Promise<T> {
    return this.inProcess(name, async () => {
      const lock = lockKey(name);
      // A JSON string: the lock lives in the store's namespace, where every value stays parseable as JSON.
      const token = JSON.stringify(randomUUID());
      const deadline = Date.now() + this.waitMs;
      let got: R | null;
      for (let delay = 5; (got = await steps.attempt(lock, token, this.ttlMs)) === null; delay = Math.min(delay * 2, 100)) {
        if (Date.now() > deadline) throw new LockTimeoutError(name);
        await new Promise((r) => setTimeout(r, delay));
      }
      let result: T;
      try {
        result = await fn(got);
      } catch (err) {
        await steps.release(lock, token, got, false).catch(() => undefined);
        throw err;
      }
      await steps.release(lock, token, got, true);
      return result;
    });
  }
}
