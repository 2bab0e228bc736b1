/**
 * Per-user rate limit on clicks and commands (rate-limiter-flexible's in-memory limiter).
 *
 * Memory, not Redis, on purpose: Discord delivers every interaction of a server to the one shard (and so the
 * one bot process) that holds that server, so a per-process count sees all of a user's actions there; it
 * costs no network round trip inside the 3-second answer window and cannot fail when Redis is slow or down.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Text } from '../i18n/index.ts';

/** What a refused user is told (ephemerally, in their language); nothing is changed. */
export const TOO_FAST: Text = { key: 'error.too_fast' };

/** Limit settings: at most `actions` per `windowS` seconds per user; `actions` 0 turns the limit off. */
export interface RateLimitSettings {
  actions: number;
  windowS: number;
}

/** Counts each user's interactions and says whether one more is allowed. */
export class ActionLimiter {
  private readonly limiter: RateLimiterMemory | null;

  constructor(settings: RateLimitSettings) {
    this.limiter = settings.actions > 0 ? new RateLimiterMemory({ points: settings.actions, duration: settings.windowS }) : null;
  }

  /** Count one action of `userId`; false when the user is over the limit (the action must be refused). */
  async allow(userId: string): Promise<boolean> {
    if (!this.limiter) return true;
    try {
      await this.limiter.consume(userId);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }
}
