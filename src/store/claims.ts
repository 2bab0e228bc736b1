/**
 * Claims on interaction ids, so one interaction is handled once even when Discord delivers it to two processes
 * (a retried delivery, or two processes sharing the bot's token on one Redis): the first process to claim the id
 * handles it, every other one leaves it alone. On Redis a claim is `SET <prefix>::interaction:<id> NX PX ttl`;
 * without Redis there is only one process, so every claim succeeds.
 */
import type KeyvRedis from '@keyv/redis';

/** How long a claim is kept: an interaction cannot be answered after 15 minutes, so no duplicate comes later. */
const CLAIM_TTL_MS = 15 * 60_000;

export class InteractionClaims {
  constructor(
    private readonly redis: KeyvRedis<unknown> | null,
    private readonly prefix: string,
  ) {}

  /**
   * Whether this process should handle interaction `id`: true for the first claim, false when another process (or
   * an earlier delivery) claimed it. When Redis cannot be asked, true: the handler then meets the same outage and
   * answers it, and the table's lock and version still keep a move from being applied twice.
   */
  async claim(id: string): Promise<boolean> {
    if (!this.redis) return true;
    try {
      const client = (await this.redis.getClient()) as unknown as { set(k: string, v: string, o: { NX: true; PX: number }): Promise<string | null> };
      return (await client.set(`${this.prefix}::interaction:${id}`, '1', { NX: true, PX: CLAIM_TTL_MS })) === 'OK';
    } catch {
      return true;
    }
  }
}
