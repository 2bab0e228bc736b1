/**
 * Pings (docs/playing.md § Pings): the board names whose turn it is but pings nobody; a player is mentioned by a
 * short post of its own only when the table waits on them.
 *
 * - The rule: the one person to act (not a computer player, not away; nobody when several act at once) is mentioned
 *   once the table has waited `PING_QUIET_S` on them — measured from the later of the moment the turn came to them
 *   and their last click at the table (My hand, a card, a toggle). Time the table spent waiting on someone else
 *   never counts, so one slow player is mentioned alone, not everyone after them in turn. The turn timer's reminder
 *   mentions them too; at most one mention a turn, and when the reminder comes first, it is the turn's ping.
 * - The messages: a ping (and a turn timer's reminder) belongs to its turn. When the turn leaves its player — they
 *   moved, the timer moved for them, someone took the seat over, the game ended or the table was closed — the post is
 *   deleted (DELETE channel message; Unknown Message is ignored quietly), as background work behind clicks and
 *   boards (src/discord/lane.ts). The channel keeps the board, chat and the result; no ping stays behind.
 * - Where: in the memory of the process that shows the table (a poll every `TIMER_POLL_MS` looks for pings due).
 *   Quiet pings are posted only by the process that runs the server's shard (`home`: it hears the clicks); a process
 *   that made a timed move or posted a reminder for the table follows its turns too, only to delete its own posts.
 *   Before a ping goes out, the stored table is read once, so a turn another process moved on is not pinged. A ping
 *   whose turn another process ended (a computer's move picked up by another process's timer loop) is deleted here
 *   when this process hears of that change (the table's change events, src/discord/follow.ts).
 */
import { type Client, DiscordAPIError } from 'discord.js';
import { AsyncTask, SimpleIntervalJob, ToadScheduler } from 'toad-scheduler';
import type { Logger } from '../logger.ts';
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { BackgroundLane } from './lane.ts';
import type { Languages } from './language.ts';
import { mentionable } from './render/index.ts';

/** Discord's answers to a deletion that mean there is nothing left to delete (Unknown Message, Unknown Channel). */
const ALREADY_GONE = new Set([10008, 10003]);
/** Channels remembered at most (the least recently changed forgotten first: its next change starts afresh). */
const CHANNELS_KEPT = 10_000;

/** One turn of a table, as far as pings go. */
interface Turn {
  /** The engine's turn key. */
  key: string;
  /** The one person to act, or null (a computer player, an away player, several at once). */
  userId: string | null;
  /** When the turn came to them (epoch ms). */
  since: number;
  /** Whether the quiet ping waits for this turn (false: nobody to ping, or the turn timer's reminder comes first). */
  quiet: boolean;
  /** Whether the turn's player was mentioned (or a mention is on its way). */
  mentioned: boolean;
  /** Posts about the turn sent or on their way. */
  posts: number;
  /** The ids of the posts sent (deleted when the turn is over). */
  messages: string[];
  /** The turn left its player: posts not yet sent are not sent. */
  over: boolean;
}

/** What is known here of one channel's table. */
interface Channel {
  tableId: string;
  guildId: string;
  /** The newest table version seen. */
  version: number;
  /** The table was closed (finished, cancelled): later renders of it are ignored. */
  closed: boolean;
  turn: Turn | null;
  /** When each person last acted at the table (epoch ms). */
  touched: Map<string, number>;
}

/** What `Pings` needs. */
export interface PingDeps {
  /** Posts and deletes the pings. */
  client: Client;
  /** The engines (turn keys, who acts) and the stored table, read before a ping goes out. */
  tables: TableService;
  /** The server's language of the "your turn" line. */
  languages: Languages;
  log: Logger;
  /** The clock (epoch ms). */
  now: () => number;
  /** How long the table waits on a player before they are mentioned (`PING_QUIET_S`, in ms). */
  quietMs: number;
  /** Where deletions wait their turn behind clicks and boards; none: at once. */
  lane?: BackgroundLane;
  /**
   * Whether this process runs the shard of server `guildId` (it hears the server's clicks, which restart the wait):
   * quiet pings are posted there only, so two processes that follow one table never both mention the player. Default:
   * every server.
   */
  home?: (guildId: string) => boolean;
}

/** The ping rule and the ping messages of every table this process shows. */
export class Pings {
  private readonly channels = new Map<string, Channel>();
  /** Each channel's posts and deletions, in order (a deletion runs after the post it deletes). */
  private readonly queues = new Map<string, Promise<void>>();
  private scheduler: ToadScheduler | null = null;

  constructor(private readonly deps: PingDeps) {}

  /** Look for pings due every `pollMs` milliseconds. */
  start(pollMs: number): void {
    this.scheduler = new ToadScheduler();
    const task = new AsyncTask(
      'pings',
      () => this.tick(),
      (err) => this.deps.log.warn({ err }, 'ping poll failed'),
    );
    this.scheduler.addSimpleIntervalJob(new SimpleIntervalJob({ milliseconds: pollMs }, task, { preventOverrun: true, unref: true }));
  }

  /** Stop the poll (posts and deletions under way go on: `idle` waits for them). */
  stop(): void {
    this.scheduler?.stop();
    this.scheduler = null;
  }

  /** `userId` acted at the channel's table now (a click on its hand or board, a move): the wait on them starts again. */
  touch(channelId: string, userId: string): void {
    let channel = this.channels.get(channelId);
    if (!channel) {
      // A table this process has not seen change yet (e.g. after a restart): its clicks are kept until it does.
      channel = { tableId: '', guildId: '', version: 0, closed: false, turn: null, touched: new Map() };
      this.keep(channelId, channel);
    }
    channel.touched.set(userId, this.deps.now());
  }

  /**
   * The table as it is now (after a move, a note, a start; an older version than one seen is ignored): when its turn
   * left the player it was waiting on, or the game is over, that turn's posts are deleted. Returns the ids of the
   * posts being deleted (so the board's place among the channel's messages can leave them out at once).
   */
  turned(table: TableRecord): string[] {
    const known = this.channels.get(table.channelId);
    const same = known?.tableId === table.id;
    if (same && (known.closed || table.version < known.version)) return [];
    if (table.status === 'finished') return this.closed(table.channelId, true, table.id);
    if (table.status !== 'playing') return [];
    // A table not seen before keeps the clicks heard since the channel's last table closed here.
    const channel: Channel = same
      ? known
      : { tableId: table.id, guildId: table.guildId, version: 0, closed: false, turn: null, touched: known?.touched ?? new Map() };
    channel.version = table.version;
    this.keep(table.channelId, channel);
    const engine = this.deps.tables.engine(table);
    const key = engine.turnKey(table.state);
    const toAct = engine.toAct(table.state);
    const userId = (toAct.length === 1 ? mentionable(table, toAct)[0] : undefined) ?? null;
    const before = known?.turn ?? null;
    if (same && before?.key === key && before.userId === userId) return [];
    const since = this.deps.now();
    // With a turn timer whose reminder is due first, the reminder is the turn's ping.
    const d = table.deadline;
    const reminderFirst = d?.kind === 'turn' && d.turn === key && d.remindAt !== null && d.remindAt <= since + this.deps.quietMs;
    channel.turn = { key, userId, since, quiet: userId !== null && !reminderFirst, mentioned: false, posts: 0, messages: [], over: false };
    return before ? this.retire(table.channelId, before) : [];
  }

  /** Whether the channel's open table is followed here (its turn is known, or its clicks are). */
  knows(channelId: string): boolean {
    const channel = this.channels.get(channelId);
    return channel !== undefined && !channel.closed;
  }

  /**
   * The turn timer's reminder for `userId` at `table` (the line already in the server's language): posted, with a
   * mention unless the turn already had one (at most one mention a turn); deleted with the turn.
   */
  remind(table: TableRecord, userId: string, line: string): Promise<void> {
    this.turned(table);
    const turn = this.channels.get(table.channelId)?.turn;
    if (!turn) return Promise.resolve();
    const mention = turn.mentioned ? [] : [userId];
    turn.mentioned = true;
    return this.post(table.channelId, table.guildId, turn, [line], mention);
  }

  /**
   * The channel's table closed (the game ended, it was cancelled or abandoned, the channel was deleted): the posts of
   * its last turn are deleted (`tidy`; not for a deleted channel) and the channel is forgotten but for the table's id
   * (`tableId`, when known), so a late render of the closed table changes nothing. Returns the ids being deleted.
   */
  closed(channelId: string, tidy = true, tableId?: string): string[] {
    const channel = this.channels.get(channelId);
    const turn = channel?.turn;
    const id = tableId ?? channel?.tableId;
    if (id) this.keep(channelId, { tableId: id, guildId: '', version: 0, closed: true, turn: null, touched: new Map() });
    else this.channels.delete(channelId);
    if (!turn) return [];
    if (!tidy) {
      turn.over = true;
      return [];
    }
    return this.retire(channelId, turn);
  }

  /** Mention every player the table has waited on for the quiet period (each turn once); resolves when they are posted. */
  async tick(): Promise<void> {
    const now = this.deps.now();
    const posts: Promise<void>[] = [];
    for (const [channelId, channel] of this.channels) {
      const turn = channel.turn;
      if (!turn?.quiet || turn.mentioned || turn.over || !turn.userId) continue;
      if (this.deps.home && !this.deps.home(channel.guildId)) continue;
      const last = Math.max(turn.since, channel.touched.get(turn.userId) ?? 0);
      if (now - last < this.deps.quietMs) continue;
      turn.mentioned = true;
      posts.push(this.post(channelId, channel.guildId, turn, [], [turn.userId], true));
    }
    await Promise.all(posts);
  }

  /** Wait until every post and deletion under way has gone out. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** Remember `channel`, the most recently changed last (the oldest beyond `CHANNELS_KEPT` is forgotten). */
  private keep(channelId: string, channel: Channel): void {
    this.channels.delete(channelId);
    this.channels.set(channelId, channel);
    if (this.channels.size > CHANNELS_KEPT) this.channels.delete(this.channels.keys().next().value ?? channelId);
  }

  /**
   * Post `lines` and a "your turn" line for each user in `mention` (pinging only them) about `turn`, unless the turn is
   * over by the time the post's turn comes. `check`: read the stored table first (another process may have moved on).
   */
  private post(channelId: string, guildId: string, turn: Turn, lines: string[], mention: string[], check = false): Promise<void> {
    turn.posts++;
    return this.enqueue(channelId, async () => {
      if (check) {
        const table = await this.deps.tables.get(channelId);
        if (table) this.turned(table);
        else this.closed(channelId);
      }
      if (turn.over) return;
      const loc = await this.deps.languages.forGuild(guildId);
      const content = [...lines, ...mention.map((user) => loc.t('turn.yours', { user }))].join('\n').slice(0, 2000);
      const channel = await this.deps.client.channels.fetch(channelId, { allowUnknownGuild: true });
      if (!channel?.isSendable()) throw new Error(`cannot post in channel ${channelId}`);
      const message = await channel.send({ content, allowedMentions: { users: mention } });
      turn.messages.push(message.id);
    });
  }

  /**
   * `turn` left its player: its posts are deleted once sent (after the posts on their way), in the background lane.
   * Returns the ids of the posts already sent.
   */
  private retire(channelId: string, turn: Turn): string[] {
    turn.over = true;
    if (!turn.posts) return [];
    const sent = [...turn.messages];
    void this.enqueue(channelId, async () => {
      if (!turn.messages.length) return;
      await this.deps.lane?.turn('following').ready;
      for (const id of turn.messages.splice(0)) await this.delete(channelId, id);
    });
    return sent;
  }

  /** Delete message `id` of the channel; one that is already gone is no error. */
  private async delete(channelId: string, id: string): Promise<void> {
    try {
      const channel = await this.deps.client.channels.fetch(channelId, { allowUnknownGuild: true });
      if (channel?.isSendable()) await channel.messages.delete(id);
    } catch (err) {
      if (!(err instanceof DiscordAPIError && ALREADY_GONE.has(Number(err.code)))) throw err;
    }
  }

  /** Run `job` after the channel's earlier posts and deletions; a failure is logged, never thrown. */
  private enqueue(channelId: string, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(channelId) ?? Promise.resolve())
      .then(job)
      .catch((err: unknown) => this.deps.log.warn({ err, channelId }, 'could not post or delete a ping'));
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
    return next;
  }
}
