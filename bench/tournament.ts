/**
 * `npm run tournament -- --game reunion --games 1000 [--match strong-easy|easy-random|<level>-<level>|all] [--seats N] [--workers N]
 *  [--option key=value …]`
 *
 * Measures the computer players: for each seeded deal set, the challenger plays at every seat in turn (seats
 * rotated, the same seed each time) against opponents of the other level. Prints the challenger's and the
 * opponents' mean result per game in the game's own measure (Réunion units, Dreierles game points, Rommé
 * penalty points; Rommé is played heads-up by default), the challenger's edge (challenger − opponents, per
 * seed) with a 95% confidence interval (mean ± 1.96 · standard error over the seeds), and whether the interval
 * is clear of zero in the challenger's favour. Reproducible: seeds are `tournament:<game>:<i>`.
 * `--share` plays strong, expert and the all-seeing seer (bench/play.ts) each against easy players and reports each
 * level's share of the easy → seer gap: (level − easy) / (seer − easy), each measured against easy (easy's share is 0,
 * the seer's 1; games with a seer only: Dreierles).
 * `--option key=value` (repeatable) sets a table option over the game's defaults, e.g. `--option kleineEkart=true`
 * (values `true`, `false`, numbers, else strings); the row names the options set.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import Tinypool from 'tinypool';
import type { GameId } from '../src/tables/games.ts';
import { type BenchLevel, MEASURE } from './play.ts';
import type { SeedResult, SeedTask } from './tournament-worker.ts';

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        game: { type: 'string', default: 'all' },
        games: { type: 'string', default: '1000' },
        match: { type: 'string', default: 'all' },
        seats: { type: 'string' },
        workers: { type: 'string', default: String(availableParallelism()) },
        option: { type: 'string', multiple: true, default: [] },
        share: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run tournament -- [--game …] [--games N] [--match …] [--seats N] [--workers N]`);
    process.exit(2);
  }
})();

const SEATS: Record<GameId, number> = { reunion: 3, dreierles: 3, romme: 2 };
const LEVELS: readonly string[] = ['random', 'easy', 'strong', 'expert', 'seer'];
/** The levels whose share of the easy → seer gap `--share` reports, each played against easy. */
const SHARE_LEVELS = ['strong', 'expert', 'seer'] as const;
const USAGE =
  'usage: npm run tournament -- [--game reunion|dreierles|romme|all] [--games N≥2] [--match <level>-<level>|all] [--seats N] [--workers N]\n(levels: random, easy, strong, expert, seer; default --match all = easy-random and strong-easy; --share: strong, expert and seer vs easy)';
function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const GAMES = (values.game === 'all' ? Object.keys(SEATS) : [values.game as string]) as GameId[];
for (const g of GAMES) if (!(g in SEATS)) usage(`--game must be reunion, dreierles, romme or all, not "${g}"`);
const matchNames = values.share
  ? SHARE_LEVELS.map((l) => `${l}-easy`)
  : values.match === 'all'
    ? ['easy-random', 'strong-easy']
    : [values.match as string];
if (values.share && GAMES.some((g) => g !== 'dreierles')) usage('--share needs --game dreierles (the only game with a seer so far)');
const MATCHES = matchNames.map((m) => {
  const levels = m.split('-');
  if (levels.length !== 2 || !levels.every((l) => LEVELS.includes(l)))
    usage(`--match must be two levels joined by "-", e.g. strong-easy, not "${m}"`);
  return levels as [BenchLevel, BenchLevel];
});
const n = Number(values.games);
if (!Number.isInteger(n) || n < 2) usage('--games must be a whole number of at least 2');
if (values.seats !== undefined && !(Number.isInteger(Number(values.seats)) && Number(values.seats) >= 2))
  usage('--seats must be a whole number of at least 2');
if (!(Number.isInteger(Number(values.workers)) && Number(values.workers) >= 1)) usage('--workers must be a whole number of at least 1');
const parseValue = (v: string): unknown => (v === 'true' ? true : v === 'false' ? false : v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
const OPTIONS: Record<string, unknown> = Object.fromEntries(
  (values.option as string[]).map((o) => {
    const at = o.indexOf('=');
    if (at <= 0) usage(`--option must be key=value, not "${o}"`);
    return [o.slice(0, at), parseValue(o.slice(at + 1))];
  }),
);
const optionNote = Object.keys(OPTIONS).length
  ? `, ${Object.entries(OPTIONS)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ')}`
  : '';

const pool = new Tinypool({
  filename: new URL('./tournament-worker.ts', import.meta.url).href,
  runtime: 'child_process',
  execArgv: ['--import', 'tsx'],
  maxThreads: Number(values.workers),
  minThreads: Number(values.workers),
});

const fmt = (x: number) => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

console.log(`Tournament: ${n} seeds per match, seats rotated (each seed played once with the challenger at every seat), ${values.workers} workers\n`);
console.log('| game | challenger vs opponents | games | challenger per game | opponents per game | edge (95% CI) | clear of zero |');
console.log('|---|---|---|---|---|---|---|');
for (const game of GAMES) {
  const seats = values.seats ? Number(values.seats) : SEATS[game];
  const { unit, higherIsBetter } = MEASURE[game];
  const edgeOf = new Map<string, number>();
  for (const [challenger, opponent] of MATCHES) {
    const started = performance.now();
    const tasks: Promise<SeedResult>[] = [];
    for (let i = 0; i < n; i++) {
      const task: SeedTask = { game, challenger, opponent, seats, seed: `tournament:${game}:${i}`, options: OPTIONS };
      tasks.push(pool.run(task));
    }
    const results = await Promise.all(tasks);
    const edges = results.map((r) => (higherIsBetter ? 1 : -1) * (r.challenger - r.opponents));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const edge = mean(edges);
    const sd = Math.sqrt(edges.reduce((a, x) => a + (x - edge) ** 2, 0) / (edges.length - 1));
    const half = (1.96 * sd) / Math.sqrt(edges.length);
    edgeOf.set(challenger, edge);
    const gamesPlayed = results.reduce((a, r) => a + r.games, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `| ${game} (${seats} seats${optionNote}) | ${challenger} vs ${opponent} | ${gamesPlayed} | ${fmt(mean(results.map((r) => r.challenger)))} ${unit} | ${fmt(mean(results.map((r) => r.opponents)))} ${unit} | ${fmt(edge)} (${fmt(edge - half)} … ${fmt(edge + half)}) | ${edge - half > 0 ? 'yes' : 'NO'} (${seconds} s) |`,
    );
  }
  if (values.share) {
    const seer = edgeOf.get('seer') as number;
    const shares = SHARE_LEVELS.map((l) => `${l} ${(((edgeOf.get(l) as number) / seer) * 100).toFixed(0)}%`).join(' · ');
    console.log(`\nShare of the easy → seer gap in ${game} (each vs easy; easy 0%): ${shares}`);
  }
}
console.log(
  `\nEdge = challenger − opponents per game${GAMES.includes('romme') ? ' (Rommé: opponents − challenger, fewer penalty points is better)' : ''}; positive favours the challenger.`,
);
await pool.destroy();
