/**
 * A `TableService` on the real Redis under the test's own key prefix, as the bot builds it, with a fixed clock, seed
 * and table id. Its cleanup (the prefix's keys, then the connection) is pushed onto `cleanups`, for the test's
 * `afterEach` to run in reverse order.
 */
import { RecordBook } from '../../src/records/book.ts';
import { deadlineIndex, openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { TableService } from '../../src/tables/service.ts';
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
