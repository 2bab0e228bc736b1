/**
 * Table change events: every committed change of a table is published once, after its write succeeded, as a small
 * `TableEvent` that every process can follow (src/store/events.ts: Redis pub/sub, or an in-process emitter on the
 * embedded store). An event is a signal, never the table: it carries no hidden information (no hands, blind, seed
 * or discard), only which table changed, to which version, and how.
 *
 * The rule for a reader (the board, live hands, pings, a web table's socket):
 * - **The stored table is the truth; an event is a hint.** On an event, load the table (`TableService.get`) and
 *   show that; never build what is shown from the event.
 * - **Skip what you have shown.** Remember the `(tableId, version)` you last showed per channel; an event for a
 *   version you have already shown is skipped — except a kind that does not bump the version (`bumpsVersion`:
 *   the board moved, a reminder came due), which a reader acts on only when it is about that (the board's message
 *   id, a ping).
 * - **Catch up after a gap.** Events are delivered at most once (pub/sub keeps nothing for a listener that is not
 *   connected): after a restart, or when the subscription reports a gap (its connection was lost and is back), ask
 *   `TableService.since(channelId, seen)` for each table you show; it reads the stored table with its version.
 *   Events go on arriving meanwhile: show what the catch-up read only when it is still news when it arrives
 *   (its version above what you have shown by then).
 */
/**
 * What a change did:
 * - `opened`: a table (lobby or practice) was opened in the channel;
 * - `seats`: someone joined, left, took over, came back, or the lobby's computer seats or order changed;
 * - `started`: the host started the game;
 * - `move`: one or more moves were stored (a person's, the computer's, a timed-out turn);
 * - `deal`: moves that ended a deal were stored (its score is in the table);
 * - `finished`: the game ended (the table was recorded and removed; a practice table only removed);
 * - `closed`: the table was closed without a result (cancelled, the lobby timed out, the last player left, everyone away);
 * - `message`: the table's public message was set (version bumped);
 * - `board`: the board moved to a new message (no version bump);
 * - `timer`: only the timer's bookkeeping changed, e.g. a reminder came due (no version bump);
 * - `result`: the finished game's result message was posted (the table is gone; `version` is its last one).
 */
export type TableChangeKind = 'opened' | 'seats' | 'started' | 'move' | 'deal' | 'finished' | 'closed' | 'message' | 'board' | 'timer' | 'result';

/** Every kind, for checking what arrives from another process. */
export const TABLE_CHANGE_KINDS: readonly TableChangeKind[] = [
  'opened',
  'seats',
  'started',
  'move',
  'deal',
  'finished',
  'closed',
  'message',
  'board',
  'timer',
  'result',
];

/** Whether a change of `kind` gives the table a new version (false: the event carries the version it already had). */
export const bumpsVersion = (kind: TableChangeKind): boolean => kind !== 'board' && kind !== 'timer' && kind !== 'result';

/**
 * One committed change. `version` is the table's version after the change (`TableRecord.version`); a table that
 * was removed (`finished`, `closed`) carries the version after its last stored one, so a reader that showed the
 * last stored table sees it as new. Versions start at 1 for each new table of a channel: `tableId` tells tables apart.
 */
export interface TableEvent {
  channelId: string;
  tableId: string;
  version: number;
  kind: TableChangeKind;
}

/** What a reader last showed of a channel: the table's id and version. */
export interface Seen {
  tableId: string;
  version: number;
}

/**
 * Whether a reader that last showed `seen` of the event's channel (null: nothing) should load the table for `event`
 * (the rule in the file's comment): another table, a newer version, or a change that keeps the version (its kind
 * says what it is about).
 */
export function isNews(event: TableEvent, seen: Seen | null): boolean {
  if (!seen || seen.tableId !== event.tableId) return true;
  return event.version > seen.version || !bumpsVersion(event.kind);
}

/** Where a heard event came from. */
export interface EventSource {
  /**
   * Published by this process (this store's `TableEvents`): the change was made here, and whoever made it has shown
   * it already (src/discord/follow.ts skips these).
   */
  own: boolean;
}

/** Told each event once, in version order per channel, with where it came from. A listener that throws does not stop the others. */
export type TableEventListener = (event: TableEvent, source: EventSource) => void;

/** What a subscriber hears besides events. */
export interface SubscribeOptions {
  /**
   * Events may have been missed: the subscription's connection was lost and is back (subscribed again). Catch up
   * with `TableService.since` for every table shown.
   */
  onGap?: () => void;
}

/** Where table changes are published and heard (src/store/events.ts implements it for Redis and the embedded store). */
export interface TableEvents {
  /** Publish a change that was committed outside the table store's write (e.g. a result posted). Resolves once sent. */
  publish(event: TableEvent): Promise<void>;
  /**
   * Hear every table change of this store (this namespace) from every process, from now on. Resolves once the
   * subscription is in effect (on Redis: the SUBSCRIBE was answered), to the function that ends it.
   */
  subscribe(listener: TableEventListener, options?: SubscribeOptions): Promise<() => void>;
}
