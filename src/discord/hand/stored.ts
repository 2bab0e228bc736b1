/**
 * The live hands' side of the store (src/store/screens.ts): writing a hand that became live, reading a table's stored
 * hands, deleting one that is done with — each hand in its encoded form (src/discord/screens.ts). Failures are logged
 * without the hand's token (a store error names neither), never thrown: a hand kept in memory still works.
 */
import type { Logger } from '../../logger.ts';
import type { ScreenStore } from '../../store/screens.ts';
import { decodeHand, expiresAt, handField, type StoredHand } from '../screens.ts';

/**
 * How long a stored hand's token serves before a click's newer one is stored in its place (ms): after a restart a hand
 * is marked no longer live up to this much earlier than it would have been.
 */
export const STORE_AGAIN_MS = 5 * 60_000;

/** A stored hand and its stored value (for compare-and-delete). */
export interface StoredEntry {
  hand: StoredHand;
  raw: string;
}

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Live hands in the store. */
export class StoredHands {
  /** Writes under way (`idle` waits for them). */
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly screens: ScreenStore,
    private readonly log: Logger,
  ) {}

  /** Whether a write is under way. */
  get busy(): boolean {
    return this.writes.size > 0;
  }

  /** Wait for the writes under way. */
  async idle(): Promise<void> {
    while (this.writes.size) await Promise.all(this.writes);
  }

  /**
   * Store `hand` (encoded as `raw`) as its player's live hand in `channelId`, until its token runs out; resolves to
   * the hand it replaced there (null: none, or the write failed — logged).
   */
  put(channelId: string, hand: StoredHand, raw: string): Promise<StoredEntry | null> {
    return this.track(
      this.screens.put(channelId, handField(hand.userId), raw, expiresAt(hand.issuedAt)).then(
        (old) => {
          const decoded = old === null ? null : decodeHand(old);
          return decoded && old !== null ? { hand: decoded, raw: old } : null;
        },
        (err: unknown) => {
          this.log.warn({ err: reason(err), channelId }, 'could not store a live hand');
          return null;
        },
      ),
    );
  }

  /** The channel's stored hands (of table `tableId`; null: any); none when the read fails (logged). */
  async read(channelId: string, tableId: string | null): Promise<StoredEntry[]> {
    try {
      const out: StoredEntry[] = [];
      for (const { field, raw } of await this.screens.read(channelId)) {
        if (!field.startsWith('hand:')) continue;
        const hand = decodeHand(raw);
        if (hand && (tableId === null || hand.tableId === tableId)) out.push({ hand, raw });
      }
      return out;
    } catch (err) {
      this.log.warn({ err: reason(err), channelId }, 'could not read the stored live hands');
      return [];
    }
  }

  /**
   * Delete the hand stored as `raw` of `userId` in `channelId`, if it is still the stored one; resolves to whether this
   * call deleted it (true when the store failed: logged, and the caller goes on as if).
   */
  remove(channelId: string, userId: string, raw: string): Promise<boolean> {
    return this.track(
      this.screens.remove(channelId, handField(userId), raw).catch((err: unknown) => {
        this.log.warn({ err: reason(err), channelId }, 'could not drop a stored live hand');
        return true;
      }),
    );
  }

  private track<T>(write: Promise<T>): Promise<T> {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
    return write;
  }
}
