/**
 * What this process shows of a table follows the table's change events (src/tables/events.ts), so a change made by
 * another process — another shard host, or the timer loop of whichever process claimed a computer or timed-out move
 * (src/discord/deadlines.ts) — reaches the live hands and pings shown here.
 *
 * Who updates what, when several processes could:
 * - **The process that made the change shows it on the board**, at once, through `TableViews` (src/discord/views.ts):
 *   through the board's interaction token while it lives (stored with the table, src/store/screens.ts, so any
 *   process can), otherwise on the channel's route; and its pings. Its own events are skipped here
 *   (`EventSource.own`), so a change is never shown twice by one process; the others leave the board alone.
 * - **The live hands are edited by the process that runs the server's shard** (`home`): for its own changes at once,
 *   for other processes' through these events. Their tokens are stored with the table, so that process edits every
 *   hand of the table, also those its earlier life opened before a restart; one writer per message keeps the edits of
 *   one hand in order (two processes editing it at once could leave it showing the older change).
 * - **Every other process updates only its pings**: those of the turn it tracks (deleted when the turn is over; the
 *   next turn timed for its quiet ping). A channel of which nothing is shown here costs nothing (no read).
 *
 * The reader rule: the stored table is the truth. On news (`isNews` against the `(tableId, version)` shown here), the
 * table is read with `TableService.since` and shown only if it is still news when the read arrives; events of one
 * channel are handled one after the other. After a gap (the subscription's connection was lost and is back), every
 * channel followed here is caught up the same way. A finished game's hands point to the result once it is posted (its
 * `result` event); a table that closed without a result closes its hands.
 */
import type { Logger } from '../logger.ts';
import { isNews, type Seen, type TableEvent } from '../tables/events.ts';
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { Boards } from './board/boards.ts';
import type { LiveHands } from './hand/live.ts';
import type { Pings } from './pings.ts';

/** Channels whose shown version is remembered at most (the least recently shown forgotten first). */
const CHANNELS_KEPT = 10_000;

/** What `TableFollower` reads and updates. */
export interface FollowDeps {
  tables: TableService;
  hands: LiveHands;
  pings: Pings;
  /** Whether the channel is in a server whose shard this process runs (its live hands are edited here). */
  homeChannel: (channelId: string) => boolean;
  /** Told of ping posts deleted (they no longer stand below the board). */
  boards: Boards;
  log: Logger;
}

/** Follows other processes' changes of the tables shown here (see the file's comment). */
export class TableFollower {
  /** The table id and version shown here per channel. */
  private readonly seen = new Map<string, Seen>();
  /** Each channel's event handling, in order. */
  private readonly queues = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: FollowDeps) {}

  /** Subscribe to the table events (none on a service without events). Resolves once the subscription is in effect. */
  async start(): Promise<void> {
    const events = this.deps.tables.events;
    if (!events || this.unsubscribe) return;
    this.unsubscribe = await events.subscribe((event, { own }) => this.heard(event, own), { onGap: () => this.catchUp() });
  }

  /** End the subscription (handling under way goes on: `idle` waits for it). */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Wait until every event heard so far is handled. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** This process showed `table` (its own change): later events up to its version are not news. */
  shown(table: TableRecord): void {
    this.note(table.channelId, { tableId: table.id, version: table.version });
  }

  /** This process closed the channel's table: nothing of it is followed any more. */
  forget(channelId: string): void {
    this.seen.delete(channelId);
  }

  /** Remember `seen` as shown in the channel (unless a newer version of that table was). */
  private note(channelId: string, seen: Seen): void {
    const before = this.seen.get(channelId);
    if (before?.tableId === seen.tableId && before.version >= seen.version) return;
    this.seen.delete(channelId);
    this.seen.set(channelId, seen);
    if (this.seen.size > CHANNELS_KEPT) this.seen.delete(this.seen.keys().next().value ?? channelId);
  }

  /** Whether something of the channel's table is shown here (its live hands, a followed turn). */
  private follows(channelId: string): boolean {
    return this.deps.hands.holds(channelId) || this.deps.pings.knows(channelId) || this.deps.homeChannel(channelId);
  }

  private heard(event: TableEvent, own: boolean): void {
    if (own || !this.follows(event.channelId) || !isNews(event, this.seen.get(event.channelId) ?? null)) return;
    this.enqueue(event.channelId, () => this.handle(event));
  }

  /** Catch up every channel followed here (events may have been missed). */
  private catchUp(): void {
    const channels = new Set([...this.seen.keys()].filter((id) => this.follows(id)));
    for (const channelId of channels) this.enqueue(channelId, () => this.read(channelId));
  }

  private async handle(event: TableEvent): Promise<void> {
    const { hands, pings } = this.deps;
    const seen = this.seen.get(event.channelId) ?? null;
    if (!isNews(event, seen)) return; // shown meanwhile
    switch (event.kind) {
      case 'board': // the board's message id is read from the table on every edit
      case 'timer': // a reminder the process that handled it posted
        return;
      case 'result': // a finished game's result was posted: its hands link to it
        return hands.finished(event.channelId, event.tableId);
      case 'finished':
        this.note(event.channelId, { tableId: event.tableId, version: event.version });
        this.removed(event.channelId, pings.closed(event.channelId, true, event.tableId));
        return;
      case 'closed':
        this.note(event.channelId, { tableId: event.tableId, version: event.version });
        this.removed(event.channelId, pings.closed(event.channelId));
        return hands.closed(event.channelId);
      default:
        return this.read(event.channelId);
    }
  }

  /** Read the channel's stored table and show it if it is news; a table gone since is finished or closed here too. */
  private async read(channelId: string): Promise<void> {
    const { tables, hands, pings } = this.deps;
    const seen = this.seen.get(channelId) ?? null;
    const found = await tables.since(channelId, seen);
    if (found.status === 'unchanged') return;
    if (found.status === 'gone') {
      if (!seen) return;
      const last = await tables.lastFinished(channelId);
      this.seen.delete(channelId);
      if (last?.recordId === seen.tableId) {
        this.removed(channelId, pings.closed(channelId, true, seen.tableId));
        return hands.finished(channelId, seen.tableId);
      }
      this.removed(channelId, pings.closed(channelId));
      return hands.closed(channelId);
    }
    const { table } = found;
    const now = this.seen.get(channelId);
    if (now && now.tableId === table.id && now.version >= table.version) return; // shown meanwhile
    this.shown(table);
    this.removed(channelId, pings.turned(table));
    await hands.changed(table);
  }

  /** Ping posts being deleted no longer stand below the board. */
  private removed(channelId: string, ids: readonly string[]): void {
    for (const id of ids) this.deps.boards.removed(channelId, id);
  }

  /** Run `job` after the channel's earlier events; a failure is logged, never thrown. */
  private enqueue(channelId: string, job: () => Promise<void>): void {
    const next = (this.queues.get(channelId) ?? Promise.resolve())
      .then(job)
      .catch((err: unknown) => this.deps.log.warn({ err, channelId }, 'could not follow a table change'));
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
  }
}
