/**
 * The child process of the ledger crash test (test/records/ledger-crash.test.ts): commits the synthetic records
 * (test/support/records.ts) of one guild to the Redis ledger, one after another, until it is killed.
 *
 * It loads its modules, writes `ready` and waits for a line on stdin (so the test can start it the moment the
 * previous one is killed). Then it reads how many records are stored (they are committed in order, so records
 * 0…n−1 are there), commits record n−1 again and reports whether that changed anything (`again <id> <committed>`),
 * and commits records n, n+1, … up to LEDGER_COUNT, writing `begin <i>` before and `end <i>` after each commit.
 *
 * Environment: REDIS_URL, LEDGER_PREFIX, LEDGER_SEED (the synthetic sequence's seed), LEDGER_COUNT.
 */
import { openStorage } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { crashSequence, syntheticRecord } from './records.ts';

const prefix = process.env.LEDGER_PREFIX as string;
const count = Number(process.env.LEDGER_COUNT);
const sequence = crashSequence(process.env.LEDGER_SEED as string);

process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();

const storage = openStorage({ redisUrl: process.env.REDIS_URL as string, namespace: prefix });
// Only one child runs at a time; a lock left by a killed one expires soon.
const ledger = openLedger(storage, new Locks(storage.redis, { ttlMs: 200, waitMs: 10_000 }));
const stored = (await ledger.history({ guildId: sequence.guildId, offset: 0, limit: 0 })).total;
if (stored > 0) {
  const again = await ledger.commit(syntheticRecord(sequence, stored - 1));
  process.stdout.write(`again r${stored - 1} ${again.committed}\n`);
}
for (let i = stored; i < count; i++) {
  process.stdout.write(`begin ${i}\n`);
  await ledger.commit(syntheticRecord(sequence, i));
  process.stdout.write(`end ${i}\n`);
}
await storage.close();
process.stdout.write('done\n');
