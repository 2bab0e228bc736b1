/**
 * The web table's sockets, by channel, and what keeps them up to date: the table change events
 * (src/tables/events.ts), followed as every other screen follows them (src/discord/follow.ts) — the stored table is
 * the truth, an event a hint. On each change of a channel with sockets open, the table is read once and every socket
 * gets the `state` of its own user's seat (the public view for a spectator); a finished game sends `result`, a table
 * closed without one `closed`. Own events are not skipped: nothing else pushes to the sockets. After a gap (the
 * subscription's connection was lost), every channel with sockets is read again. Events of one channel are handled
 * one after the other; nothing is polled.
 */
import type { Logger } from '../logger.ts';
import { isNews, type Seen, type TableEvent } from '../tables/events.ts';
import type { TableService } from '../tables/service.ts';
import type { FinishedGame, TableRecord } from '../tables/types.ts';
import { closedFrame, resultFrame, seatOfUser, stateFrame } from './frames.ts';
import type { ServerFrame } from './protocol.ts';
import type { WebUser } from './session.ts';

/** One open socket that shows a channel's table. */
export interface Viewer {
  readonly channel: string;
  readonly user: WebUser;
  /** The table id and version last sent to it (null: none yet). */
  shown: Seen | null;
  /** Send a frame already serialized. */
  send(data: string): void;
}

/** What the hub reads. */
export interface HubDeps {
  tables: TableService;
  /** The finished game `id` of guild `guildId` (its record), or null (none: a practice table). */
  finishedGame(guildId: string, id: string): Promise<FinishedGame | null>;
  log: Logger;
}

/** The sockets of every channel and their pushes (see the file's comment). */
export class TableHub {
  private readonly viewers = new Map<string, Set<Viewer>>();
  private readonly queues = new Map<string, Promise<void>>();
  /** The guild of each channel's table last read (a finished game's record is looked up by it). */
  private readonly guilds = new Map<string, string>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: HubDeps) {}

  /** Follow the table events; resolves once subscribed. */
  async start(): Promise<void> {
    const events = this.deps.tables.events;
    if (!events || this.unsubscribe) return;
    this.unsubscribe = await events.subscribe((event) => this.heard(event), { onGap: () => this.catchUp() });
  }

  /** Stop following the events. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** How many sockets are open, over all channels. */
  get size(): number {
    let n = 0;
    for (const set of this.viewers.values()) n += set.size;
    return n;
  }

  /** Wait until every event heard and every first state is sent. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** A socket opens the channel's table: it gets the table as it is now, then every change. */
  add(viewer: Viewer): void {
    let set = this.viewers.get(viewer.channel);
    if (!set) this.viewers.set(viewer.channel, (set = new Set()));
    set.add(viewer);
    this.enqueue(viewer.channel, () => this.read(viewer.channel, [viewer], true));
  }

  /** A socket closed. */
  remove(viewer: Viewer): void {
    const set = this.viewers.get(viewer.channel);
    set?.delete(viewer);
    if (set?.size === 0) {
      this.viewers.delete(viewer.channel);
      this.guilds.delete(viewer.channel);
    }
  }

  private heard(event: TableEvent): void {
    const set = this.viewers.get(event.channelId);
    if (!set || ![...set].some((v) => isNews(event, v.shown))) return;
    this.enqueue(event.channelId, () => this.handle(event));
  }

  private catchUp(): void {
    for (const channel of this.viewers.keys()) this.enqueue(channel, () => this.read(channel, this.list(channel), false));
  }

  private list(channel: string): Viewer[] {
    return [...(this.viewers.get(channel) ?? [])];
  }

  private async handle(event: TableEvent): Promise<void> {
    const viewers = this.list(event.channelId).filter((v) => isNews(event, v.shown));
    switch (event.kind) {
      case 'board':
      case 'timer':
      case 'result':
        return;
      case 'finished':
        return this.finished(event.channelId, event.tableId, event.version, viewers);
      case 'closed':
        return this.gone(viewers, { tableId: event.tableId, version: event.version }, JSON.stringify(closedFrame(event.channelId, 'closed')));
      default:
        return this.read(event.channelId, viewers, false);
    }
  }

  /** Read the channel's table and send it to `viewers` that have not seen it (`first`: a socket's first state). */
  private async read(channel: string, viewers: readonly Viewer[], first: boolean): Promise<void> {
    const table = await this.deps.tables.get(channel);
    if (!table) {
      if (first) return this.gone(viewers, null, JSON.stringify(closedFrame(channel, 'none')));
      // Gone since (after a gap): the last finished game if it is the one shown, otherwise closed.
      const last = await this.deps.tables.lastFinished(channel);
      for (const v of viewers) {
        if (!v.shown) continue;
        if (last?.recordId === v.shown.tableId) await this.finished(channel, last.recordId, last.version ?? v.shown.version + 1, [v]);
        else this.gone([v], { tableId: v.shown.tableId, version: v.shown.version + 1 }, JSON.stringify(closedFrame(channel, 'closed')));
      }
      return;
    }
    this.guilds.set(channel, table.guildId);
    this.push(table, viewers);
  }

  /** Send `table` to each of `viewers` that showed an older version (or another table); one view per seat. */
  private push(table: TableRecord, viewers: readonly Viewer[]): void {
    const game = this.deps.tables.engine(table);
    const frames = new Map<string, string>();
    for (const v of viewers) {
      if (v.shown && v.shown.tableId === table.id && v.shown.version >= table.version) continue;
      const seat = seatOfUser(table, v.user.id);
      const key = `${seat}:${v.user.lang}:${seat === null ? '' : v.user.id}`;
      let data = frames.get(key);
      if (data === undefined) frames.set(key, (data = JSON.stringify(stateFrame(game, table, seat, v.user.lang))));
      v.shown = { tableId: table.id, version: table.version };
      v.send(data);
    }
  }

  /** The game `tableId` ended: its result to `viewers` (closed when it has no record, e.g. a practice table). */
  private async finished(channel: string, tableId: string, version: number, viewers: readonly Viewer[]): Promise<void> {
    if (!viewers.length) return;
    const guild = this.guilds.get(channel);
    const record = guild ? await this.deps.finishedGame(guild, tableId) : null;
    for (const v of viewers) {
      const frame: ServerFrame = record ? resultFrame(record, v.user.id, v.user.lang) : closedFrame(channel, 'finished');
      this.gone([v], { tableId, version }, JSON.stringify(frame));
    }
  }

  private gone(viewers: readonly Viewer[], seen: Seen | null, data: string): void {
    for (const v of viewers) {
      if (seen) v.shown = seen;
      v.send(data);
    }
  }

  /** Run `job` after the channel's earlier ones; a failure is logged, never thrown. */
  private enqueue(channel: string, job: () => Promise<void>): void {
    const next = (this.queues.get(channel) ?? Promise.resolve())
      .then(job)
      .catch((err: unknown) => this.deps.log.warn({ err, channelId: channel }, 'could not push a table change to the web table'));
    this.queues.set(channel, next);
    void next.then(() => {
      if (this.queues.get(channel) === next) this.queues.delete(channel);
    });
  }
}
