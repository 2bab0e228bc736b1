/**
 * `npm run bench`: prints
 * 1. engine speed: random Réunion deals per second on one core;
 * 2. end-to-end interaction latency (click → the bot's callback) through the fake Discord with Redis,
 *    p50/p99, beside a no-op discord.js bot measured in the same run (the floor) (bench/moves.ts);
 * 3. Redis commands and round trips per move, and stored bytes per table (bench/moves.ts);
 * 4. computer players' decision time per game and level (bench/decisions.ts);
 * 5. load: 500 Réunion tables played at once by simulated users, the bot in its own process (bench/load.ts):
 *    moves per second, interaction latency p50/p99, errors, Redis commands and bytes per move, bytes per
 *    stored table, the bot's memory;
 * 6. records (bench/records.ts): 100,000 game records in one guild committed through the record ledger, then
 *    p50/p99 of scoreboard pages and /stats on Redis and on the embedded store, Redis commands and bytes per commit.
 * 7. the board's trick picture (bench/pictures.ts): render time p50/p99, bytes, bytes added per move.
 * 8. the web table (bench/web.ts, only with --web): 100 tables with 3 players and 3 spectators each as WebSocket
 *    clients: move → every client's update p50/p99, moves a second, the bot's RSS with the 600 sockets open and
 *    without them, the client's first render in chromium and its gzipped size (about two minutes).
 * 9. the deal review (bench/review.ts, only with --review): the time to review one deal for one seat, per game.
 * Flags (after `npm run bench --`):
 *   --pictures        part 7 only (no Redis needed; also run with --engine);
 *   --engine          parts 1 and 4 only (no Redis needed);
 *   --review          part 9 only (no Redis needed; about a minute);
 *   --moves           parts 2 and 3 only;
 *   --load            part 5 only;
 *   --no-load         skip part 5 (the load run, which takes about two minutes);
 *   --records         part 6 only;
 *   --web             part 8 only (its tables: --tables=N, default 100; its window --seconds=N, default 20, after
 *                     --warmup=N seconds, default 5);
 *   --no-records      skip part 6 (about three minutes: seeding 100,000 records on Redis dominates);
 *   --record-count=N  records in part 6 (default 100,000); --record-queries=N queries of each kind (default 500);
 *   --record-commands=N  /scoreboard and /stats sent through the real bot in part 6, each (default 300);
 *   --tables=N        tables in the load run (default 500; with --web, its tables, default 100);
 *   --seconds=N       length of the load run's measured window (default 60);
 *   --think-ms=N      players pause N ms on average before each turn (default 0: they act at once; also with --web);
 *   --warmup=N        seconds of play before the load window opens (default 30);
 *   --cpu-prof=DIR    write a V8 CPU profile of the load run's (or with --web, the web run's) bot process into DIR;
 *   --heap-snapshot=FILE  write a V8 heap snapshot of the load run's bot process at the end of its window;
 *   --shared-redis    run the load and records parts against REDIS_URL instead of a private redis-server (under
 *                     a private prefix; its counters then include other clients).
 * The strength of the computer players is measured by `npm run tournament` (bench/tournament.ts).
 * Figures, not assertions. Needs Redis at REDIS_URL (default redis://127.0.0.1:6379).
 */
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../src/games/dreierles/index.ts';
import type { GameDefinition } from '../src/games/types.ts';
import { reunion } from '../src/games/reunion/index.ts';
import { bestMelds, DEFAULT_ROMME_OPTIONS, findMelds, romme, type RommeMove } from '../src/games/romme/index.ts';
import { rommePack } from '../src/games/romme/pack.ts';
import { seededRng, shuffle } from '../src/cards/random.ts';
import { printDecisionTimes } from './decisions.ts';
import { printPictureBench } from './pictures.ts';
import { printLoad, runLoad } from './load.ts';
import { printMoveBench, runMoveBench } from './moves.ts';
import { printRecords, runRecordsBench } from './records.ts';
import { printWebBench, runWebBench } from './web.ts';
import { printReviewTimes } from './review.ts';
import { describeReason } from '../src/games/types.ts';

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Random legal games of `game` for `seconds` (each move checked by `apply`); returns deals per second. */
function engineSpeed<S extends { deals: readonly unknown[] }, M, V, O, E, R, D>(
  game: GameDefinition<S, M, V, O, E, R, D>,
  options: O,
  seats: number,
  seconds: number,
): number {
  // The bench's own choices use a cheap generator (mulberry32), so the figure is the engine's.
  let a = 0x2545f491;
  const rng = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let deals = 0;
  const end = performance.now() + seconds * 1000;
  for (let g = 0; performance.now() < end; g++) {
    let s = game.setup(options, seats, `bench-${g}`);
    for (;;) {
      const [seat] = game.toAct(s);
      if (seat === undefined) break;
      const moves = game.legalMoves(s, seat);
      const r = game.apply(s, seat, moves[Math.floor(rng() * moves.length)] as M);
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
    }
    deals += s.deals.length;
  }
  return deals / seconds;
}

/** Random Rommé games (3 players), preferring melds and lay-offs; returns turns (discards or goings-out) per second. */
function rommeSpeed(seconds: number): number {
  let a = 0x1234567;
  const rng = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 4294967296;
  let turns = 0;
  const end = performance.now() + seconds * 1000;
  for (let g = 0; performance.now() < end; g++) {
    let s = romme.setup({ ...DEFAULT_ROMME_OPTIONS, deals: 1 }, 3, `bench-${g}`);
    while (romme.toAct(s).length) {
      const seat = romme.toAct(s)[0] as number;
      const moves = romme.legalMoves(s, seat);
      const placing = moves.filter((m) => m.type !== 'draw' && m.type !== 'discard');
      const move = placing.length && rng() < 0.8 ? placing[Math.floor(rng() * placing.length)] : moves[Math.floor(rng() * moves.length)];
      const r = romme.apply(s, seat, move as RommeMove);
      if (!r.ok) throw new Error(describeReason(r.reason));
      if (move?.type === 'discard' || r.events.some((e) => e.type === 'wentOut')) turns++;
      s = r.state;
    }
  }
  return turns / seconds;
}

/** Meld finder times on 500 random 20-card hands holding 2 jokers (18 naturals from the 104). */
function finderTime(): { all: number[]; best: number[] } {
  const naturals = rommePack(0);
  const all: number[] = [];
  const best: number[] = [];
  for (let i = 0; i < 500; i++) {
    const hand = [...shuffle(naturals, seededRng(`finder-${i}`)).slice(0, 18), 'Joker/0', 'Joker/1'];
    let t = performance.now();
    findMelds(hand, { aroundTheCorner: false });
    all.push(performance.now() - t);
    t = performance.now();
    bestMelds(hand, { aroundTheCorner: false });
    best.push(performance.now() - t);
  }
  return { all, best };
}

const flag = (name: string) => process.argv.includes(`--${name}`);
const value = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : fallback;
};
/** The text of `--name=…`, or undefined. */
const text = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** Part 5 (load), with the flags' settings. */
async function load(): Promise<void> {
  printLoad(
    await runLoad({
      tables: value('tables', 500),
      seconds: value('seconds', 60),
      thinkMs: value('think-ms', 0),
      warmupS: value('warmup', 30),
      sharedRedis: flag('shared-redis'),
      cpuProfDir: text('cpu-prof'),
      heapSnapshot: text('heap-snapshot'),
    }),
  );
}
/** Part 6 (records), with the flags' settings. */
async function records(): Promise<void> {
  printRecords(
    await runRecordsBench({
      records: value('record-count', 100_000),
      queries: value('record-queries', 500),
      sharedRedis: flag('shared-redis'),
      commands: value('record-commands', 300),
    }),
  );
}
if (flag('load')) {
  await load();
  process.exit(0);
}
if (flag('moves')) {
  printMoveBench(await runMoveBench(4));
  process.exit(0);
}
if (flag('web')) {
  printWebBench(
    await runWebBench({
      tables: value('tables', 100),
      seconds: value('seconds', 20),
      warmupS: value('warmup', 5),
      thinkMs: value('think-ms', 0),
      cpuProfDir: text('cpu-prof'),
    }),
  );
  process.exit(0);
}
if (flag('records')) {
  await records();
  process.exit(0);
}
if (flag('review')) {
  await printReviewTimes();
  process.exit(0);
}
if (flag('pictures')) {
  await printPictureBench();
  process.exit(0);
}

const deals = engineSpeed(reunion, { piererTiers: false }, 3, 5);
console.log(`engine: ${Math.round(deals).toLocaleString('en')} random Réunion deals/s (one core)`);
const dreierlesDeals = engineSpeed(dreierles, DEFAULT_DREIERLES_OPTIONS, 3, 5);
console.log(`engine: ${Math.round(dreierlesDeals).toLocaleString('en')} random Dreierles deals/s (one core)`);
const rommeTurns = rommeSpeed(5);
console.log(`engine: ${Math.round(rommeTurns).toLocaleString('en')} random Rommé turns/s (one core; legal moves from the meld finder)`);
const finder = finderTime();
console.log(
  `meld finder, 20-card hands with 2 jokers: every meld p50 ${ms(pct(finder.all, 50))}, p99 ${ms(pct(finder.all, 99))}; best first meld p50 ${ms(pct(finder.best, 50))}, p99 ${ms(pct(finder.best, 99))}`,
);
printDecisionTimes();
await printPictureBench();
if (process.argv.includes('--engine')) process.exit(0);
printMoveBench(await runMoveBench(4));
if (!flag('no-load')) await load();
if (!flag('no-records')) await records();
process.exit(0);
