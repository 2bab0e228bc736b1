/**
 * Writing one board message: its body with the table picture (docs/card-faces.md § The table picture), uploaded only
 * when the message does not carry it already, and the edit itself, through the interaction's webhook while the board
 * is an interaction's reply whose token lives (docs/scale.md § Boards edited through their interaction), else on the
 * channel's route. Remembers, per board message, the picture it carries and the interaction it can be edited through;
 * `forget(messageId)` drops both. The interaction is stored with the table too (src/store/screens.ts, field `board`), so
 * whichever process next changes the table — another host's timer loop, this one after a restart — edits the board
 * through it; the token is never logged.
 */
import { type APIMessage, type Client, DiscordAPIError, EmbedBuilder, type Message, type MessageEditOptions, type REST } from 'discord.js';
import type { Locale } from '../../i18n/index.ts';
import type { Logger } from '../../logger.ts';
import type { ScreenStore } from '../../store/screens.ts';
import type { TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import type { Payload } from '../games/types.ts';
import { BOARD_FIELD, decodeBoard, encodeBoard, expiresAt } from '../screens.ts';
import { editThroughWebhook, TOKEN_MS, type WebhookMessage } from '../webhook-edit.ts';
import { type BoardPictures, isPictureName } from './picture.ts';

/** How many boards' pictures are remembered (the oldest forgotten first: its next edit uploads its picture again). */
const PICTURED_MAX = 10_000;
/** How many boards' interaction tokens are remembered (the oldest forgotten first: its board is edited on the channel's route). */
const REPLIES_MAX = 10_000;
/** How long after its token was issued a board is still edited through it (ms): a minute's margin before Discord's 15. */
const REPLY_EDIT_MS = TOKEN_MS - 60_000;
/** Discord's answers that mean an interaction's webhook can no longer edit (token expired, webhook unknown). */
const TOKEN_GONE = new Set([50027, 10015]);

/** A board's message body: the board, and its picture's file when it goes with the request (`attachments: []`: no picture). */
export type BoardBody = Payload & { files?: { attachment: Buffer; name: string }[]; attachments?: [] };

/** A board edit and what it does with the board's picture. */
interface BoardEdit {
  body: BoardBody;
  /** The picture's file name the board should carry after the edit (null: none). */
  picture: string | null;
  /** Whether the edit uploads the picture (else it keeps the attachment the message carries). */
  uploads: boolean;
}

/** A channel whose messages can be edited (discord.js's `channel.messages`). */
export interface EditableChannel {
  messages: { edit(id: string, body: MessageEditOptions): Promise<Message> };
}

/** The board picture a message carries, by its attachments' names (null: none). */
export const pictureOn = (message: Message): string | null => message.attachments.find((a) => isPictureName(a.name))?.name ?? null;
/** The board picture a message as the API answered carries (null: none). */
const apiPictureOn = (message: APIMessage): string | null => message.attachments.find((a) => isPictureName(a.filename))?.filename ?? null;

/** What `BoardEditor` needs. */
export interface BoardEditorDeps {
  client: Client;
  tables: TableService;
  /** Draws the boards' pictures (in the bot's suit colours). */
  pictures: BoardPictures;
  /** A REST client for the interaction webhook routes (no local global limit); none: boards are edited on the channel's route only. */
  webhookRest?: REST;
  /** The clock (epoch ms) a board's interaction token is timed on. */
  now: () => number;
  /** Where a board's interaction is stored with its table. */
  screens: ScreenStore;
  log: Logger;
}

/** A board's interaction, and its stored value (for compare-and-delete). */
interface Reply {
  reply: WebhookMessage;
  raw: string;
}

/** Builds and sends board edits; remembers each board message's picture and interaction. */
export class BoardEditor {
  /**
   * The picture's file name each board message carries (null: none), as Discord answered the last post or edit; a
   * board not in here (another process edited it, a restart) gets its picture uploaded anew.
   */
  private readonly pictured = new Map<string, string | null>();
  /** The interaction each board that is an interaction's reply can be edited through, by message id. */
  private readonly replies = new Map<string, Reply>();

  constructor(private readonly deps: BoardEditorDeps) {}

  /**
   * Board `messageId` of the table in `channelId` is the reply to an interaction: until a minute before its token runs
   * out, its edits go through the interaction's webhook, which Discord does not count against the bot's global limit.
   * Kept here and stored with the table (resolves once stored; a failure is logged, and the board is then edited
   * through it by this process only).
   */
  async adopt(channelId: string, messageId: string, reply: WebhookMessage): Promise<void> {
    const raw = encodeBoard({ ...reply, messageId });
    this.keep(messageId, { reply, raw });
    await this.deps.screens
      .put(channelId, BOARD_FIELD, raw, expiresAt(reply.issuedAt))
      .catch((err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), channelId }, 'could not store the board'));
  }

  private keep(messageId: string, reply: Reply): void {
    this.replies.delete(messageId);
    this.replies.set(messageId, reply);
    if (this.replies.size > REPLIES_MAX) this.replies.delete(this.replies.keys().next().value ?? messageId);
  }

  /** Forget board message `messageId` (closed, or replaced by a moved board): its picture and its interaction. */
  forget(messageId: string): void {
    this.pictured.delete(messageId);
    this.replies.delete(messageId);
  }

  /**
   * The board `payload` of `table` with its picture for message `board` (null: a new post): the picture is the embed's
   * image, `attachment://<name>`; its file goes with the request only when the message does not carry it already (a
   * changed trick). Otherwise `attachments` is left out, which keeps the message's files as they are (Discord's edit
   * semantics); without a picture the edit lists no attachment (`[]`), removing one.
   */
  async body(loc: Locale, table: TableRecord, payload: Payload, board: string | null): Promise<BoardEdit> {
    const body: BoardBody = payload;
    const picture = this.deps.pictures.of(loc, this.deps.tables, table);
    const carried = board === null ? null : this.pictured.get(board);
    if (!picture) return { body: carried === null ? body : { ...body, attachments: [] }, picture: null, uploads: false };
    const embed = body.embeds?.[0];
    if (embed instanceof EmbedBuilder) embed.setImage(`attachment://${picture.name}`);
    if (carried === picture.name) return { body, picture: picture.name, uploads: false };
    // discord.js lists the new file as the message's only attachment: the old picture goes.
    return { body: { ...body, files: [{ attachment: await picture.png(), name: picture.name }] }, picture: picture.name, uploads: true };
  }

  /** Remember the picture message `board` carries now (as Discord answered: a file name, or null for none). */
  notePicture(board: string, carried: string | null): void {
    this.pictured.delete(board);
    this.pictured.set(board, carried);
    if (this.pictured.size > PICTURED_MAX) this.pictured.delete(this.pictured.keys().next().value ?? board);
  }

  /**
   * Edit message `board` to show `table` (its board is `render()`, called anew for a second try) with its picture.
   * When Discord's answer shows the message without the picture it was meant to keep (another process changed it),
   * the picture is uploaded with a second edit.
   */
  async edit(channel: EditableChannel, board: string, loc: Locale, table: TableRecord, render: () => Payload): Promise<void> {
    const edit = await this.body(loc, table, render(), board);
    let carried = await this.send(channel, table.channelId, board, edit.body);
    if (edit.picture && !edit.uploads && carried !== edit.picture) {
      this.pictured.delete(board);
      carried = await this.send(channel, table.channelId, board, (await this.body(loc, table, render(), board)).body);
    }
    this.notePicture(board, carried);
  }

  /**
   * The interaction board `messageId` of the channel's table can still be edited through — kept here, or stored with
   * the table (by another process, or before a restart) —, or null (and it is forgotten once too old).
   */
  private async replyOf(channelId: string, messageId: string): Promise<Reply | null> {
    if (!this.deps.webhookRest) return null;
    let reply = this.replies.get(messageId);
    if (!reply) {
      const entries = await this.deps.screens.read(channelId).catch(() => []);
      const raw = entries.find((e) => e.field === BOARD_FIELD)?.raw;
      const stored = raw ? decodeBoard(raw) : null;
      if (!raw || stored?.messageId !== messageId) return null;
      const { messageId: _, ...webhook } = stored;
      this.keep(messageId, (reply = { reply: webhook, raw }));
    }
    if (this.deps.now() - reply.reply.issuedAt < REPLY_EDIT_MS) return reply;
    this.replies.delete(messageId);
    return null;
  }

  /**
   * Edit message `board` to `body` through its interaction's webhook when it has one, else on the channel's route;
   * resolves to the picture the message carries as Discord answered. A token Discord no longer takes is forgotten and
   * the edit goes on the channel's route.
   */
  private async send(channel: EditableChannel, channelId: string, board: string, body: MessageEditOptions): Promise<string | null> {
    const reply = await this.replyOf(channelId, board);
    const { client, webhookRest } = this.deps;
    if (reply && webhookRest && client.isReady())
      try {
        return apiPictureOn(await editThroughWebhook(webhookRest, client, reply.reply, body));
      } catch (err) {
        if (!(err instanceof DiscordAPIError && TOKEN_GONE.has(Number(err.code)))) throw err;
        this.replies.delete(board);
        await this.deps.screens.remove(channelId, BOARD_FIELD, reply.raw).catch(() => false);
      }
    return pictureOn(await channel.messages.edit(board, body));
  }
}
