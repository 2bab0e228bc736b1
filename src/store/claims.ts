/**
 * Claims on interaction ids, so one interaction is handled once even when Discord delivers it to two processes
 * (a retried delivery, or two processes sharing the bot's token on one Redis): the first process to claim the id
 * handles it, every other one leaves it alone. On Redis a claim is `SET interaction:<id> NX PX ttl`
 * (src/store/keys.ts); without Redis there is only one process, so every claim succeeds.
 */
import { interactionKey } from './keys.ts';
import type { RedisClient } from './redis/client.ts';

/** How long a claim is kept: an interaction cannot be answered after 15 minutes, so no duplicate comes later. */
const CLAIM_TTL_MS = 15 * 60_000;

export class InteractionClaims {
  constructor(private readonly redis: RedisClient | null) {}

  /**
   * Whether this process should handle interaction `id`: true for the first claim, false when another process (or
   * an earlier delivery) claimed it. When Redis cannot be asked, true: the handler then meets the same outage and
   * answers it, and the table's lock and version still keep a move from being applied twice.
   */
  async claim(id: string): Promise<boolean> {
    if (!this.redis) return true;
    try {
      return await this.redis.setIfAbsent(interactionKey(id), '1', CLAIM_TTL_MS);
    } catch {
      return true;
    }
  }
}
