/**
 * Keeping the board at the bottom of its channel (docs/playing.md § The board stays in view). The bot hears of every
 * new message in its channels (the gateway's MESSAGE_CREATE, GUILD_MESSAGES intent, without their content): chat,
 * other bots and its own posts. A board with two or more messages below it is buried; the next move that finds it
 * so moves it back (src/discord/board/boards.ts posts it anew and deletes the old one), at most once per turn (the engine's turn
 * key), never because of a chat message itself. What this process heard is kept in memory for the channels whose
 * board it showed (bounded); a process that has not heard a channel's messages never moves its board.
 */
import type { TableRecord } from '../../tables/types.ts';

/** Channels whose newest messages are kept (least recently shown dropped first). */
export const CHANNELS_KEPT = 10_000;
/** Board moves remembered (old message id → new), so an update queued for the old board goes to the new one. */
const MOVES_KEPT = 10_000;
/** Messages below the board that bury it: it stays while it is the last or next-to-last message. */
export const BURIED_BELOW = 2;

/** Whether snowflake `a` is newer than snowflake `b` (ids grow with time; compared as decimal strings). */
const newer = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);

/** Set `key` in a map used as a bounded, least-recently-set-first cache. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/** Where each channel's board stands among the channel's newest messages, and where it moved. */
export class BoardBottom {
  /** The newest message ids heard of in each watched channel (at most `BURIED_BELOW`, newest last). */
  private readonly tails = new Map<string, string[]>();
  /** The turn key at which each channel's board last moved (or is moving). */
  private readonly movedAt = new Map<string, string>();
  /** Board messages replaced by a move made here: old id → new id. */
  private readonly replaced = new Map<string, string>();

  /** The channel shows a board (a table is being played there): hear of its new messages from now on. */
  watch(channelId: string): void {
    remember(this.tails, channelId, this.tails.get(channelId) ?? [], CHANNELS_KEPT);
  }

  /** A message was created in the channel (anyone's, ours too); ignored for a channel not watched. */
  arrived(channelId: string, messageId: string): void {
    const tail = this.tails.get(channelId);
    if (!tail || tail.includes(messageId)) return;
    tail.push(messageId);
    tail.sort((a, b) => (newer(a, b) ? 1 : newer(b, a) ? -1 : 0));
    tail.splice(0, Math.max(0, tail.length - BURIED_BELOW));
  }

  /** A message of the channel was deleted: it no longer counts as below the board. */
  deleted(channelId: string, messageId: string): void {
    const tail = this.tails.get(channelId);
    const at = tail?.indexOf(messageId) ?? -1;
    if (tail && at >= 0) tail.splice(at, 1);
  }

  /** Whether at least `BURIED_BELOW` messages heard of in the channel are newer than the board `boardId`. */
  buried(channelId: string, boardId: string): boolean {
    const tail = this.tails.get(channelId) ?? [];
    return tail.filter((id) => newer(id, boardId)).length >= BURIED_BELOW;
  }

  /**
   * Whether the board of `table` (being played) should move to the bottom after the move that made it: it is buried,
   * and it has not moved yet in the turn `turnKey` (the engine's key of the turn now).
   */
  due(table: TableRecord, turnKey: string): boolean {
    if (table.status !== 'playing' || !table.messageId) return false;
    if (this.movedAt.get(table.channelId) === turnKey) return false;
    return this.buried(table.channelId, this.current(table.messageId));
  }

  /** The board of the channel starts moving in turn `turnKey` (no second move in that turn). */
  moving(channelId: string, turnKey: string): void {
    remember(this.movedAt, channelId, turnKey, CHANNELS_KEPT);
  }

  /** The move started in the channel did not happen (nothing to move, or refused): the turn may move it again. */
  notMoved(channelId: string): void {
    this.movedAt.delete(channelId);
  }

  /** The board `from` was replaced by `to` (posted at the bottom and stored as the table's message). */
  moved(from: string, to: string): void {
    remember(this.replaced, from, to, MOVES_KEPT);
  }

  /** The board message that replaced `messageId` through moves made here (itself when it did not move). */
  current(messageId: string): string {
    let id = messageId;
    for (let hops = 0; hops < MOVES_KEPT; hops++) {
      const next = this.replaced.get(id);
      if (next === undefined) return id;
      id = next;
    }
    return id;
  }

  /** The channel's table closed: stop watching it. */
  forget(channelId: string): void {
    this.tails.delete(channelId);
    this.movedAt.delete(channelId);
  }
}
