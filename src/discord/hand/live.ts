/**
 * Live hands (docs/playing.md § Live hands): each player's latest hand message at a table is edited in place whenever
 * the table changes, so a click on it plays at once instead of meeting "the table has moved on".
 *
 * A hand is edited through the interaction token that last showed it (the My hand reply's, or a later click's on
 * that hand: a component interaction answered by UPDATE_MESSAGE edits the same message through `@original`), on the
 * interaction webhook route (PATCH /webhooks/{app}/{token}/messages/@original), which Discord does not count against
 * the bot's global rate limit. These requests go through a REST client of their own with no local global limit (the
 * client's REST counts every request, also token-authenticated ones, against its 50 a second), so hand updates neither
 * wait behind the channel's board edits nor eat into their budget.
 *
 * Discord keeps a token for 15 minutes: `LIVE_MS` after it was issued the hand is marked as no longer live (a line on
 * top; its buttons still work, and a click or My hand makes a hand live again) and its token is never used again.
 * A newer hand message of the same player retires the older one (a one-liner). 10008 Unknown Message (the player
 * dismissed it), 50027 Invalid Webhook Token and 10015 Unknown Webhook forget the hand quietly, without a retry.
 *
 * Stored with the table (src/store/screens.ts, docs/scale.md § Tokens that survive a restart): a hand that becomes live
 * is written at once with its token's remaining lifetime (one command, which hands back the hand it replaced: retired
 * here, whichever process showed it; a click's renewed token every `STORE_AGAIN_MS`). The process that runs the
 * server's shard edits every live hand of a table it changed or heard change (src/discord/follow.ts), those its earlier
 * life opened before a restart too: it merges the stored hands (on Redis read with the table under its lock: no extra
 * round trip) into the ones kept here with their last body (identical edits skipped), edit loop and lane ticket. A
 * token is never logged. A hand done with is deleted from the store (compare-and-delete: "no longer live" once).
 */
import { type Client, DiscordAPIError, type REST, type RepliableInteraction, Routes } from 'discord.js';
import { AsyncTask, SimpleIntervalJob, ToadScheduler } from 'toad-scheduler';
import type { Logger } from '../../logger.ts';
import type { TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import type { Payload } from '../games/types.ts';
import { privateLocale } from '../language.ts';
import { gameOverLine } from './game-over.ts';
import { renderHandFor } from './render.ts';
import type { SentMessage } from '../respond.ts';
import type { BackgroundLane, LaneTicket } from '../lane.ts';
import { encodeHand, type StoredHand } from '../screens.ts';
import { TOKEN_MS, webhookPayload } from '../webhook-edit.ts';
import type { ScreenStore } from '../../store/screens.ts';
import { STORE_AGAIN_MS, StoredHands } from './stored.ts';
/** How long after its token was issued a hand stays live (ms): a minute's margin before Discord's 15 minutes. */
export const LIVE_MS = 14 * 60_000;
/** The last moment (ms after issue) a request with a token is still sent: the "no longer live" line itself. */
const LAST_REQUEST_MS = TOKEN_MS - 10_000;
/** Discord's answers that mean the hand can never be edited again (dismissed, token gone). */
const GONE_CODES = new Set([10008, 50027, 10015]);

/**
 * One player's latest hand message at one table: as stored (`StoredHand`: its token — secret, never logged —, `ref`,
 * message, locale, `issuedAt`), and what this process keeps of it.
 */
interface LiveHand extends StoredHand {
  channelId: string;
  /** Its stored value (for compare-and-delete). */
  raw: string;
  /** When the stored value's token was issued (a click's newer token is stored again only `STORE_AGAIN_MS` later). */
  storedAt: number;
  /** The body last sent to the message (JSON), to skip identical edits. */
  shown: string;
  /** The newest table to show, when an edit is waiting or running. */
  want: TableRecord | null;
  /** The edit loop of this hand, while it runs. */
  running: Promise<void> | null;
  /** Its place in the background lane, while it waits for its turn. */
  ticket: LaneTicket | null;
}

/** What `LiveHands` needs. */
export interface LiveHandDeps {
  /** The bot's client, which discord.js's payload resolver reads options from (logged in before the first hand opens). */
  client: Client;
  /** A REST client for the interaction webhook routes only (no token; no local global limit). */
  rest: REST;
  tables: TableService;
  log: Logger;
  /** The clock (epoch ms) the token lifetime is measured on. */
  now: () => number;
  /** Where a hand's update waits its turn behind clicks (src/discord/lane.ts); none: at once. */
  lane?: BackgroundLane;
  /** Where live hands are stored with their table (src/store/screens.ts). */
  screens: ScreenStore;
  /**
   * Whether this process runs the server's shard: it alone edits the server's hands (a message edited by two
   * processes at once could end up showing the older change).
   */
  home: (guildId: string) => boolean;
}

/** The hands of every table this process knows, by channel and user. */
export class LiveHands {
  private readonly byChannel = new Map<string, Map<string, LiveHand>>();
  /** The newest table seen per channel (a hand registered with an older version catches up to it). */
  private readonly latest = new Map<string, TableRecord>();
  private scheduler: ToadScheduler | null = null;
  /** Where the hands are stored with their table. */
  private readonly stored: StoredHands;

  constructor(private readonly deps: LiveHandDeps) {
    this.stored = new StoredHands(deps.screens, deps.log);
  }

  /** Check for hands past their live window every `pollMs` milliseconds. */
  start(pollMs: number): void {
    this.scheduler = new ToadScheduler();
    const task = new AsyncTask(
      'live-hands',
      () => this.sweep(),
      (err) => this.deps.log.warn({ err }, 'live hand sweep failed'),
    );
    this.scheduler.addSimpleIntervalJob(new SimpleIntervalJob({ milliseconds: pollMs }, task, { preventOverrun: true, unref: true }));
  }

  /** Stop the sweep. */
  stop(): void {
    this.scheduler?.stop();
    this.scheduler = null;
  }

  /** How many hands are live now (all tables). */
  get size(): number {
    let n = 0;
    for (const hands of this.byChannel.values()) n += hands.size;
    return n;
  }

  /**
   * `interaction` just showed the hand of `table` (version as rendered) in message `sent` (a My hand reply) or, for a
   * component interaction, in the message it is on: that message becomes the player's live hand with this token, and
   * an older hand message of theirs is retired. `body` is what was sent.
   */
  opened(interaction: RepliableInteraction, table: TableRecord, body: Payload, sent?: SentMessage | null): void {
    const messageId = sent?.id ?? (interaction.isMessageComponent() ? interaction.message.id : null);
    if (!messageId || !interaction.guildId || table.status !== 'playing') return;
    const hands = this.byChannel.get(table.channelId) ?? new Map<string, LiveHand>();
    this.byChannel.set(table.channelId, hands);
    const before = hands.get(interaction.user.id);
    const hand: LiveHand = {
      channelId: table.channelId,
      tableId: table.id,
      guildId: interaction.guildId,
      userId: interaction.user.id,
      applicationId: interaction.applicationId,
      token: interaction.token,
      ref: sent?.ref ?? '@original',
      messageId,
      locale: interaction.locale,
      issuedAt: interaction.createdTimestamp,
      version: table.version,
      raw: '',
      storedAt: interaction.createdTimestamp,
      shown: JSON.stringify(this.bodyOf(interaction.token, interaction.applicationId, body)),
      want: null,
      running: null,
      ticket: null,
    };
    // A click on the same message renews its token: stored again only every few minutes (one write a hand, not a click).
    const renewal = before?.messageId === messageId && hand.issuedAt - before.storedAt < STORE_AGAIN_MS;
    if (renewal) ({ raw: hand.raw, storedAt: hand.storedAt } = before);
    else hand.raw = encodeHand(hand);
    hands.set(hand.userId, hand);
    if (before && before.messageId !== messageId) void this.retire(before);
    if (!renewal) void this.store(hand, before?.messageId ?? null);
    const newest = this.latest.get(table.channelId);
    if (newest && newest.id === table.id && newest.version > hand.version) this.show(hand, newest);
    else if (!newest || newest.id !== table.id) this.latest.set(table.channelId, table);
  }

  /** Whether a live hand of the channel's table is kept here. */
  holds(channelId: string): boolean {
    return this.byChannel.has(channelId);
  }

  /**
   * The table `tableId` of `channelId` finished (its result is posted) and another process made its last move: every
   * live hand of it (kept here or stored) points to the result. Resolves when the edits went out.
   */
  async finished(channelId: string, tableId: string): Promise<void> {
    if (this.latest.get(channelId)?.id === tableId) this.latest.delete(channelId);
    await this.closeAll(channelId, tableId, async (hand) => {
      const loc = privateLocale(hand);
      return (await gameOverLine(loc, this.deps.tables, hand.guildId, channelId, tableId)) ?? loc.t('hand.closed');
    });
  }

  /**
   * The table of `channelId` closed without a result (cancelled, timed out, abandoned): every live hand of it (kept
   * here or stored) says so and is forgotten. Resolves when the edits went out (failures are logged).
   */
  async closed(channelId: string): Promise<void> {
    this.latest.delete(channelId);
    await this.closeAll(channelId, null, async (hand) => privateLocale(hand).t('hand.closed'));
  }

  /** Edit every hand of the channel's table `tableId` (null: any) to its last line and forget it, here and in the store. */
  private async closeAll(channelId: string, tableId: string | null, line: (hand: LiveHand) => Promise<string>): Promise<void> {
    await this.load(channelId, tableId);
    const hands = [...(this.byChannel.get(channelId)?.values() ?? [])].filter((h) => tableId === null || h.tableId === tableId);
    for (const hand of hands) this.forget(hand);
    await Promise.all(
      hands.map(async (hand) => {
        hand.want = null;
        await hand.running;
        await this.send(hand, { content: await line(hand), embeds: [], components: [], allowedMentions: { parse: [] } }, true);
        this.unstore(hand);
      }),
    );
  }

  /**
   * This process changed the table (a move by anyone, a computer or timer move, a new deal, a note), or heard that
   * another one did: edit every live hand of it — those stored by other processes or before a restart too — to the new
   * state, when this process runs the server's shard; the hand the acting player's own click already updated is
   * skipped as identical. A finished game's hands point to its result; a closed table's hands close. Resolves when the
   * edits went out (failures are logged).
   */
  async changed(table: TableRecord): Promise<void> {
    if (!this.deps.home(table.guildId)) return;
    const newest = this.latest.get(table.channelId);
    if (newest && newest.id === table.id && newest.version > table.version) return;
    if (table.status === 'playing') this.latest.set(table.channelId, table);
    else this.latest.delete(table.channelId);
    await this.load(table.channelId, table.id);
    const hands = this.byChannel.get(table.channelId);
    if (!hands) return;
    await Promise.all([...hands.values()].map((hand) => this.show(hand, table)));
    if (table.status !== 'playing') this.byChannel.delete(table.channelId);
  }

  /** Mark every hand past its live window as no longer live (and forget it); drop the tables of channels without hands. */
  async sweep(): Promise<void> {
    for (const channelId of this.latest.keys()) if (!this.byChannel.has(channelId)) this.latest.delete(channelId);
    const now = this.deps.now();
    const due: LiveHand[] = [];
    for (const hands of this.byChannel.values())
      for (const hand of hands.values()) if (now - hand.issuedAt >= LIVE_MS && !hand.running) due.push(hand);
    await Promise.all(due.map((hand) => this.expire(hand)));
  }

  /** Wait until every edit and store write in flight has gone out. */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.byChannel.values()].flatMap((hands) => [...hands.values()].flatMap((h) => (h.running ? [h.running] : [])));
      if (!running.length && !this.stored.busy) return;
      await Promise.all([...running, this.stored.idle()]);
    }
  }

  /**
   * Store `hand` as its player's live hand at its table. The hand it replaced there, when shown by another process or
   * before a restart (not `before`, the one kept here), is retired too.
   */
  private async store(hand: LiveHand, before: string | null): Promise<void> {
    const old = await this.stored.put(hand.channelId, hand, hand.raw);
    if (old && old.hand.messageId !== hand.messageId && old.hand.messageId !== before)
      await this.retire(this.fromStored(hand.channelId, old.hand, old.raw));
  }

  /**
   * Merge the channel's stored hands (of table `tableId`; null: any) of servers whose shard runs here into the ones
   * kept here: a stored hand replaces an older one of its player (an earlier life of this process showed it); a hand
   * kept here that is newer, or the same, stays as it is.
   */
  private async load(channelId: string, tableId: string | null): Promise<void> {
    for (const { hand: stored, raw } of await this.stored.read(channelId, tableId)) {
      const hands = this.byChannel.get(channelId);
      const known = hands?.get(stored.userId);
      if (!this.deps.home(stored.guildId) || (known && (known.raw === raw || known.issuedAt >= stored.issuedAt))) continue;
      const into = hands ?? new Map<string, LiveHand>();
      this.byChannel.set(channelId, into);
      into.set(stored.userId, this.fromStored(channelId, stored, raw));
    }
  }

  /** A stored hand as kept here (its last body unknown: its first edit is sent). */
  private fromStored(channelId: string, stored: StoredHand, raw: string): LiveHand {
    return { ...stored, channelId, raw, storedAt: stored.issuedAt, shown: '', want: null, running: null, ticket: null };
  }

  /** Delete `hand` from the store (if it is still the stored one): it is done with. */
  private unstore(hand: LiveHand): void {
    void this.stored.remove(hand.channelId, hand.userId, hand.raw);
  }

  /** Show `table` on `hand` (the newest of several waiting tables wins); resolves when the hand is up to date. */
  private show(hand: LiveHand, table: TableRecord): Promise<void> {
    if (!hand.want || table.version > hand.want.version) hand.want = table;
    if (hand.ticket && this.toAct(hand, hand.want)) hand.ticket.hurry();
    hand.running ??= this.run(hand)
      .catch((err: unknown) =>
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), channelId: hand.channelId }, 'could not render a live hand'),
      )
      .finally(() => {
        hand.running = null;
      });
    return hand.running;
  }

  private async run(hand: LiveHand): Promise<void> {
    while (hand.want) {
      // Waiting first: a hand that fell behind renders the newest table when its turn comes. The hand of a player
      // whose turn it is goes before the hands that only follow the play.
      if (this.deps.lane) {
        hand.ticket = this.deps.lane.turn(this.toAct(hand, hand.want) ? 'to-act' : 'following');
        await hand.ticket.ready;
        hand.ticket = null;
      }
      const table = hand.want;
      if (!table) return;
      hand.want = null;
      if (!this.isCurrent(hand)) return;
      if (this.deps.now() - hand.issuedAt >= LIVE_MS) return this.expire(hand);
      if (table.status === 'playing' && table.version <= hand.version) continue;
      const loc = privateLocale(hand);
      const seat = this.deps.tables.seatOf(table, hand.userId);
      if (table.status !== 'playing' || seat < 0) {
        const over = table.status === 'finished' ? await gameOverLine(loc, this.deps.tables, hand.guildId, hand.channelId, table.id) : null;
        await this.send(hand, { content: over ?? loc.t('hand.closed'), embeds: [], components: [], allowedMentions: { parse: [] } });
        this.forget(hand);
        this.unstore(hand);
        return;
      }
      hand.version = table.version;
      await this.send(hand, renderHandFor(loc, this.deps.tables, table, seat));
    }
  }

  /**
   * Mark `hand` as no longer live (if its token still works) and forget it — unless the store no longer holds it (it
   * was replaced, or another process marked it already).
   */
  private async expire(hand: LiveHand): Promise<void> {
    if (!this.isCurrent(hand)) return;
    this.forget(hand);
    const mine = await this.stored.remove(hand.channelId, hand.userId, hand.raw);
    if (!mine || this.deps.now() - hand.issuedAt >= LAST_REQUEST_MS) return;
    const loc = privateLocale(hand);
    const table = this.latest.get(hand.channelId);
    const seat = table ? this.deps.tables.seatOf(table, hand.userId) : -1;
    const line = loc.t('hand.not_live');
    const body: Payload =
      table && seat >= 0 && table.version >= hand.version
        ? renderHandFor(loc, this.deps.tables, table, seat, [], line)
        : { content: line, allowedMentions: { parse: [] } };
    await this.send(hand, body, true);
  }

  /** Edit an older hand message of a player to a one-liner in its language (its token permitting). */
  private async retire(hand: LiveHand): Promise<void> {
    await hand.running;
    if (this.deps.now() - hand.issuedAt >= LAST_REQUEST_MS) return;
    await this.send(hand, { content: privateLocale(hand).t('hand.retired'), embeds: [], components: [], allowedMentions: { parse: [] } }, true);
  }

  /** Whether it is the turn of `hand`'s player in `table`. */
  private toAct(hand: LiveHand, table: TableRecord): boolean {
    if (table.status !== 'playing') return false;
    const seat = this.deps.tables.seatOf(table, hand.userId);
    return seat >= 0 && this.deps.tables.engine(table).toAct(table.state).includes(seat);
  }

  /** Whether `hand` is still its player's live hand at its table. */
  private isCurrent(hand: LiveHand): boolean {
    return this.byChannel.get(hand.channelId)?.get(hand.userId) === hand;
  }

  private forget(hand: LiveHand): void {
    const hands = this.byChannel.get(hand.channelId);
    if (hands?.get(hand.userId) !== hand) return;
    hands.delete(hand.userId);
    if (!hands.size) this.byChannel.delete(hand.channelId);
  }

  /** The API body of `payload`, as discord.js would send it on this token. */
  private bodyOf(token: string, applicationId: string, payload: Payload): unknown {
    const { client } = this.deps;
    if (!client.isReady()) throw new Error('live hands: the client is not logged in');
    return webhookPayload(client, { applicationId, token }, payload).body;
  }

  /**
   * PATCH the hand's message through its interaction webhook, unless the body is what it shows already. A hand Discord
   * says is gone is forgotten quietly; other failures are logged once and the hand stays (the next change tries again).
   * `final`: the last request with this token (retired or marked), so nothing is remembered.
   */
  private async send(hand: LiveHand, payload: Payload, final = false): Promise<void> {
    const body = this.bodyOf(hand.token, hand.applicationId, payload);
    const shown = JSON.stringify(body);
    if (!final && shown === hand.shown) return;
    hand.shown = shown;
    try {
      await this.deps.rest.patch(Routes.webhookMessage(hand.applicationId, hand.token, hand.ref), { body, auth: false });
    } catch (err) {
      if (err instanceof DiscordAPIError && GONE_CODES.has(Number(err.code))) {
        this.forget(hand);
        this.unstore(hand);
        return;
      }
      this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), channelId: hand.channelId }, 'could not update a live hand');
    }
  }
}
