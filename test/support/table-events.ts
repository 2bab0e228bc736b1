/**
 * Helpers for tests of table change events (src/tables/events.ts, src/store/events.ts):
 * - `redisProcess`: what one bot process holds on the real Redis under a key prefix — its own store connection
 *   (`openStorage`), table store and `TableService` with the store's events — on a clock the test moves;
 * - `Heard`: the events a subscriber heard, with `next` to wait for the next one (no wall clock: the test's timeout
 *   ends a wait that never comes);
 * - `oneMove`: the next move of a table, the computer's (its deadline handled) or a person's first legal move.
 */
import { RecordBook } from '../../src/records/book.ts';
import { openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { deadlineIndex } from '../../src/store/keyv.ts';
import { FinishedNoteStore } from '../../src/store/finished.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import type { TableEvent, TableEvents } from '../../src/tables/events.ts';
import { gameById } from '../../src/tables/games.ts';
import { type Actor, stampOf, TableService } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { REDIS_URL } from './bot.ts';

/** One process's view of the store: its connection, its table layer and its clock. */
export interface TableProcess {
  storage: Storage;
  tables: TableService;
  /** Move the clock on by `ms`. */
  advance(ms: number): void;
}

/** A process on the real Redis under `prefix`; closing its store is pushed onto `cleanups`. */
export function redisProcess(prefix: string, cleanups: (() => Promise<unknown>)[]): TableProcess {
  const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
  cleanups.push(() => storage.close());
  return tableProcess(storage);
}

/** A process over an opened `storage` (Redis or embedded). */
export function tableProcess(storage: Storage): TableProcess {
  const locks = new Locks(storage.redis);
  let t = 1_700_000_000_000;
  const tables = new TableService({
    tables: tableStore(storage, locks),
    results: new RecordBook(openLedger(storage, locks), async () => 'UTC'),
    deadlines: deadlineIndex(storage),
    finished: new FinishedNoteStore(storage.keyv),
    events: storage.events,
    now: () => t,
    newSeed: () => 'events-seed',
    newId: () => 'tev1',
  });
  return { storage, tables, advance: (ms) => (t += ms) };
}

/** The events one subscriber heard, in order. */
export class Heard {
  readonly events: TableEvent[] = [];
  gaps = 0;
  private waiting: { count: number; resolve: () => void }[] = [];
  private gapWaiters: (() => void)[] = [];
  /** Ends the subscription (set by `subscribe`). */
  stop: () => void = () => undefined;

  /** Subscribe to `events`; resolves once the subscription is in effect. */
  static async subscribe(events: TableEvents): Promise<Heard> {
    const heard = new Heard();
    heard.stop = await events.subscribe((e) => heard.push(e), { onGap: () => heard.gap() });
    return heard;
  }

  private push(event: TableEvent): void {
    this.events.push(event);
    this.waiting = this.waiting.filter((w) => (w.count <= this.events.length ? (w.resolve(), false) : true));
  }

  private gap(): void {
    this.gaps++;
    for (const w of this.gapWaiters.splice(0)) w();
  }

  /** Resolves once `count` events have been heard in all. */
  until(count: number): Promise<TableEvent[]> {
    if (this.events.length >= count) return Promise.resolve(this.events.slice(0, count));
    return new Promise((resolve) => this.waiting.push({ count, resolve: () => resolve(this.events.slice(0, count)) }));
  }

  /** Resolves at the next gap report. */
  nextGap(): Promise<void> {
    return new Promise((resolve) => this.gapWaiters.push(resolve));
  }
}

/** An event as a short line for comparing lists: `<kind> v<version>`. */
export const line = (e: TableEvent): string => `${e.kind} v${e.version}`;

/**
 * The next move at `table` through `p`: when a computer seat is to act, the clock moves past its pause and the
 * deadline is handled (as the timer loop does); otherwise `actor` plays their first legal move. The table after it.
 */
export async function oneMove(p: TableProcess, table: TableRecord, actor: Actor): Promise<TableRecord | undefined> {
  const toAct = gameById(table.game)?.toAct(table.state) as number[];
  if (table.seats[toAct[0] as number]?.bot) {
    p.advance(60_000);
    await p.tables.expire(table.channelId);
  } else {
    const view = p.tables.view(table, p.tables.seatOf(table, actor.userId)) as { legal?: unknown[] };
    await p.tables.act(table.channelId, actor, stampOf(table), view.legal?.[0]);
  }
  return p.tables.get(table.channelId);
}

/** Open a Réunion table in `channelId` with `host` and two computer players, and start it. */
export async function startedTable(p: TableProcess, channelId: string, host: Actor): Promise<TableRecord> {
  await p.tables.create({ guildId: 'g1', channelId }, host, 'reunion', {}, { turnTimer: 0 });
  await p.tables.fillWithBots(channelId, host);
  return p.tables.start(channelId, host);
}
