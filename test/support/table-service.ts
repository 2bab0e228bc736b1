/**
 * `TableService`s as the bot builds them, for tests of the table layer and the stores under it:
 * - `redisTableService`: on the real Redis under the test's own key prefix, with a fixed clock, seed and table id. Its
 *   cleanup (the prefix's keys, then the connection) is pushed onto `cleanups`, for the test's `afterEach` to run in
 *   reverse order.
 * - `embeddedTableService`: on the embedded store (one SQLite file for tables, deadlines and records), on a clock the
 *   test moves, with `move` to play a game through by one seat and the computer players.
 */
import { RecordBook } from '../../src/records/book.ts';
import type { RecordLedger } from '../../src/records/types.ts';
import { deadlineIndex, openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { gameById } from '../../src/tables/games.ts';
import { type Actor, stampOf, TableService } from '../../src/tables/service.ts';
import type { DeadlineIndex, TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from './bot.ts';

export function redisTableService(name: string, seed: string, cleanups: (() => Promise<void>)[]): TableService {
  const prefix = testPrefix(name);
  const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
  const locks = new Locks(storage.redis);
  cleanups.push(() => cleanupPrefix(prefix));
  cleanups.push(() => storage.close());
  return new TableService({
    tables: tableStore(storage, locks),
    results: new RecordBook(openLedger(storage, locks), async () => 'UTC'),
    deadlines: deadlineIndex(storage),
    now: () => 1_700_000_000_000,
    newSeed: () => seed,
    newId: () => 't1',
  });
}

/** A table layer on the embedded store, with what a test needs to play through it and look into the store. */
export interface EmbeddedTables {
  tables: TableService;
  storage: Storage;
  ledger: RecordLedger;
  deadlines: DeadlineIndex;
  /**
   * One move at `table`: the computer's when a computer seat is to act (the clock moves a minute on and the due
   * deadlines are handled, as the bot's timer loop does), else `actor`'s first legal move. The table after it, or
   * undefined once its game is over.
   */
  move(table: TableRecord, actor: Actor): Promise<TableRecord | undefined>;
}

/**
 * A `TableService` on the embedded store at `dataFile` under namespace `namespace`, its clock starting at `start`
 * (epoch ms); the n-th table gets seed `<seed>-<n>` and id `t<n>`. Closing the store is pushed onto `cleanups`.
 */
export function embeddedTableService(
  dataFile: string,
  opts: { namespace: string; seed: string; start: number },
  cleanups: (() => Promise<unknown> | unknown)[],
): EmbeddedTables {
  const storage = openStorage({ dataFile, namespace: opts.namespace });
  cleanups.push(() => storage.close());
  const ledger = openLedger(storage, new Locks(null));
  const deadlines = deadlineIndex(storage);
  let t = opts.start;
  let n = 0;
  const tables = new TableService({
    tables: tableStore(storage, new Locks(null)),
    results: new RecordBook(ledger, async () => 'UTC'),
    deadlines,
    now: () => t,
    newSeed: () => `${opts.seed}-${++n}`,
    newId: () => `t${n}`,
  });
  const move = async (table: TableRecord, actor: Actor): Promise<TableRecord | undefined> => {
    const toAct = gameById(table.game)?.toAct(table.state) as number[];
    if (table.seats[toAct[0] as number]?.bot) {
      t += 60_000;
      for (const due of await deadlines.due(t, 10)) await tables.expire(due);
    } else {
      const view = tables.view(table, tables.seatOf(table, actor.userId)) as { legal?: unknown[] };
      await tables.act(table.channelId, actor, stampOf(table), view.legal?.[0]);
    }
    return tables.get(table.channelId);
  };
  return { tables, storage, ledger, deadlines, move };
}
