/**
 * Everything that shows a table in Discord, and the one place a table change is fanned out to them: the board
 * (src/discord/board/boards.ts), the players' live hands (src/discord/hand/live.ts) and the pings
 * (src/discord/pings.ts). Handlers, the timer loop and the weekly night of the process that made a change call these
 * methods after the table layer stored it; each view keeps its own per-table state and forgets it when told the table
 * closed. The acting process shows the change on the board (through its interaction token, stored with the table,
 * src/store/screens.ts); the live hands are edited by the process that runs the server's shard, from the hands stored
 * with the table. Changes made by other processes arrive as the table's change events (`follow`,
 * src/discord/follow.ts), which update the live hands (in the server's shard's process) and the pings.
 */
import type { Locale, Text } from '../i18n/index.ts';
import type { Logger } from '../logger.ts';
import { Refusal } from '../refusal.ts';
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { Boards } from './board/boards.ts';
import { TableFollower } from './follow.ts';
import type { LiveHands } from './hand/live.ts';
import type { Languages } from './language.ts';
import type { Pings } from './pings.ts';

/** Who closes the table of a deleted channel (as a moderator's cancel, so the host check does not apply; never shown). */
const DISCORD = 'discord';
const CHANNEL_GONE = { userId: DISCORD, name: DISCORD };

/** What `TableViews` fans out to, and what it reads. */
export interface TableViewDeps {
  boards: Boards;
  hands: LiveHands;
  pings: Pings;
  tables: TableService;
  languages: Languages;
  log: Logger;
  /** Whether the channel is in a server whose shard this process runs (src/discord/follow.ts). */
  homeChannel: (channelId: string) => boolean;
}

/** The board, live hands and pings of every table this process shows. */
export class TableViews {
  readonly boards: Boards;
  readonly hands: LiveHands;
  readonly pings: Pings;
  /** Follows the changes other processes make (src/discord/follow.ts). */
  private readonly follower: TableFollower;

  constructor(private readonly deps: TableViewDeps) {
    ({ boards: this.boards, hands: this.hands, pings: this.pings } = deps);
    this.follower = new TableFollower(deps);
  }

  /**
   * Follow the table change events of other processes from now on (src/discord/follow.ts); resolves once subscribed.
   * Throws when the subscription cannot be opened (the store is unreachable).
   */
  follow(): Promise<void> {
    return this.follower.start();
  }

  /** Stop following other processes' changes. */
  unfollow(): void {
    this.follower.stop();
  }

  /**
   * A move was stored (a player's, a computer's, the timer's): its `events` join the board's recent events, the ping of
   * a turn that is over goes, and the board (moved to the bottom when buried) and the live hands show the table. When
   * the move ended the game, the result is posted as a new message, the board closed with a line pointing to it, and
   * then the hands point to it too. Resolves when the updates went out; never throws (failures are logged).
   */
  async moved(table: TableRecord, events: unknown[]): Promise<void> {
    this.follower.shown(table);
    const loc = await this.languageOf(table);
    this.boards.moved(loc, table, events);
    // The ping of a turn that is over goes: it no longer counts as a message below the board.
    for (const id of this.pings.turned(table)) this.boards.removed(table.channelId, id);
    // Hands follow at once (interaction routes: no wait behind the channel's queue); after the end, once the result is posted.
    if (table.status === 'finished') await this.boards.finish(loc, table).then(() => this.hands.changed(table));
    else await Promise.all([this.boards.moveIfBuried(table) ?? this.refresh(table), this.hands.changed(table)]);
  }

  /**
   * Public lines that are not a move's events (a turn played for a player, a seat taken over) were stored with
   * `table`: they join the board's recent events (kept in memory only), and the board and the live hands show the table.
   */
  async noted(table: TableRecord, lines: readonly string[]): Promise<void> {
    if (!lines.length || table.status !== 'playing') return;
    this.follower.shown(table);
    this.boards.noted(await this.languageOf(table), table, lines);
    await Promise.all([this.refresh(table), this.hands.changed(table)]);
  }

  /** The table changed outside play (lobby, seats, options, a start): the board shows it and its turn is timed for pings. */
  refresh(table: TableRecord): Promise<void> {
    this.follower.shown(table);
    this.pings.turned(table);
    return this.boards.refresh(table);
  }

  /**
   * The table of `channelId` was closed without a result (cancelled, timed out, abandoned): its pings go, its live
   * hands say so, and its board `messageId` becomes the line `content`. Resolves when the edits went out.
   */
  closed(channelId: string, messageId: string, content: Text): Promise<void> {
    this.follower.forget(channelId);
    this.pings.closed(channelId);
    const hands = this.hands.closed(channelId);
    const board = this.boards.close(channelId, messageId, content);
    return Promise.all([board, hands]).then(() => undefined);
  }

  /**
   * The channel was deleted (Discord's CHANNEL_DELETE / THREAD_DELETE, or 10003 Unknown Channel on a post): close its
   * table without a result (no record, no rating change: as a cancel) and drop its queued updates, so the timer loop
   * stops playing computer moves into nowhere. Never throws (a failure to close is logged; the next failed post tries
   * again); closing a channel without a table does nothing.
   */
  async channelGone(channelId: string): Promise<void> {
    const { boards, tables, log } = this.deps;
    if (!boards.markGone(channelId)) return;
    this.pings.closed(channelId, false);
    try {
      const table = await tables.cancel(channelId, CHANNEL_GONE, true);
      log.info({ channelId, table: table.id, game: table.game }, 'the channel was deleted: its table is closed without a result');
    } catch (err) {
      if (err instanceof Refusal && err.code === 'no_table') return;
      boards.unmarkGone(channelId);
      log.warn({ err, channelId }, 'the channel was deleted, but its table could not be closed');
    }
  }

  /** Wait until every change heard, board request and live hand edit under way has gone out (pings: `pings.idle`). */
  async idle(): Promise<void> {
    await this.follower.idle();
    await this.boards.idle();
    await this.hands.idle();
  }

  private languageOf(table: TableRecord): Promise<Locale> {
    return this.deps.languages.forGuild(table.guildId);
  }
}
