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
 * Kept in memory, not in Redis: all interactions of a server reach the one process that runs its shard, so that is where
 * hands are opened, clicked and (for moves by players) changed; the tokens — each lets its holder edit a message for 15
 * minutes — stay out of storage; and a move costs no extra store round trip. A change made by another process (a
 * computer or timer move its timer loop picked up) reaches these hands through the table's change events
 * (src/discord/follow.ts). What it costs: after a restart a hand is not updated until its player clicks it (the click
 * is then answered as a stale hand, refreshed, and live again) or presses My hand.
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
import { TOKEN_MS, webhookPayload } from '../webhook-edit.ts';
/** How long after its token was issued a hand stays live (ms): a minute's margin before Discord's 15 minutes. */
export const LIVE_MS = 14 * 60_000;
/** The last moment (ms after issue) a request with a token is still sent: the "no longer live" line itself. */
const LAST_REQUEST_MS = TOKEN_MS - 10_000;
/** Discord's answers that mean the hand can never be edited again (dismissed, token gone). */
const GONE_CODES = new Set([10008, 50027, 10015]);

/** One player's latest hand message at one table. */
interface LiveHand {
  channelId: string;
  guildId: string;
  userId: string;
  applicationId: string;
  /** The interaction token that can edit the message (secret: never logged). */
  token: string;
  /** How the token's webhook names the message: `@original`, or the id of a followUp. */
  ref: string;
  messageId: string;
  /** The player's Discord locale (the hand's language). */
  locale: string;
  /** When the token was issued (the interaction's creation, epoch ms). */
  issuedAt: number;
  /** The table version the message shows. */
  version: number;
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
}

/** The hands of every table this process knows, by channel and user. */
export class LiveHands {
  private readonly byChannel = new Map<string, Map<string, LiveHand>>();
  /** The newest table seen per channel (a hand registered with an older version catches up to it). */
  private readonly latest = new Map<string, TableRecord>();
  private scheduler: ToadScheduler | null = null;

  constructor(private readonly deps: LiveHandDeps) {}

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
      guildId: interaction.guildId,
      userId: interaction.user.id,
      applicationId: interaction.applicationId,
      token: interaction.token,
      ref: sent?.ref ?? '@original',
      messageId,
      locale: interaction.locale,
      issuedAt: interaction.createdTimestamp,
      version: table.version,
      shown: JSON.stringify(this.bodyOf(interaction.token, interaction.applicationId, body)),
      want: null,
      running: null,
      ticket: null,
    };
    hands.set(hand.userId, hand);
    if (before && before.messageId !== messageId) void this.retire(before);
    const newest = this.latest.get(table.channelId);
    if (newest && newest.id === table.id && newest.version > hand.version) this.show(hand, newest);
    else if (!newest || newest.id !== table.id) this.latest.set(table.channelId, table);
  }

  /** Whether a live hand of the channel's table is kept here. */
  holds(channelId: string): boolean {
    return this.byChannel.has(channelId);
  }

  /**
   * The table `tableId` of `channelId` finished (its result is posted) and this process did not see its last move (another
   * process made it): every live hand of it points to the result, as `changed` does with the finished table. Resolves
   * when the edits went out; does nothing when the hands here are of another table.
   */
  finished(channelId: string, tableId: string, version: number): Promise<void> {
    const newest = this.latest.get(channelId);
    if (!newest || newest.id !== tableId) return Promise.resolve();
    return this.changed({ ...newest, status: 'finished', version: Math.max(version, newest.version + 1) });
  }

  /**
   * The table of `channelId` closed without a result (cancelled, timed out, abandoned): every live hand of it says so
   * and is forgotten. Resolves when the edits went out (failures are logged).
   */
  async closed(channelId: string): Promise<void> {
    this.latest.delete(channelId);
    const hands = [...(this.byChannel.get(channelId)?.values() ?? [])];
    this.byChannel.delete(channelId);
    await Promise.all(
      hands.map(async (hand) => {
        hand.want = null;
        await hand.running;
        await this.send(hand, { content: privateLocale(hand).t('hand.closed'), embeds: [], components: [], allowedMentions: { parse: [] } }, true);
      }),
    );
  }

  /**
   * The table changed (a move by anyone, a computer or timer move, a new deal, a note): edit every live hand of it to
   * the new state — the hand the acting player's own click already updated is skipped as identical. A finished game's
   * hands point to its result; a closed table's hands close. Resolves when the edits went out (failures are logged).
   */
  async changed(table: TableRecord): Promise<void> {
    const newest = this.latest.get(table.channelId);
    if (newest && newest.id === table.id && newest.version > table.version) return;
    if (table.status === 'playing') this.latest.set(table.channelId, table);
    else this.latest.delete(table.channelId);
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

  /** Wait until every edit in flight has gone out. */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.byChannel.values()].flatMap((hands) => [...hands.values()].flatMap((h) => (h.running ? [h.running] : [])));
      if (!running.length) return;
      await Promise.all(running);
    }
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
        return;
      }
      hand.version = table.version;
      await this.send(hand, renderHandFor(loc, this.deps.tables, table, seat));
    }
  }

  /** Mark `hand` as no longer live (if its token still works) and forget it. */
  private async expire(hand: LiveHand): Promise<void> {
    if (!this.isCurrent(hand)) return;
    this.forget(hand);
    if (this.deps.now() - hand.issuedAt >= LAST_REQUEST_MS) return;
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
        return;
      }
      this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), channelId: hand.channelId }, 'could not update a live hand');
    }
  }
}
