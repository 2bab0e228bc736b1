/**
 * The boards: each table's public message, edited in place as play goes on, carrying the last few public events
 * (src/discord/board/recent.ts) instead of a narration post per trick and kept at the bottom of its channel
 * (src/discord/board/bottom.ts); the game's end is one new result message, and the board is closed with a line
 * pointing to it. Requests are queued per channel (src/discord/board/channel-queue.ts) and wait their turn in the
 * background lane behind clicks; every request goes through discord.js's REST queue (which waits out 429s). A failure
 * (e.g. 50013, the bot lost a permission in the channel) is logged and never reaches the table layer: moves are stored
 * before the channel hears of them, and the next update tries again. 10003 Unknown Channel is handed to `channelGone`.
 *
 * What is kept per table is forgotten along one path per thing: `forgetChannel` (recent events, place in the channel)
 * and `forgetBoard` (the version a message shows, its picture and interaction).
 */
import { type Client, DiscordAPIError, type REST } from 'discord.js';
import type { Logger } from '../../logger.ts';
import type { TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import { ENGLISH, type Locale, type Text } from '../../i18n/index.ts';
import type { Payload } from '../games/types.ts';
import type { BackgroundLane } from '../lane.ts';
import type { Languages } from '../language.ts';
import { TABLE_PERMISSION_NAMES } from '../permissions.ts';
import { renderPublic, renderResult } from '../render/index.ts';
import type { WebhookMessage } from '../webhook-edit.ts';
import { BoardBottom } from './bottom.ts';
import { ChannelQueue } from './channel-queue.ts';
import { BoardEditor, pictureOn } from './editor.ts';
import type { BoardPictures } from './picture.ts';
import { RecentEvents } from './recent.ts';
import { withOpenTable } from './open-button.ts';

/** Discord's "Unknown Channel": the channel does not exist (any more). */
const UNKNOWN_CHANNEL = 10003;
/** Discord's "Unknown Message": e.g. a board another process moved to the bottom (and deleted) meanwhile. */
const UNKNOWN_MESSAGE = 10008;
/** Discord's "Missing Permissions". */
const MISSING_PERMISSIONS = 50013;

/** What `Boards` needs. */
export interface BoardDeps {
  client: Client;
  tables: TableService;
  log: Logger;
  languages: Languages;
  /** Draws the boards' pictures (in the bot's suit colours). */
  pictures: BoardPictures;
  /** A REST client for the interaction webhook routes (no local global limit); none: boards are edited on the channel's route only. */
  webhookRest?: REST;
  /** Where a board's render waits its turn behind clicks (src/discord/lane.ts); none: at once. */
  lane?: BackgroundLane;
  /** The clock (epoch ms) a board's interaction token is timed on. */
  now: () => number;
  /** Told when Discord says a channel no longer exists (10003 on a request): its table is closed there. */
  channelGone: (channelId: string) => Promise<void>;
  /** The web table is on: boards carry an **Open table** button beside **My hand**. */
  openTable?: boolean;
}

/** The boards of every table this process shows. */
export class Boards {
  private readonly queue: ChannelQueue;
  private readonly editor: BoardEditor;
  /** The table version each board message shows, so an older render never replaces a newer one. */
  private readonly shown = new Map<string, number>();
  /** Board edits queued but not started, by message id (a newer table joins the waiting edit). */
  private readonly waitingEdits = new Map<string, { table: TableRecord; done: Promise<void> }>();
  /** Narration posts queued but not started, by channel (later lines join the waiting post). */
  private readonly waitingPosts = new Map<string, { lines: string[]; done: Promise<void> }>();
  /** The last public events of each table, shown on its board. */
  private readonly recent: RecentEvents;
  /** Where each board stands among its channel's newest messages, and where boards moved. */
  private readonly bottom = new BoardBottom();

  constructor(private readonly deps: BoardDeps) {
    this.queue = new ChannelQueue((channelId, err) => this.failed(channelId, err));
    this.editor = new BoardEditor(deps);
    this.recent = new RecentEvents(deps.tables);
  }

  /**
   * The channel was deleted: its queued requests are dropped, later ones never run, and what is kept of its table is
   * forgotten. False when it was known to be deleted already.
   */
  markGone(channelId: string): boolean {
    if (!this.queue.markGone(channelId)) return false;
    this.forgetChannel(channelId);
    return true;
  }

  /** Take back `markGone` (the channel's table could not be closed): the next failed request tries again. */
  unmarkGone(channelId: string): void {
    this.queue.unmarkGone(channelId);
  }

  /**
   * Board `messageId` is the reply to an interaction (`/table new`): while its token lives, its edits go through the
   * interaction's webhook (src/discord/board/editor.ts). Another process, or this one after a restart, edits the board
   * on the channel's route.
   */
  adopt(messageId: string, reply: WebhookMessage): void {
    this.editor.adopt(messageId, reply);
  }

  /** The board (or lobby) of `table` in the server's language `loc`, with its recent events. */
  render(loc: Locale, table: TableRecord): Payload {
    const board = renderPublic(loc, this.deps.tables, table, this.recent.lines(loc, table));
    return this.deps.openTable ? withOpenTable(loc, board) : board;
  }

  /** A move's `events` join the board's recent events (in the server's language `loc`). */
  moved(loc: Locale, table: TableRecord, events: unknown[]): void {
    this.recent.moved(loc, table, events);
  }

  /** Public lines that are not a move's events (a turn played for a player, a seat taken over) join the recent events. */
  noted(loc: Locale, table: TableRecord, lines: readonly string[]): void {
    this.recent.note(loc, table, lines);
  }

  /** Wait until every queued request of every channel has gone out. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Edit the board to show `table` (skipped if a newer version was already shown). While an edit of that message is
   * still waiting in the queue, a newer table replaces it there instead of queueing another edit: under load (Discord
   * allows a bot about 50 requests a second in all) several moves at one table cost one edit.
   */
  refresh(table: TableRecord): Promise<void> {
    const messageId = table.messageId;
    if (!messageId) return Promise.resolve();
    const waiting = this.waitingEdits.get(messageId);
    if (waiting) {
      if (table.version > waiting.table.version) waiting.table = table;
      return waiting.done;
    }
    const entry: { table: TableRecord; done: Promise<void> } = { table, done: Promise.resolve() };
    this.waitingEdits.set(messageId, entry);
    entry.done = this.queue.run(table.channelId, async () => {
      // Waiting first: an edit that fell behind shows the newest table when its turn comes.
      await this.deps.lane?.turn('board').ready;
      if (this.waitingEdits.get(messageId) === entry) this.waitingEdits.delete(messageId);
      const latest = entry.table;
      const board = this.bottom.current(messageId);
      if ((this.shown.get(board) ?? 0) > latest.version) return;
      this.shown.set(board, latest.version);
      if (latest.status === 'playing') this.bottom.watch(latest.channelId);
      const channel = await this.channel(latest.channelId);
      const loc = await this.deps.languages.forGuild(latest.guildId);
      try {
        await this.editor.edit(channel, board, loc, latest, () => this.render(loc, latest));
      } catch (err) {
        if (!(err instanceof DiscordAPIError && Number(err.code) === UNKNOWN_MESSAGE)) throw err;
        await this.movedElsewhere(latest, board);
      }
    });
    return entry.done;
  }

  /**
   * Post a fresh board for `table` in its channel when there is no interaction to answer (a table the weekly game
   * night opened in a thread) and remember it on the table. Resolves to the table as stored with its message id;
   * throws when Discord refused the post.
   */
  async post(table: TableRecord): Promise<TableRecord> {
    const channel = await this.channel(table.channelId);
    const loc = await this.deps.languages.forGuild(table.guildId);
    const message = await channel.send(this.render(loc, table));
    return this.deps.tables.setMessage(table.channelId, message.id);
  }

  /** Replace the board by a closing line `content` (the table was cancelled or closed), in the server's language. */
  close(channelId: string, messageId: string, content: Text): Promise<void> {
    this.forgetChannel(channelId);
    return this.queue.run(channelId, async () => {
      const board = this.bottom.current(messageId);
      this.forgetBoard(board);
      const channel = await this.channel(channelId);
      const loc = await this.languageOf(channel);
      // `attachments: []`: a closed board keeps no picture.
      await channel.messages.edit(board, { content: loc.say(content), embeds: [], components: [], attachments: [] });
    });
  }

  /**
   * Post narration lines (already in the server's language) to the channel. While a post to the channel is still
   * waiting in the queue, the lines join it, so a busy channel gets one message instead of several. It mentions nobody.
   */
  announce(channelId: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return Promise.resolve();
    const waiting = this.waitingPosts.get(channelId);
    if (waiting && [...waiting.lines, ...lines].join('\n').length <= 1800) {
      waiting.lines.push(...lines);
      return waiting.done;
    }
    const entry: { lines: string[]; done: Promise<void> } = { lines: [...lines], done: Promise.resolve() };
    this.waitingPosts.set(channelId, entry);
    entry.done = this.queue.run(channelId, async () => {
      if (this.waitingPosts.get(channelId) === entry) this.waitingPosts.delete(channelId);
      const channel = await this.channel(channelId);
      await channel.send({ content: entry.lines.join('\n').slice(0, 2000), allowedMentions: { parse: [] } });
    });
    return entry.done;
  }

  /** Post the result of a finished game at the bottom of the channel and close its board, pointing to the result. */
  finish(loc: Locale, table: TableRecord): Promise<void> {
    // The board where it is now (it may have moved to the bottom since this table was read).
    const messageId = table.messageId && this.bottom.current(table.messageId);
    this.forgetChannel(table.channelId);
    // Edits of the board still queued show older versions: they are skipped.
    if (messageId) this.shown.set(messageId, table.version);
    return this.queue.run(table.channelId, async () => {
      const board = messageId && this.bottom.current(messageId);
      const channel = await this.channel(table.channelId);
      try {
        const result = await channel.send(renderResult(loc, this.deps.tables, table));
        // My hand after the end links to this message (a failure only leaves the link on the closed board).
        await this.deps.tables
          .resultPosted(table.channelId, table.id, result.id)
          .catch((err: unknown) => this.deps.log.warn({ err }, 'could not note the result message'));
        if (board)
          await channel.messages.edit(board, {
            content: loc.t('board.closed'),
            embeds: [],
            components: [],
            attachments: [],
            allowedMentions: { parse: [] },
          });
      } finally {
        if (board) this.forgetBoard(board);
      }
    });
  }

  /** A message was created in a channel (the gateway's MESSAGE_CREATE: anyone's, the bot's own too). */
  arrived(channelId: string, messageId: string): void {
    this.bottom.arrived(channelId, messageId);
  }

  /** A message of a channel was deleted (the gateway's MESSAGE_DELETE, or a ping this process deletes). */
  removed(channelId: string, messageId: string): void {
    this.bottom.deleted(channelId, messageId);
  }

  /**
   * When the board of `table` is buried (docs/playing.md § The board stays in view), move it to the bottom of its
   * channel: post it anew, store the new message as the table's (no version bump, so open hands stay valid), then
   * delete the old one — two channel requests instead of the move's edit. Returns null when it is not buried (the
   * caller refreshes it instead). When the table was closed, or its board moved elsewhere, before the new message was
   * stored, the new message is deleted again and the old one stays.
   */
  moveIfBuried(table: TableRecord): Promise<void> | null {
    const turn = table.status === 'playing' ? this.deps.tables.engine(table).turnKey(table.state) : '';
    if (!this.bottom.due(table, turn)) return null;
    const from = table.messageId;
    if (!from) return Promise.resolve();
    this.bottom.moving(table.channelId, turn);
    return this.queue.run(table.channelId, async () => {
      await this.deps.lane?.turn('board').ready;
      const old = this.bottom.current(from);
      // A newer version already shown (or the game's end): the move is left to a later turn.
      if ((this.shown.get(old) ?? 0) > table.version) return this.bottom.notMoved(table.channelId);
      const channel = await this.channel(table.channelId);
      const loc = await this.deps.languages.forGuild(table.guildId);
      const posted = await channel.send((await this.editor.body(loc, table, this.render(loc, table), null)).body);
      const stored = await this.deps.tables.moveBoard(table.channelId, old, posted.id).catch((err: unknown) => {
        this.deps.log.warn({ err, channelId: table.channelId }, 'could not store the moved board');
        return false;
      });
      if (!stored) {
        this.bottom.notMoved(table.channelId);
        await channel.messages.delete(posted.id);
        return;
      }
      this.bottom.moved(old, posted.id);
      this.shown.set(posted.id, table.version);
      this.editor.notePicture(posted.id, pictureOn(posted));
      this.forgetBoard(old);
      await channel.messages.delete(old);
    });
  }

  /** Forget what is kept of the channel's table (its recent events, its board's place among the channel's messages). */
  private forgetChannel(channelId: string): void {
    this.recent.forget(channelId);
    this.bottom.forget(channelId);
  }

  /** Forget board message `board` (closed or replaced): the version it shows, its picture and its interaction. */
  private forgetBoard(board: string): void {
    this.shown.delete(board);
    this.editor.forget(board);
  }

  /**
   * The board `gone` of `table` no longer exists (Unknown Message): when another process moved it, the table as stored
   * now is shown on its current board; otherwise (deleted by someone, or the table closed) nothing is done.
   */
  private async movedElsewhere(table: TableRecord, gone: string): Promise<void> {
    const now = await this.deps.tables.get(table.channelId);
    if (!now?.messageId || now.id !== table.id || now.messageId === gone || now.status !== 'playing') return;
    if ((this.shown.get(now.messageId) ?? 0) > now.version) return;
    this.shown.set(now.messageId, now.version);
    const channel = await this.channel(now.channelId);
    const loc = await this.deps.languages.forGuild(now.guildId);
    await this.editor.edit(channel, now.messageId, loc, now, () => this.render(loc, now));
  }

  /**
   * Log a failed channel request; missing permissions (50013) get a line of their own that says what to grant, and
   * an unknown channel (10003: deleted) is handed to `channelGone`.
   */
  private async failed(channelId: string, err: unknown): Promise<void> {
    if (err instanceof DiscordAPIError && Number(err.code) === UNKNOWN_CHANNEL) await this.deps.channelGone(channelId);
    else if (err instanceof DiscordAPIError && Number(err.code) === MISSING_PERMISSIONS)
      this.deps.log.warn(
        { channelId, code: MISSING_PERMISSIONS, method: err.method, path: err.url.replace(/^.*\/api\/v\d+/, '') },
        `missing permissions: cannot post or edit in the channel (grant ${TABLE_PERMISSION_NAMES}); the table keeps working`,
      );
    else this.deps.log.warn({ err, channelId }, 'could not update the channel');
  }

  /**
   * The channel to post in. `allowUnknownGuild`: a process that does not run the server's shard (another host's timer
   * loop made the move) has no guild in its cache and still reaches the channel's routes.
   */
  private async channel(channelId: string) {
    const channel = await this.deps.client.channels.fetch(channelId, { allowUnknownGuild: true });
    if (!channel?.isSendable()) throw new Error(`cannot post in channel ${channelId}`);
    return channel;
  }

  /** The public language of the server `channel` is in (English for a channel outside a server). */
  private languageOf(channel: object): Promise<Locale> {
    const guildId = 'guildId' in channel && typeof channel.guildId === 'string' ? channel.guildId : null;
    return guildId ? this.deps.languages.forGuild(guildId) : Promise.resolve(ENGLISH);
  }
}
