/**
 * The records bench's interaction-level figures (called by bench/records.ts once a store holds the seeded guild):
 * the real bot (src/bot.ts `startBot`, in this process) on that store, a fake Discord (test/support/fake-discord.ts)
 * whose guild is the seeded one, and `/scoreboard` and `/stats` sent one at a time, each timed from the injected
 * interaction to the bot's callback at the fake (as bench/load.ts times clicks).
 *
 * - `/scoreboard`: game (or none: the game played last), period (or none: this season), sort (or none: the game's
 *   own) and include_bots drawn at random, page 1 half the time and otherwise any page the board has (its size read
 *   from the ledger first, so no page is past the end); without the chart, and separately with `chart:true` (the
 *   top five's rating chart drawn and attached as a PNG).
 * - `/stats user:<a player with games>`, for every game (no `game`) half the time, else for one game.
 * The guild's time zone is set to the one the records were seeded in, so "this week" is the seeded week. Before the
 * timed runs the bot's ledger answers one query (the embedded store builds the guild in memory then) and a few
 * untimed interactions of each kind warm the code up. Every answer must be a public reply (a chart one with its
 * PNG); anything else, and any warning in the bot's log, is listed in `problems`. Figures, not assertions.
 */
import { pino } from 'pino';
import { startBot } from '../src/bot.ts';
import { loadConfig } from '../src/config.ts';
import { STANDINGS_PAGE_SIZE } from '../src/discord/render/records/scoreboard.ts';
import type { GameId } from '../src/tables/games.ts';
import { periodIdAt } from '../src/records/periods.ts';
import { BOARD_SORTS, PERIODS } from '../src/records/types.ts';
import { type FakeInteraction, type FakeUser, type SlashOptions, startFakeDiscord } from '../test/support/fake-discord.ts';
import { GAMES } from '../test/support/records.ts';

export interface CommandBenchOptions {
  /** The store the bot opens: the seeded Redis (`REDIS_URL`) or the embedded store's file (`DATA_FILE`). */
  store: { REDIS_URL: string } | { DATA_FILE: string };
  /** Key prefix (Redis) or namespace (embedded store) the records were seeded under. */
  keyPrefix: string;
  guildId: string;
  /** Time zone the records' periods were computed in. */
  timeZone: string;
  /** Player ids with games in the guild (`bot:<level>` ids are left out: /stats names a Discord user). */
  players: readonly string[];
  /** Timed interactions of each kind. */
  scoreboards: number;
  charts: number;
  stats: number;
}

/** Interaction → callback latencies (ms) by kind, and what went wrong (should be empty). */
export interface CommandTimings {
  latencies: { scoreboard: number[]; 'scoreboard, chart:true': number[]; stats: number[] };
  problems: string[];
}

/** Untimed interactions of each kind before the timed ones. */
const WARMUP = 5;

/** Start the bot on the seeded store, time the commands, stop the bot and the fake (also on failure). */
export async function timeRecordCommands(o: CommandBenchOptions): Promise<CommandTimings> {
  const problems: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void problems.push(`bot log: ${line.trim().slice(0, 300)}`) });
  const fake = await startFakeDiscord({ guildId: o.guildId, idleMs: 5, callbackTimeoutMs: 10_000 });
  try {
    const config = loadConfig({
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      ...o.store,
      KEY_PREFIX: o.keyPrefix,
      BOT_DELAY_MS: '0',
      RATE_LIMIT_ACTIONS: '0', // one simulated caller sends hundreds of commands back to back
      STARTUP_RETRY_MS: '0',
    });
    const bot = await startBot(config, { log });
    try {
      return { latencies: await drive(o, fake, bot, problems), problems };
    } finally {
      await bot.stop();
    }
  } finally {
    await fake.close();
  }
}

type Fake = Awaited<ReturnType<typeof startFakeDiscord>>;
type Bot = Awaited<ReturnType<typeof startBot>>;

async function drive(o: CommandBenchOptions, fake: Fake, bot: Bot, problems: string[]): Promise<CommandTimings['latencies']> {
  let a = 0x2545f491;
  const rng = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 4294967296;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const { ledger } = bot.records;
  await bot.settings.update(o.guildId, { timeZone: o.timeZone });
  await ledger.stats(o.guildId, 'reunion', o.players[0] ?? '');
  const lastGame = (await ledger.history({ guildId: o.guildId, offset: 0, limit: 1 })).records[0]?.game ?? 'reunion';
  const people = o.players.filter((p) => !p.startsWith('bot:'));
  const caller = fake.user('bench');
  const userOf = (id: string): FakeUser => ({ id, username: `player-${id.slice(-4)}`, global_name: null, discriminator: '0', avatar: null });

  /** Options of a random /scoreboard whose page exists. */
  const scoreboardOptions = async (chart: boolean): Promise<SlashOptions> => {
    const opts: Record<string, string | number | boolean> = {};
    const game: GameId = rng() < 0.25 ? lastGame : (opts.game = pick(GAMES));
    const period = rng() < 0.2 ? 'season' : (opts.period = pick(PERIODS));
    if (rng() < 0.75) opts.sort = pick(BOARD_SORTS);
    const includeBots = rng() < 0.5;
    if (includeBots || rng() < 0.5) opts.include_bots = includeBots;
    const periodId = periodIdAt(period, Date.now(), o.timeZone);
    const { total } = await ledger.board({ guildId: o.guildId, game, periodId, includeBots, sort: 'net', offset: 0, limit: 0 });
    const pages = Math.max(1, Math.ceil(total / STANDINGS_PAGE_SIZE));
    const page = rng() < 0.5 ? 1 : 1 + Math.floor(rng() * pages);
    if (page > 1 || rng() < 0.5) opts.page = page;
    if (chart) opts.chart = true;
    return opts;
  };
  const statsOptions = (): SlashOptions => ({ user: userOf(pick(people)), ...(rng() < 0.5 ? {} : { game: pick(GAMES) }) });

  /** Send one command, time it to the callback, check the answer, wait until the bot is idle. */
  const send = async (name: string, options: SlashOptions, chart: boolean): Promise<number | null> => {
    const t0 = performance.now();
    let it: FakeInteraction;
    try {
      it = await fake.slash(caller, fake.channelId, name, options);
    } catch (err) {
      problems.push(`/${name}: ${(err as Error).message}`);
      return null;
    }
    const ms = performance.now() - t0;
    await fake.waitIdle();
    await bot.settled();
    const cb = it.callback;
    const what = `/${name} ${JSON.stringify(options, (k, v: unknown) => (k === 'user' ? (v as FakeUser).id : v))}`;
    if (cb?.error) problems.push(`${what}: refused by the fake with ${cb.error.code} ${cb.error.message}`);
    else if (cb?.type !== 4 || cb.ephemeral)
      problems.push(
        `${what}: answered with callback type ${cb?.type}${cb?.ephemeral ? ', ephemeral' : ''}: ${String(cb?.data?.content ?? '').slice(0, 120)}`,
      );
    else if (chart && !fake.original(it)?.attachments.length) problems.push(`${what}: no chart attached`);
    return ms;
  };
  const run = async (count: number, make: () => Promise<[string, SlashOptions, boolean]>): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < WARMUP + count; i++) {
      const ms = await send(...(await make()));
      if (i >= WARMUP && ms !== null) out.push(ms);
    }
    return out;
  };
  return {
    scoreboard: await run(o.scoreboards, async () => ['scoreboard', await scoreboardOptions(false), false]),
    'scoreboard, chart:true': await run(o.charts, async () => ['scoreboard', await scoreboardOptions(true), true]),
    stats: await run(o.stats, async () => ['stats', statsOptions(), false]),
  };
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Lines of the records bench for `t` (indented like its query lines). */
export function printRecordCommands(t: CommandTimings): void {
  console.log(`    the real bot through the fake Discord, interaction → callback, one at a time:`);
  for (const [kind, xs] of Object.entries(t.latencies)) {
    console.log(
      `      ${`/${kind}`.padEnd(32)} p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))}, max ${ms(Math.max(...xs))} (${xs.length} interactions)`,
    );
  }
  console.log(`      problems (refusals, answers not public, warnings in the bot's log): ${t.problems.length}`);
  for (const p of t.problems.slice(0, 10)) console.log(`      ${p}`);
}
