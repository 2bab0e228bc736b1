/**
 * Keeps the public side of a table up to date: the board (the table message) is edited in place and carries the last
 * few public events (src/discord/board/recent.ts) instead of a narration post per trick; the game's end is one new
 * result message, and the board is closed with a line pointing to it. Work is queued per channel so edits arrive in order and an older render never
 * overwrites a newer one. Every request goes through discord.js's REST queue (which waits out 429s);
 * a failure (e.g. 50013, the bot lost a permission in the channel) is logged and never reaches the table
 * layer: moves are stored before the channel hears of them, and the next update tries again. A channel that no
 * longer exists (deleted: Discord's CHANNEL_DELETE / THREAD_DELETE, or 10003 Unknown Channel on a post) has its
 * table closed without a result (`channelGone`), so the timer loop stops playing computer moves into nowhere.
 */
import { type APIMessage, type Client, DiscordAPIError, EmbedBuilder, type Message, type MessageEditOptions, type REST } from 'discord.js';
import type { Logger } from '../logger.ts';
import { Refusal } from '../refusal.ts';
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { Languages } from './language.ts';
import { ENGLISH, type Locale, type Text } from '../i18n/index.ts';
import { TABLE_PERMISSION_NAMES } from './permissions.ts';
import { RecentEvents } from './board/recent.ts';
import { BoardBottom } from './board/bottom.ts';
import { BoardPictures, isPictureName } from './board/picture.ts';
import type { Payload } from './games/types.ts';
import { renderPublic, renderResult } from './render/index.ts';
import type { Pings } from './pings.ts';
import type { BackgroundLane } from './lane.ts';
import { editThroughWebhook, TOKEN_MS, type WebhookMessage } from './webhook-edit.ts';

/** Discord's "Unknown Channel": the channel does not exist (any more). */
const UNKNOWN_CHANNEL = 10003;
/** Discord's "Unknown Message": e.g. a board another process moved to the bottom (and deleted) meanwhile. */
const UNKNOWN_MESSAGE = 10008;
/** Who closes the table of a deleted channel (as a moderator's cancel, so the host check does not apply; never shown). */
const DISCORD = 'discord';
const CHANNEL_GONE = { userId: DISCORD, name: DISCORD };
/** How many boards' pictures are remembered (the oldest forgotten first: its next edit uploads its picture again). */
const PICTURED_MAX = 10_000;
/** How many boards' interaction tokens are remembered (the oldest forgotten first: its board is edited on the channel's route). */
const REPLIES_MAX = 10_000;
/** How long after its token was issued a board is still edited through it (ms): a minute's margin before Discord's 15. */
const REPLY_EDIT_MS = TOKEN_MS - 60_000;
/** Discord's answers that mean an interaction's webhook can no longer edit (token expired, webhook unknown). */
const TOKEN_GONE = new Set([50027, 10015]);

/** A board's message body: the board, and its picture's file when it goes with the request (`attachments: []`: no picture). */
type BoardBody = Payload & { files?: { attachment: Buffer; name: string }[]; attachments?: [] };

/** A board edit and what it does with the board's picture. */
interface BoardEdit {
  body: BoardBody;
  /** The picture's file name the board should carry after the edit (null: none). */
  picture: string | null;
  /** Whether the edit uploads the picture (else it keeps the attachment the message carries). */
  uploads: boolean;
}

/** The board picture a message carries, by its attachments' names (null: none). */
const pictureOn = (message: Message): string | null => message.attachments.find((a) => isPictureName(a.name))?.name ?? null;
/** The board picture a message as the API answered carries (null: none). */
const apiPictureOn = (message: APIMessage): string | null => message.attachments.find((a) => isPictureName(a.filename))?.filename ?? null;

export class Publisher {
  private readonly queues = new Map<string, Promise<void>>();
  /** The table version each table message shows, so an older render never replaces a newer one. */
  private readonly shown = new Map<string, number>();
  /** Table-message edits queued but not started, by message id (a newer table joins the waiting edit). */
  private readonly waitingEdits = new Map<string, { table: TableRecord; done: Promise<void> }>();
  /** Narration posts queued but not started, by channel (later lines join the waiting post). */
  private readonly waitingPosts = new Map<string, { lines: string[]; done: Promise<void> }>();

  /** Channels known to be deleted (channel ids are never reused): their queued updates are dropped. */
  private readonly gone = new Set<string>();
  /** The last public events of each table, shown on its board. */
  private readonly recent: RecentEvents;
  /** Where each board stands among its channel's newest messages, and where boards moved (src/discord/board/bottom.ts). */
  private readonly bottom = new BoardBottom();

  /**
   * The picture's file name each board message carries (null: none), as Discord answered the last post or edit; a
   * board not in here (another process edited it, a restart) gets its picture uploaded anew.
   */
  private readonly pictured = new Map<string, string | null>();
  /** Draws the boards' pictures (the composition root sets the bot's suit colours). */
  pictures = new BoardPictures();

  /** Told of every change of a playing or finished table after a move or note (the live hands), if set. */
  hands: { changed(table: TableRecord): Promise<void>; closed(channelId: string): Promise<void> } | null = null;
  /** Where a board's render waits its turn behind clicks (src/discord/lane.ts), if set. */
  lane: BackgroundLane | null = null;
  /**
   * A REST client for the interaction webhook routes (no local global limit), if set: a board that is an interaction's
   * reply (`adopt`) is edited through it while the token lives, outside Discord's global limit.
   */
  webhookRest: REST | null = null;
  /** The interaction each board that is an interaction's reply can be edited through, by message id. */
  private readonly replies = new Map<string, WebhookMessage>();

  constructor(
    private readonly client: Client,
    private readonly tables: TableService,
    private readonly log: Logger,
    private readonly languages: Languages,
    /** The ping rule and its messages (src/discord/pings.ts), told of every change of a table shown here. */
    readonly pings: Pings,
    /** The clock (epoch ms) a board's interaction token is timed on. */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.recent = new RecentEvents(tables);
  }

  /**
   * Board `messageId` is the reply to an interaction (`/table new`): until a minute before its token runs out, its edits
   * go through the interaction's webhook (docs/scale.md § Boards edited through their interaction), which Discord does
   * not count against the bot's global limit. Kept in memory only (a token is a secret); another process, or this one
   * after a restart, edits the board on the channel's route.
   */
  adopt(messageId: string, reply: WebhookMessage): void {
    this.replies.set(messageId, reply);
    if (this.replies.size > REPLIES_MAX) this.replies.delete(this.replies.keys().next().value ?? messageId);
  }

  /** The interaction board `messageId` can still be edited through, or null (and it is forgotten once too old). */
  private replyOf(messageId: string): WebhookMessage | null {
    const reply = this.replies.get(messageId);
    if (!reply || !this.webhookRest) return null;
    if (this.now() - reply.issuedAt < REPLY_EDIT_MS) return reply;
    this.replies.delete(messageId);
    return null;
  }

  /**
   * Edit message `board` to `body` through its interaction's webhook when it has one, else on the channel's route;
   * resolves to the picture the message carries as Discord answered. A token Discord no longer takes is forgotten and
   * the edit goes on the channel's route.
   */
  private async editMessage(
    channel: { messages: { edit(id: string, body: MessageEditOptions): Promise<Message> } },
    board: string,
    body: MessageEditOptions,
  ): Promise<string | null> {
    const reply = this.replyOf(board);
    if (reply && this.webhookRest && this.client.isReady())
      try {
        return apiPictureOn(await editThroughWebhook(this.webhookRest, this.client, reply, body));
      } catch (err) {
        if (!(err instanceof DiscordAPIError && TOKEN_GONE.has(Number(err.code)))) throw err;
        this.replies.delete(board);
      }
    return pictureOn(await channel.messages.edit(board, body));
  }

  /** The board (or lobby) of `table` in the server's language `loc`, with its recent events. */
  board(loc: Locale, table: TableRecord): Payload {
    return renderPublic(loc, this.tables, table, this.recent.lines(loc, table));
  }

  /**
   * The board of `table` with its picture (docs/card-faces.md § The table picture) for message `board` (null: a new
   * post): the picture is the embed's image, `attachment://<name>`; its file goes with the request only when the
   * message does not carry it already (a changed trick). Otherwise `attachments` is left out, which keeps the message's
   * files as they are (Discord's edit semantics); without a picture the edit lists no attachment (`[]`), removing one.
   */
  private async boardEdit(loc: Locale, table: TableRecord, board: string | null): Promise<BoardEdit> {
    const body: BoardBody = this.board(loc, table);
    const picture = this.pictures.of(loc, this.tables, table);
    const carried = board === null ? null : this.pictured.get(board);
    if (!picture) return { body: carried === null ? body : { ...body, attachments: [] }, picture: null, uploads: false };
    const embed = body.embeds?.[0];
    if (embed instanceof EmbedBuilder) embed.setImage(`attachment://${picture.name}`);
    if (carried === picture.name) return { body, picture: picture.name, uploads: false };
    // discord.js lists the new file as the message's only attachment: the old picture goes.
    return { body: { ...body, files: [{ attachment: await picture.png(), name: picture.name }] }, picture: picture.name, uploads: true };
  }

  /** Remember the picture message `board` carries now (as Discord answered: a file name, or null for none), or forget it (undefined). */
  private notePicture(board: string, carried: string | null | undefined): void {
    this.pictured.delete(board);
    if (carried === undefined) return;
    this.pictured.set(board, carried);
    if (this.pictured.size > PICTURED_MAX) this.pictured.delete(this.pictured.keys().next().value ?? board);
  }

  /**
   * Edit message `board` to show `table` with its picture. When Discord's answer shows the message without the picture
   * it was meant to keep (another process changed it), the picture is uploaded with a second edit.
   */
  private async editBoard(
    channel: { messages: { edit(id: string, body: MessageEditOptions): Promise<Message> } },
    board: string,
    loc: Locale,
    table: TableRecord,
  ): Promise<void> {
    const edit = await this.boardEdit(loc, table, board);
    let carried = await this.editMessage(channel, board, edit.body);
    if (edit.picture && !edit.uploads && carried !== edit.picture) {
      this.pictured.delete(board);
      carried = await this.editMessage(channel, board, (await this.boardEdit(loc, table, board)).body);
    }
    this.notePicture(board, carried);
  }

  /** Run `job` after the channel's earlier jobs; failures are logged, never thrown to the caller. */
  private enqueue(channelId: string, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(channelId) ?? Promise.resolve())
      .then(() => (this.gone.has(channelId) ? undefined : job()))
      .catch((err: unknown) => this.failed(channelId, err));
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
    return next;
  }

  /**
   * Log a failed channel update; missing permissions (50013) get a line of their own that says what to grant, and
   * an unknown channel (10003: deleted) closes its table.
   */
  private async failed(channelId: string, err: unknown): Promise<void> {
    if (err instanceof DiscordAPIError && Number(err.code) === UNKNOWN_CHANNEL) await this.channelGone(channelId);
    else if (err instanceof DiscordAPIError && Number(err.code) === 50013)
      this.log.warn(
        { channelId, code: 50013, method: err.method, path: err.url.replace(/^.*\/api\/v\d+/, '') },
        `missing permissions: cannot post or edit in the channel (grant ${TABLE_PERMISSION_NAMES}); the table keeps working`,
      );
    else this.log.warn({ err, channelId }, 'could not update the channel');
  }

  /**
   * The channel was deleted: close its table without a result (no record, no rating change: as a cancel) and drop
   * its queued updates. Never throws (a failure to close is logged; the next failed post tries again); closing a
   * channel without a table does nothing.
   */
  async channelGone(channelId: string): Promise<void> {
    if (this.gone.has(channelId)) return;
    this.gone.add(channelId);
    this.pings.closed(channelId, false);
    this.recent.forget(channelId);
    this.bottom.forget(channelId);
    try {
      const table = await this.tables.cancel(channelId, CHANNEL_GONE, true);
      this.log.info({ channelId, table: table.id, game: table.game }, 'the channel was deleted: its table is closed without a result');
    } catch (err) {
      if (err instanceof Refusal && err.code === 'no_table') return;
      this.gone.delete(channelId);
      this.log.warn({ err, channelId }, 'the channel was deleted, but its table could not be closed');
    }
  }

  /** Wait until every queued update of every channel has gone out. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** Wait until every queued update of the channel has gone out. */
  flush(channelId: string): Promise<void> {
    return this.queues.get(channelId) ?? Promise.resolve();
  }

  private async channel(channelId: string) {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`cannot post in channel ${channelId}`);
    return channel;
  }

  /** The public language of the server `channel` is in (English for a channel outside a server). */
  private languageOf(channel: object): Promise<Locale> {
    const guildId = 'guildId' in channel && typeof channel.guildId === 'string' ? channel.guildId : null;
    return guildId ? this.languages.forGuild(guildId) : Promise.resolve(ENGLISH);
  }

  /**
   * Edit the table message to show `table` (skipped if a newer version was already shown). While an edit of
   * that message is still waiting in the queue, a newer table replaces it there instead of queueing another
   * edit: under load (Discord allows a bot about 50 requests a second in all) several moves at one table
   * cost one edit.
   */
  refresh(table: TableRecord): Promise<void> {
    this.pings.turned(table);
    const messageId = table.messageId;
    if (!messageId) return Promise.resolve();
    const waiting = this.waitingEdits.get(messageId);
    if (waiting) {
      if (table.version > waiting.table.version) waiting.table = table;
      return waiting.done;
    }
    const entry: { table: TableRecord; done: Promise<void> } = { table, done: Promise.resolve() };
    this.waitingEdits.set(messageId, entry);
    entry.done = this.enqueue(table.channelId, async () => {
      // Waiting first: an edit that fell behind shows the newest table when its turn comes.
      await this.lane?.turn('board').ready;
      if (this.waitingEdits.get(messageId) === entry) this.waitingEdits.delete(messageId);
      const latest = entry.table;
      const board = this.bottom.current(messageId);
      if ((this.shown.get(board) ?? 0) > latest.version) return;
      this.shown.set(board, latest.version);
      if (latest.status === 'playing') this.bottom.watch(latest.channelId);
      const channel = await this.channel(latest.channelId);
      const loc = await this.languages.forGuild(latest.guildId);
      try {
        await this.editBoard(channel, board, loc, latest);
      } catch (err) {
        if (!(err instanceof DiscordAPIError && Number(err.code) === UNKNOWN_MESSAGE)) throw err;
        await this.moved(latest, board);
      }
    });
    return entry.done;
  }

  /**
   * Post a fresh table message for `table` in its channel when there is no interaction to answer (a table the
   * weekly game night opened in a thread) and remember it on the table, as `/table new` does with its reply.
   * Resolves to the table as stored with its message id; throws when Discord refused the post.
   */
  async post(table: TableRecord): Promise<TableRecord> {
    const channel = await this.channel(table.channelId);
    const loc = await this.languages.forGuild(table.guildId);
    const message = await channel.send(this.board(loc, table));
    return this.tables.setMessage(table.channelId, message.id);
  }

  /** Replace the table message by a closing line (the table was cancelled or closed), in the server's language; its live hands close. */
  closeMessage(channelId: string, messageId: string, content: Text): Promise<void> {
    this.pings.closed(channelId);
    const hands = this.hands?.closed(channelId);
    this.recent.forget(channelId);
    this.bottom.forget(channelId);
    const edit = this.enqueue(channelId, async () => {
      const board = this.bottom.current(messageId);
      this.shown.delete(board);
      this.notePicture(board, undefined);
      this.replies.delete(board);
      const channel = await this.channel(channelId);
      const loc = await this.languageOf(channel);
      // `attachments: []`: a closed board keeps no picture.
      await channel.messages.edit(board, { content: loc.say(content), embeds: [], components: [], attachments: [] });
    });
    return Promise.all([edit, hands]).then(() => undefined);
  }

  /**
   * Post narration lines (already in the server's language) to the channel. While a post to the channel is still
   * waiting in the queue, the lines join it, so a busy channel gets one message instead of several. Mentions are the
   * ping rule's (src/discord/pings.ts).
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
    entry.done = this.enqueue(channelId, async () => {
      if (this.waitingPosts.get(channelId) === entry) this.waitingPosts.delete(channelId);
      const channel = await this.channel(channelId);
      await channel.send({ content: entry.lines.join('\n').slice(0, 2000), allowedMentions: { parse: [] } });
    });
    return entry.done;
  }

  /**
   * Public lines that are not a move's events (a turn played for a player, a seat taken over): they join the board's
   * recent events (kept in memory only) and the board is refreshed.
   */
  async note(table: TableRecord, lines: readonly string[]): Promise<void> {
    if (!lines.length || table.status !== 'playing') return;
    this.recent.note(await this.languages.forGuild(table.guildId), table, lines);
    await Promise.all([this.refresh(table), this.hands?.changed(table)]);
  }

  /**
   * After a move: its events join the board's recent events and the board is refreshed; when the move ended the
   * game, the result is posted as a new message and the board is closed with a line pointing to it.
   */
  async afterMove(table: TableRecord, events: unknown[]): Promise<void> {
    const loc = await this.languages.forGuild(table.guildId);
    this.recent.moved(loc, table, events);
    // The ping of a turn that is over goes (src/discord/pings.ts): it no longer counts as a message below the board.
    for (const id of this.pings.turned(table)) this.bottom.deleted(table.channelId, id);
    const turn = table.status === 'playing' ? this.tables.engine(table).turnKey(table.state) : '';
    // Hands follow at once (interaction routes: no wait behind the channel's queue); after the end, once the result is posted.
    if (table.status === 'finished') await this.finish(loc, table).then(() => this.hands?.changed(table));
    else await Promise.all([this.bottom.due(table, turn) ? this.moveBoard(table, turn) : this.refresh(table), this.hands?.changed(table)]);
  }

  /** Post the result of a finished game at the bottom of the channel and close its board. */
  private finish(loc: Locale, table: TableRecord): Promise<void> {
    // The board where it is now (it may have moved to the bottom since this table was read).
    const messageId = table.messageId && this.bottom.current(table.messageId);
    this.recent.forget(table.channelId);
    this.bottom.forget(table.channelId);
    // Edits of the board still queued show older versions: they are skipped.
    if (messageId) this.shown.set(messageId, table.version);
    return this.enqueue(table.channelId, async () => {
      const board = messageId && this.bottom.current(messageId);
      const channel = await this.channel(table.channelId);
      try {
        const result = await channel.send(renderResult(loc, this.tables, table));
        // My hand after the end links to this message (a failure only leaves the link on the closed board).
        await this.tables
          .resultPosted(table.channelId, table.id, result.id)
          .catch((err: unknown) => this.log.warn({ err }, 'could not note the result message'));
        if (board)
          await channel.messages.edit(board, {
            content: loc.t('board.closed'),
            embeds: [],
            components: [],
            attachments: [],
            allowedMentions: { parse: [] },
          });
      } finally {
        if (board) {
          this.shown.delete(board);
          this.notePicture(board, undefined);
          this.replies.delete(board);
        }
      }
    });
  }

  /** A message was created in a channel (the gateway's MESSAGE_CREATE: anyone's, the bot's own too). */
  arrived(channelId: string, messageId: string): void {
    this.bottom.arrived(channelId, messageId);
  }

  /** A message of a channel was deleted (the gateway's MESSAGE_DELETE). */
  removed(channelId: string, messageId: string): void {
    this.bottom.deleted(channelId, messageId);
  }

  /**
   * Move the buried board of `table` to the bottom of its channel, in turn `turn` (docs/playing.md § The board stays
   * in view): post it anew, store the new message as the table's (no version bump, so open hands stay valid), then
   * delete the old one — two channel requests instead of the move's edit. When the table was closed, or its board
   * moved elsewhere, before the new message was stored, the new message is deleted again and the old one stays.
   */
  private moveBoard(table: TableRecord, turn: string): Promise<void> {
    const from = table.messageId;
    if (!from) return Promise.resolve();
    this.bottom.moving(table.channelId, turn);
    return this.enqueue(table.channelId, async () => {
      await this.lane?.turn('board').ready;
      const old = this.bottom.current(from);
      // A newer version already shown (or the game's end): the move is left to a later turn.
      if ((this.shown.get(old) ?? 0) > table.version) return this.bottom.notMoved(table.channelId);
      const channel = await this.channel(table.channelId);
      const loc = await this.languages.forGuild(table.guildId);
      const posted = await channel.send((await this.boardEdit(loc, table, null)).body);
      const stored = await this.tables.moveBoard(table.channelId, old, posted.id).catch((err: unknown) => {
        this.log.warn({ err, channelId: table.channelId }, 'could not store the moved board');
        return false;
      });
      if (!stored) {
        this.bottom.notMoved(table.channelId);
        await channel.messages.delete(posted.id);
        return;
      }
      this.bottom.moved(old, posted.id);
      this.shown.set(posted.id, table.version);
      this.shown.delete(old);
      this.notePicture(posted.id, pictureOn(posted));
      this.notePicture(old, undefined);
      this.replies.delete(old);
      await channel.messages.delete(old);
    });
  }

  /**
   * The board `gone` of `table` no longer exists (Unknown Message): when another process moved it, the table as stored
   * now is shown on its current board; otherwise (deleted by someone, or the table closed) nothing is done.
   */
  private async moved(table: TableRecord, gone: string): Promise<void> {
    const now = await this.tables.get(table.channelId);
    if (!now?.messageId || now.id !== table.id || now.messageId === gone || now.status !== 'playing') return;
    if ((this.shown.get(now.messageId) ?? 0) > now.version) return;
    this.shown.set(now.messageId, now.version);
    const channel = await this.channel(now.channelId);
    await this.editBoard(channel, now.messageId, await this.languages.forGuild(now.guildId), now);
  }
}
