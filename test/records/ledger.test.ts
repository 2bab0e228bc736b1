/**
 * The record ledger (src/store/records/): the same suite on Redis (a prefix of its own, removed afterwards) and on
 * the embedded store (a temporary DATA_FILE: one SQLite file with the tables and the records) — exactly-once commits,
 * leaderboards (sorts, ties, pages, bots, periods), statistics, ratings against openskill's own `rate`, history;
 * then the two stores give identical answers for the same 300 random records, and the embedded store gives them
 * again after a reopen; on the embedded store the records stay out of the file a table move rewrites.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ordinal, rate, rating } from 'openskill';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameId } from '../../src/tables/games.ts';
import { periodIds } from '../../src/records/periods.ts';
import type { GameRecord, RecordLedger } from '../../src/records/types.ts';
import { deadlineIndex, openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { channelSetKey, channelsKey } from '../../src/store/keys.ts';
import { MemoryLedger } from '../../src/store/records/memory.ts';
import { MemoryRecordRows } from '../../src/store/records/rows.ts';
import type { Actor } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { ledgerSnapshot, syntheticRecord } from '../support/records.ts';
import { embeddedTableService } from '../support/table-service.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A ledger on one of the two stores; `again()` opens another one on the same data (Redis: a second process; embedded: a reopen). */
interface Opened {
  ledger: RecordLedger;
  again(): RecordLedger;
}

function openRedis(): Opened {
  const prefix = testPrefix('ledger');
  const on = (): RecordLedger => {
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => storage.close());
    return openLedger(storage, new Locks(storage.redis));
  };
  cleanups.push(() => cleanupPrefix(prefix));
  return { ledger: on(), again: on };
}

/** A temporary folder, removed afterwards. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-ledger-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function openEmbedded(): Opened {
  const dataFile = join(tempDir(), 'store.sqlite');
  const on = (): RecordLedger => {
    const storage: Storage = openStorage({ dataFile, namespace: 'ledger' });
    cleanups.push(() => storage.close());
    expect(storage.records?.file).toBe(dataFile);
    return openLedger(storage, new Locks(null));
  };
  return { ledger: on(), again: on };
}

const GUILD = '700';

/** A record by hand: seats as [playerId, measure, rank]; `bot:<level>` ids are computer players. */
function rec(
  id: string,
  at: number,
  seats: [string, number, number][],
  opts: { game?: GameId; timeZone?: string; counts?: Record<string, number>[]; channelId?: string } = {},
): GameRecord {
  const timeZone = opts.timeZone ?? 'UTC';
  return {
    id,
    guildId: GUILD,
    channelId: opts.channelId ?? 'c1',
    game: opts.game ?? 'reunion',
    options: {},
    seats: seats.map(([p]) =>
      p.startsWith('bot:') ? { userId: 'bot:1', name: '🤖 Kurt', bot: 'strong' as const } : { userId: p, name: `name-${p}` },
    ),
    startedAt: at - 1000,
    finishedAt: at,
    seed: 's',
    moves: [],
    result: null,
    deals: [],
    outcomes: seats.map(([playerId, measure, rank], i) => ({
      playerId,
      name: playerId.startsWith('bot:') ? '🤖 Kurt' : `name-${playerId}`,
      bot: playerId.startsWith('bot:'),
      measure,
      rank,
      win: rank === 1,
      counts: opts.counts?.[i] ?? {},
    })),
    periods: periodIds(at, timeZone),
    timeZone,
  };
}

const T0 = Date.UTC(2026, 2, 4, 12); // Wednesday 4 March 2026, 12:00 UTC
const board = (ledger: RecordLedger, sort: 'net' | 'wins' | 'rating' | 'games', more: Partial<Parameters<RecordLedger['board']>[0]> = {}) =>
  ledger.board({ guildId: GUILD, game: 'reunion', periodId: 'all', includeBots: false, sort, offset: 0, limit: 10, ...more });
const ids = (r: { rows: { playerId: string }[] }) => r.rows.map((row) => row.playerId);

describe.each([
  ['Redis', openRedis],
  ['embedded store', openEmbedded],
] as const)('record ledger on %s', (_name, open) => {
  it('counts a record once, committed twice in a row or many times at once', async () => {
    const { ledger } = open();
    const r1 = rec('g1', T0, [
      ['a', 2, 1],
      ['b', -1, 2],
      ['c', -1, 2],
    ]);
    const first = await ledger.commit(r1);
    expect(first.committed).toBe(true);
    expect(first.record.outcomes.every((o) => o.rating)).toBe(true);
    const second = await ledger.commit(r1);
    expect(second).toEqual({ committed: false, record: first.record });

    const r2 = rec('g2', T0 + 1000, [
      ['a', 1, 1],
      ['b', 0, 2],
      ['c', -1, 3],
    ]);
    const at = await Promise.all(Array.from({ length: 6 }, () => ledger.commit(r2)));
    expect(at.filter((x) => x.committed)).toHaveLength(1);
    expect(new Set(at.map((x) => JSON.stringify(x.record))).size).toBe(1);

    expect((await ledger.all(GUILD)).map((r) => r.id)).toEqual(['g1', 'g2']);
    expect((await ledger.stats(GUILD, 'reunion', 'a'))?.games).toBe(2);
    expect((await board(ledger, 'games')).rows.map((r) => [r.playerId, r.games, r.wins, r.net])).toEqual([
      ['a', 2, 2, 3],
      ['b', 2, 0, -1],
      ['c', 2, 0, -2],
    ]);
    expect(await ledger.record(GUILD, 'g2')).toEqual(at[0]?.record);
    expect(await ledger.record(GUILD, 'nope')).toBeNull();
  });

  it('sorts a board by net, wins, rating and games; ties go to fewer games, then player id; computer players only with includeBots', async () => {
    const { ledger } = open();
    await ledger.commit(
      rec('g1', T0, [
        ['a', 5, 1],
        ['b', -2, 2],
        ['c', -3, 3],
      ]),
    );
    await ledger.commit(
      rec('g2', T0 + 1, [
        ['a', -1, 2],
        ['d', 4, 1],
        ['b', -3, 3],
      ]),
    );
    await ledger.commit(
      rec('g3', T0 + 2, [
        ['bot:strong', 2, 1],
        ['c', 0, 2],
        ['d', -2, 3],
      ]),
    );
    // a: 2 games, 1 win, +4; b: 2, 0, −5; c: 2, 0, −3; d: 2, 1, +2; bot:strong: 1, 1, +2.
    expect(ids(await board(ledger, 'net'))).toEqual(['a', 'd', 'c', 'b']);
    expect(ids(await board(ledger, 'net', { includeBots: true }))).toEqual(['a', 'bot:strong', 'd', 'c', 'b']);
    expect(ids(await board(ledger, 'wins'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(await board(ledger, 'wins', { includeBots: true }))).toEqual(['bot:strong', 'a', 'd', 'b', 'c']);
    expect(ids(await board(ledger, 'games', { includeBots: true }))).toEqual(['a', 'b', 'c', 'd', 'bot:strong']);
    const byRating = await board(ledger, 'rating', { includeBots: true });
    const ratings = await Promise.all(byRating.rows.map(async (r) => (await ledger.stats(GUILD, 'reunion', r.playerId))?.rating.ordinal));
    expect(byRating.rows.map((r) => r.rating)).toEqual(ratings);
    expect([...ratings].sort((x, y) => (y as number) - (x as number))).toEqual(ratings);
    expect(byRating.total).toBe(5);

    const all = await board(ledger, 'net', { includeBots: true });
    expect(all.rows[1]).toEqual({
      position: 2,
      playerId: 'bot:strong',
      name: '🤖 Kurt',
      bot: true,
      games: 1,
      wins: 1,
      net: 2,
      rating: ratings[byRating.rows.findIndex((r) => r.playerId === 'bot:strong')],
    });
    expect(all.rows[0]).toMatchObject({ position: 1, playerId: 'a', name: 'name-a', bot: false, games: 2, wins: 1, net: 4 });
    expect((await board(ledger, 'net')).total).toBe(4);
    expect(await ledger.board({ guildId: GUILD, game: 'dreierles', periodId: 'all', includeBots: true, sort: 'net', offset: 0, limit: 10 })).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('pages a board: offset and limit, the total, nothing past the end, with and without computer players', async () => {
    const { ledger } = open();
    // Eleven players p00…p10, each in one game with net = their number (ties broken by id where equal).
    for (let i = 0; i < 11; i += 1) {
      const p = `p${String(i).padStart(2, '0')}`;
      await ledger.commit(
        rec(`g${i}`, T0 + i, [
          [p, i, 1],
          [`x${i}`, -i, 2],
          [`y${i}`, -i, 2],
        ]),
      );
    }
    // The computer players tie with p06 and p03 and come first by id: 'bot:…' < 'p…'.
    await ledger.commit(
      rec('gb', T0 + 20, [
        ['bot:strong', 6, 1],
        ['bot:easy', 3, 2],
        ['z', -9, 3],
      ]),
    );
    const first = await board(ledger, 'net', { limit: 3 });
    expect(first.total).toBe(34);
    expect(first.rows.map((r) => [r.position, r.playerId])).toEqual([
      [1, 'p10'],
      [2, 'p09'],
      [3, 'p08'],
    ]);
    const next = await board(ledger, 'net', { offset: 3, limit: 3 });
    expect(next.rows.map((r) => [r.position, r.playerId])).toEqual([
      [4, 'p07'],
      [5, 'p06'],
      [6, 'p05'],
    ]);
    // The last page: x0 and y0 (net 0) come after p00 (net 0, same games) by id, and x1/y1 (−1) after them.
    const last = await board(ledger, 'net', { offset: 9, limit: 5 });
    expect(last.rows.map((r) => r.playerId)).toEqual(['p01', 'p00', 'x0', 'y0', 'x1']);
    const tail = await board(ledger, 'net', { offset: 30, limit: 10 });
    expect(tail.rows.map((r) => [r.position, r.playerId])).toEqual([
      [31, 'y9'],
      [32, 'z'],
      [33, 'x10'],
      [34, 'y10'],
    ]);
    expect(await board(ledger, 'net', { offset: 34, limit: 10 })).toEqual({ rows: [], total: 34 });
    expect(await board(ledger, 'net', { offset: 500, limit: 10 })).toEqual({ rows: [], total: 34 });
    expect(await board(ledger, 'net', { offset: 0, limit: 0 })).toEqual({ rows: [], total: 34 });
    // With the computer players they take their places; without them the positions close up.
    const withBots = await board(ledger, 'net', { includeBots: true, offset: 3, limit: 7 });
    expect(withBots.total).toBe(36);
    expect(withBots.rows.map((r) => [r.position, r.playerId])).toEqual([
      [4, 'p07'],
      [5, 'bot:strong'],
      [6, 'p06'],
      [7, 'p05'],
      [8, 'p04'],
      [9, 'bot:easy'],
      [10, 'p03'],
    ]);
    expect((await board(ledger, 'net', { offset: 4, limit: 4 })).rows.map((r) => [r.position, r.playerId])).toEqual([
      [5, 'p06'],
      [6, 'p05'],
      [7, 'p04'],
      [8, 'p03'],
    ]);
    expect(ids(await board(ledger, 'net', { offset: 7, limit: 1 }))).toEqual(['p03']);
  });

  it('counts a game in the week, month and season of the guild when it finished (Europe/Berlin: Sunday 23:59 and Monday 00:01 are different weeks)', async () => {
    const { ledger } = open();
    const tz = 'Europe/Berlin';
    const sunday = Date.UTC(2026, 2, 29, 21, 59); // Sunday 29 March 2026, 23:59 CEST
    const monday = Date.UTC(2026, 2, 29, 22, 1); //  Monday 30 March 2026, 00:01 CEST
    const tuesday = Date.UTC(2026, 2, 31, 10); //    Tuesday 31 March (same week, same month as Monday)
    await ledger.commit(
      rec(
        'sun',
        sunday,
        [
          ['a', 3, 1],
          ['b', -3, 2],
          ['c', 0, 2],
        ],
        { timeZone: tz },
      ),
    );
    await ledger.commit(
      rec(
        'mon',
        monday,
        [
          ['a', -1, 3],
          ['b', 2, 1],
          ['c', -1, 2],
        ],
        { timeZone: tz },
      ),
    );
    await ledger.commit(
      rec(
        'tue',
        tuesday,
        [
          ['a', 1, 1],
          ['b', -1, 2],
          ['d', 0, 2],
        ],
        { timeZone: tz },
      ),
    );
    expect(periodIds(sunday, tz).week).toBe('2026-W13');
    expect(periodIds(monday, tz).week).toBe('2026-W14');
    const net = async (periodId: string) => (await board(ledger, 'net', { periodId })).rows.map((r) => [r.playerId, r.games, r.net]);
    expect(await net('2026-W13')).toEqual([
      ['a', 1, 3],
      ['c', 1, 0],
      ['b', 1, -3],
    ]);
    expect(await net('2026-W14')).toEqual([
      ['b', 2, 1],
      ['d', 1, 0], // net 0 like a, in fewer games
      ['a', 2, 0],
      ['c', 1, -1],
    ]);
    expect(await net('2026-03')).toEqual([
      ['a', 3, 3],
      ['d', 1, 0],
      ['c', 2, -1],
      ['b', 3, -2],
    ]);
    expect((await board(ledger, 'net', { periodId: '2026-Q1' })).total).toBe(4);
    expect((await board(ledger, 'net', { periodId: '2026-W12' })).total).toBe(0);
    // The rating on a week's board is the one after the player's last game in that week.
    const weekA = (await board(ledger, 'net', { periodId: '2026-W13' })).rows[0]?.rating;
    const recorded = (await ledger.record(GUILD, 'sun'))?.outcomes[0]?.rating?.after.ordinal;
    expect(weekA).toBe(recorded);
    expect((await board(ledger, 'net', { periodId: '2026-W14' })).rows.find((r) => r.playerId === 'a')?.rating).toBe(
      (await ledger.stats(GUILD, 'reunion', 'a'))?.rating.ordinal,
    );
  });

  it("keeps a player's statistics: games, wins, measure sum, best and worst, streaks, counts, rating and its history", async () => {
    const { ledger } = open();
    const plan: [number, number][] = [
      [5, 1],
      [3, 1],
      [-2, 2],
      [-7, 3],
      [0, 2],
      [4, 1],
    ];
    for (const [i, [measure, rank]] of plan.entries()) {
      const others: [string, number, number][] = [
        ['b', -measure, rank === 1 ? 2 : 1],
        ['c', 0, rank === 3 ? 2 : 3],
      ];
      await ledger.commit(
        rec(`s${i}`, T0 + i * 60_000, [['a', measure, rank], ...others], { counts: [{ bowersCaptured: i % 2, deals: 3 }, {}, {}] }),
      );
    }
    const s = await ledger.stats(GUILD, 'reunion', 'a');
    expect(s).toMatchObject({
      playerId: 'a',
      name: 'name-a',
      bot: false,
      games: 6,
      wins: 3,
      measureSum: 3,
      best: { measure: 5, recordId: 's0' },
      worst: { measure: -7, recordId: 's3' },
      streak: 1,
      longestWinStreak: 2,
      longestLossStreak: 3,
      counts: { bowersCaptured: 3, deals: 18 },
      lastPlayedAt: T0 + 5 * 60_000,
    });
    const records = await ledger.all(GUILD);
    const after = records.map((r) => r.outcomes[0]?.rating?.after.ordinal);
    expect(s?.rating.ordinal).toBe(after[5]);
    expect(await ledger.ratingHistory(GUILD, 'reunion', 'a', 0)).toEqual(records.map((r, i) => ({ at: r.finishedAt, ordinal: after[i] })));
    expect((await ledger.ratingHistory(GUILD, 'reunion', 'a', T0 + 2 * 60_000)).map((p) => p.at)).toEqual([2, 3, 4, 5].map((i) => T0 + i * 60_000));
    expect((await ledger.ratingHistory(GUILD, 'reunion', 'a', 0, 2)).map((p) => p.at)).toEqual([4, 5].map((i) => T0 + i * 60_000));
    // A last place lowers mu, a win raises it.
    const mu = records.map((r) => r.outcomes[0]?.rating);
    expect(mu[3]?.after.mu).toBeLessThan(mu[3]?.before.mu as number);
    expect(mu[5]?.after.mu).toBeGreaterThan(mu[5]?.before.mu as number);
    expect(mu[5]?.before).toEqual(mu[4]?.after);
    expect(await ledger.stats(GUILD, 'reunion', 'nobody')).toBeNull();
    expect(await ledger.stats(GUILD, 'romme', 'a')).toBeNull();
    expect(await ledger.ratingHistory(GUILD, 'romme', 'a', 0)).toEqual([]);
  });

  it("rates exactly as openskill's own rate: a three-player game, then a tie for first", async () => {
    const { ledger } = open();
    const one = await ledger.commit(
      rec('o1', T0, [
        ['a', 4, 1],
        ['b', -1, 2],
        ['c', -3, 3],
      ]),
    );
    const fresh = rating();
    const [[a1], [b1], [c1]] = rate([[fresh], [fresh], [fresh]], { rank: [1, 2, 3] }) as [[typeof fresh], [typeof fresh], [typeof fresh]];
    expect(one.record.outcomes.map((o) => o.rating)).toEqual(
      [a1, b1, c1].map((r) => ({ before: { ...fresh, ordinal: ordinal(fresh) }, after: { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) } })),
    );
    const two = await ledger.commit(
      rec('o2', T0 + 1, [
        ['c', 2, 1],
        ['a', 2, 1],
        ['b', -4, 3],
      ]),
    );
    const [[c2], [a2], [b2]] = rate([[c1], [a1], [b1]], { rank: [1, 1, 3] }) as [[typeof fresh], [typeof fresh], [typeof fresh]];
    expect(two.record.outcomes.map((o) => o.rating?.after)).toEqual([c2, a2, b2].map((r) => ({ mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) })));
    expect(two.record.outcomes.map((o) => o.rating?.before.mu)).toEqual([c1.mu, a1.mu, b1.mu]);
    expect((await ledger.stats(GUILD, 'reunion', 'b'))?.rating).toEqual({ mu: b2.mu, sigma: b2.sigma, ordinal: ordinal(b2) });
  });

  it('counts two seats of one computer level as two games of one entry, rated from the same prior and averaged', async () => {
    const { ledger } = open();
    const { record } = await ledger.commit(
      rec('d1', T0, [
        ['bot:strong', 3, 1],
        ['a', -1, 2],
        ['bot:strong', -2, 3],
      ]),
    );
    const fresh = rating();
    const [[s1], , [s3]] = rate([[fresh], [fresh], [fresh]], { rank: [1, 2, 3] }) as [[typeof fresh], [typeof fresh], [typeof fresh]];
    const mean = { mu: (s1.mu + s3.mu) / 2, sigma: (s1.sigma + s3.sigma) / 2 };
    expect(record.outcomes[0]?.rating?.after).toEqual({ ...mean, ordinal: ordinal(mean) });
    expect(record.outcomes[2]?.rating?.after).toEqual(record.outcomes[0]?.rating?.after);
    expect(await ledger.stats(GUILD, 'reunion', 'bot:strong')).toMatchObject({
      games: 2,
      wins: 1,
      measureSum: 1,
      streak: -1,
      best: { measure: 3 },
      worst: { measure: -2 },
    });
    expect((await board(ledger, 'net', { includeBots: true })).rows.map((r) => [r.playerId, r.games, r.wins, r.net])).toEqual([
      ['bot:strong', 2, 1, 1],
      ['a', 1, 0, -1],
    ]);
    expect(await ledger.ratingHistory(GUILD, 'reunion', 'bot:strong', 0)).toHaveLength(1);
  });

  it('lists history newest first: all games, one game, one player, one player in one game; pages and totals', async () => {
    const { ledger } = open();
    await ledger.commit(
      rec('h1', T0, [
        ['a', 1, 1],
        ['b', 0, 2],
        ['c', -1, 3],
      ]),
    );
    await ledger.commit(
      rec(
        'h2',
        T0 + 10,
        [
          ['a', 1, 1],
          ['b', 0, 2],
          ['d', -1, 3],
        ],
        { game: 'dreierles' },
      ),
    );
    await ledger.commit(
      rec('h4', T0 + 20, [
        ['b', 1, 1],
        ['c', 0, 2],
        ['d', -1, 3],
      ]),
    );
    await ledger.commit(
      rec(
        'h3',
        T0 + 20,
        [
          ['a', 1, 1],
          ['c', 0, 2],
          ['d', -1, 3],
        ],
        { game: 'romme' },
      ),
    ); // same finish time as h4
    await ledger.commit(
      rec('h0', T0 - 10, [
        ['a', 1, 1],
        ['c', 0, 2],
        ['d', -1, 3],
      ]),
    ); // committed last, finished first
    const page = async (q: { game?: GameId; playerId?: string; offset?: number; limit?: number }) => {
      const h = await ledger.history({ guildId: GUILD, offset: 0, limit: 10, ...q });
      return [h.records.map((r) => r.id), h.total];
    };
    expect(await page({})).toEqual([['h4', 'h3', 'h2', 'h1', 'h0'], 5]);
    expect(await page({ offset: 1, limit: 2 })).toEqual([['h3', 'h2'], 5]);
    expect(await page({ offset: 5 })).toEqual([[], 5]);
    expect(await page({ game: 'reunion' })).toEqual([['h4', 'h1', 'h0'], 3]);
    expect(await page({ playerId: 'b' })).toEqual([['h4', 'h2', 'h1'], 3]);
    expect(await page({ playerId: 'a', game: 'reunion' })).toEqual([['h1', 'h0'], 2]);
    expect(await page({ playerId: 'zed' })).toEqual([[], 0]);
    expect((await ledger.history({ guildId: GUILD, offset: 0, limit: 1 })).records[0]).toEqual(await ledger.record(GUILD, 'h4'));
    expect((await ledger.all(GUILD)).map((r) => r.id)).toEqual(['h1', 'h2', 'h4', 'h3', 'h0']);
    expect(await ledger.all('other-guild')).toEqual([]);
  });

  it('lists only the games a member may see: by channel access (asked once per channel), players-only channels by seat', async () => {
    const { ledger } = open();
    const seats: [string, number, number][] = [
      ['a', 1, 1],
      ['b', 0, 2],
      ['c', -1, 3],
    ];
    const others: [string, number, number][] = [
      ['b', 1, 1],
      ['c', 0, 2],
      ['d', -1, 3],
    ];
    await ledger.commit(rec('v1', T0, seats, { channelId: 'open' }));
    await ledger.commit(rec('v2', T0 + 10, others, { channelId: 'private' }));
    await ledger.commit(rec('v3', T0 + 20, seats, { channelId: 'gone' }));
    await ledger.commit(rec('v4', T0 + 30, others, { channelId: 'gone' }));
    await ledger.commit(rec('v5', T0 + 40, others, { channelId: 'open', game: 'romme' }));
    const ACCESS = { open: 'all', private: 'none', gone: 'players' } as const;
    const asked: string[] = [];
    const visibleTo = (userId: string) => ({
      userId,
      access: async (ch: string) => (asked.push(ch), ACCESS[ch as keyof typeof ACCESS]),
    });
    const page = async (userId: string, q: { game?: GameId; playerId?: string; offset?: number; limit?: number } = {}) => {
      const h = await ledger.history({ guildId: GUILD, offset: 0, limit: 10, visibleTo: visibleTo(userId), ...q });
      return [h.records.map((r) => r.id), h.total];
    };
    expect(await page('a')).toEqual([['v5', 'v3', 'v1'], 3]);
    expect(asked.sort()).toEqual(['gone', 'open', 'private']);
    expect(await page('d')).toEqual([['v5', 'v4', 'v1'], 3]);
    expect(await page('a', { offset: 1, limit: 1 })).toEqual([['v3'], 3]);
    expect(await page('a', { offset: 3 })).toEqual([[], 3]);
    expect(await page('a', { game: 'reunion' })).toEqual([['v3', 'v1'], 2]);
    expect(await page('a', { playerId: 'd' })).toEqual([['v5'], 1]);
    expect(await page('zed')).toEqual([['v5', 'v1'], 2]);
    expect((await ledger.history({ guildId: GUILD, offset: 0, limit: 10 })).total).toBe(5);
    // A member who may see every channel gets the plain history.
    const everything = { userId: 'zed', access: async () => 'all' as const };
    expect(await ledger.history({ guildId: GUILD, offset: 1, limit: 3, visibleTo: everything })).toEqual(
      await ledger.history({ guildId: GUILD, offset: 1, limit: 3 }),
    );
  });

  it('gives the same answers from another ledger on the same data (Redis: another process; embedded: after a reopen)', async () => {
    const { ledger, again } = open();
    const o = { guildId: GUILD, seed: 'again', people: 8, start: T0, stepMs: 3_600_000, timeZone: 'Europe/Berlin' };
    const records = Array.from({ length: 40 }, (_, i) => syntheticRecord(o, i));
    for (const r of records) await ledger.commit(r);
    const before = await ledgerSnapshot(ledger, GUILD, records);
    expect(await ledgerSnapshot(again(), GUILD, records)).toEqual(before);
  });
});

describe('record ledger on Redis, two processes', () => {
  it('counts each record once when two ledgers commit the same records at once', async () => {
    const { ledger, again } = openRedis();
    const other = again();
    const o = { guildId: GUILD, seed: 'two', people: 6, start: T0, stepMs: 60_000, timeZone: 'UTC' };
    const records = Array.from({ length: 20 }, (_, i) => syntheticRecord(o, i));
    const results = await Promise.all(records.flatMap((r) => [ledger.commit(r), other.commit(r), ledger.commit(r)]));
    expect(results.filter((x) => x.committed)).toHaveLength(20);
    expect((await ledger.all(GUILD)).map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
    for (const game of ['reunion', 'dreierles', 'romme'] as const) {
      const rows = (await ledger.board({ guildId: GUILD, game, periodId: 'all', includeBots: true, sort: 'games', offset: 0, limit: 100 })).rows;
      expect(rows.reduce((sum, r) => sum + r.games, 0)).toBe(3 * records.filter((r) => r.game === game).length);
    }
  });
});

describe('record ledger on Redis, records from before the channels index', () => {
  it('finds the channel of a record committed before the index existed, and adds it to the index', async () => {
    const prefix = testPrefix('ledger-channels');
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(
      () => cleanupPrefix(prefix),
      () => storage.close(),
    );
    const ledger = openLedger(storage, new Locks(storage.redis));
    const seats: [string, number, number][] = [
      ['a', 1, 1],
      ['b', 0, 2],
      ['c', -1, 3],
    ];
    await ledger.commit(rec('o1', T0, seats, { channelId: 'open' }));
    await ledger.commit(rec('o2', T0 + 10, seats, { channelId: 'private' }));
    const raw = createClient({ url: REDIS_URL });
    await raw.connect();
    cleanups.push(() => raw.quit());
    const key = `${prefix}::${channelsKey(GUILD)}`;
    const setKey = `${prefix}::${channelSetKey(GUILD)}`;
    expect(await raw.hGetAll(key)).toEqual({ o1: 'open', o2: 'private' });
    await raw.del([key, setKey]); // as stored before the index
    const visibleTo = { userId: 'a', access: async (ch: string) => (ch === 'open' ? ('all' as const) : ('none' as const)) };
    const h = await ledger.history({ guildId: GUILD, offset: 0, limit: 10, visibleTo });
    expect([h.records.map((r) => r.id), h.total]).toEqual([['o1'], 1]);
    expect(await raw.hGetAll(key)).toEqual({ o1: 'open', o2: 'private' });
    expect((await raw.sMembers(setKey)).sort()).toEqual(['open', 'private']);
    // With the index complete again, a member who sees both channels gets every game.
    const both = { userId: 'zed', access: async () => 'all' as const };
    expect((await ledger.history({ guildId: GUILD, offset: 0, limit: 10, visibleTo: both })).total).toBe(2);
  });
});

describe('Redis and the embedded store agree', () => {
  it('give identical answers for the same 300 random records, and the embedded store again after a reopen', async () => {
    const redis = openRedis();
    const embedded = openEmbedded();
    const o = { guildId: GUILD, seed: 'agree', people: 20, start: Date.UTC(2025, 10, 20), stepMs: 5 * 3_600_000, timeZone: 'Europe/Berlin' };
    const records = Array.from({ length: 300 }, (_, i) => syntheticRecord(o, i));
    for (const r of records) {
      const [a, b] = await Promise.all([redis.ledger.commit(r), embedded.ledger.commit(r)]);
      expect(a).toEqual(b);
    }
    const fromRedis = await ledgerSnapshot(redis.ledger, GUILD, records);
    expect(await ledgerSnapshot(embedded.ledger, GUILD, records)).toEqual(fromRedis);
    expect(await ledgerSnapshot(embedded.again(), GUILD, records)).toEqual(fromRedis);
    // A ledger that keeps nothing, fed the stored records in order, derives the same.
    const fresh = new MemoryLedger(new MemoryRecordRows(), new Locks(null));
    for (const r of await redis.ledger.all(GUILD)) await fresh.commit(r);
    expect(await ledgerSnapshot(fresh, GUILD, records)).toEqual(fromRedis);
  });
});

describe('record ledger on the embedded store', () => {
  it('keeps tables, deadlines and finished games in one SQLite file that a reopened store reads whole', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'stammtisch.sqlite');
    const { tables, storage, ledger, move } = embeddedTableService(dataFile, { namespace: 'moves', seed: 'table-seed', start: T0 }, cleanups);
    const alice: Actor = { userId: '101', name: 'Alice' };
    const channel = { guildId: GUILD, channelId: '500' };
    const startTable = async () => {
      await tables.create(channel, alice, 'reunion', {}, { turnTimer: 0 });
      await tables.addBot(channel.channelId, alice, 'easy');
      await tables.addBot(channel.channelId, alice, 'easy');
      return tables.start(channel.channelId, alice);
    };

    // A whole game through the table layer: its record (with the move log) goes to the ledger.
    let table: TableRecord | undefined = await startTable();
    for (let guard = 0; table && guard < 1000; guard++) table = await move(table, alice);
    expect(table).toBeUndefined();
    const [played] = await ledger.all(GUILD);
    expect(played?.seed).toBe('table-seed-1');
    expect(played?.moves.length).toBeGreaterThan(20);

    // A second table a move in, and 300 more records; then the store is closed and opened again.
    table = await move(await startTable(), alice);
    const o = { guildId: GUILD, seed: 'moves', people: 20, start: T0, stepMs: 60_000, timeZone: 'UTC' };
    for (let i = 0; i < 300; i++) expect((await ledger.commit(syntheticRecord(o, i))).committed).toBe(true);
    table = await move(table as TableRecord, alice);
    expect(table?.version).toBeGreaterThan(1);
    await storage.close();
    const reopened = openStorage({ dataFile, namespace: 'moves' });
    cleanups.push(() => reopened.close());
    expect(await tableStore(reopened, new Locks(null)).get(channel.channelId)).toEqual(table);
    const due = table?.deadline ? [channel.channelId] : [];
    expect(await deadlineIndex(reopened).due(Number.MAX_SAFE_INTEGER, 10)).toEqual(due);
    const all = await openLedger(reopened, new Locks(null)).all(GUILD);
    expect(all.map((r) => r.id)).toEqual([played?.id, ...Array.from({ length: 300 }, (_, i) => `r${i}`)]);
    expect(all[0]).toEqual(played);
  });
});
