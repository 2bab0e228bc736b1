/**
 * End to end: the record commands (`/scoreboard`, `/stats`, `/history`, `/replay`) through the real bot
 * (src/bot.ts), the unmodified discord.js client, a fake Discord and the real Redis.
 *
 * Records are committed straight into the bot's ledger (real Réunion, Dreierles and Rommé games played by the easy
 * policy, re-seated with the fake users and dated by the test), with the bot's clock fixed, so each expectation is
 * computed from the records here. It proves that
 * 1. the scoreboard ranks by net units in public, 10 to a page, with page 2 by option and by the Next button (the
 *    presser alone sees it; the public message stays), a page past the end refused ephemerally, computer players
 *    only on request, the week board without last month's games, the default board (the latest game's game, this
 *    season) without last season's, and a rating chart attached as a PNG;
 * 2. `/stats` shows a player's numbers per game, and refuses a user without games ephemerally;
 * 3. `/history` lists the games newest first, filtered and paged;
 * 4. `/replay` of a real game — one person and two computer players playing Réunion through the fake Discord —
 *    attaches `replay-<id>.json` whose rebuilt result is the recorded one;
 * 5. forged options, unknown ids and malformed scoreboard buttons are refused ephemerally;
 * 6. a game from a private channel is listed, replayed and pointed at by `/stats` only for members who can see that
 *    channel (roles and permission overwrites as Discord sends them); a game from a deleted channel only for its
 *    players and members with Manage Server.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type ReunionState, toAct } from '../../src/games/reunion/index.ts';
import { toRecord } from '../../src/records/book.ts';
import { replayResult } from '../../src/records/replay.ts';
import type { GameRecord } from '../../src/records/types.ts';
import type { GameId } from '../../src/tables/games.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, tableMessage, takeTurn } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText, forged } from '../support/refusals.ts';
import { playFinished } from '../records/played.ts';

/** The bot's clock: Thursday 26 Nov 2026, 12:00 UTC — week 2026-W48, November, the Q4 2026 season. */
const NOW = Date.UTC(2026, 10, 26, 12, 0);
const DAY = 86_400_000;
const EPHEMERAL = 64;
const NAMES = ['anna', 'bernd', 'carl', 'dora', 'emil', 'frieda', 'gerd', 'hanna', 'ida', 'jonas', 'karl', 'lena'];

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let people: FakeUser[];
let records: GameRecord[];

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('records-e2e');
  bot = await startTestBot(fake, prefix, 'e2e-seed', { now: () => NOW });
  people = NAMES.map((n) => fake.user(n));
  records = [];
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

// ---- records ------------------------------------------------------------------------------------------

type Seat = FakeUser | 'easy' | 'strong';

/** Commit a real `game` played from `seed`, re-seated with `seats` (people or computer levels), finished at `at`. */
async function commit(game: GameId, seed: string, seats: Seat[], at: number, channelId = fake.channelId): Promise<GameRecord> {
  const { finished } = playFinished(game, seats.length, seed);
  const record = toRecord(
    {
      ...finished,
      id: `r${records.length.toString().padStart(2, '0')}${seed.replace(/\W/g, '').slice(0, 8)}`,
      guildId: fake.guildId,
      channelId,
      startedAt: at - 3_600_000,
      finishedAt: at,
      seats: seats.map((s, i) =>
        typeof s === 'string' ? { userId: `bot:${i + 1}`, name: s === 'easy' ? 'Kurt' : 'Liesl', bot: s } : { userId: s.id, name: s.username },
      ),
    },
    'UTC',
  );
  const done = await bot.records.ledger.commit(record);
  expect(done.committed).toBe(true);
  records.push(done.record);
  return done.record;
}

/**
 * The test's records: last season (one game), the start of November (six games, each two people and the strong
 * computer: twelve people in all), a Rommé and a Dreierles game with anna in mid-November, and this week a
 * Réunion game of three people and one of two people and the easy computer.
 */
async function seed(): Promise<void> {
  const p = people;
  await commit('reunion', 'q3', [p[0]!, p[5]!, p[9]!], Date.UTC(2026, 8, 20, 20));
  for (let k = 0; k < 6; k++) await commit('reunion', `nov-${k}`, [p[2 * k]!, p[2 * k + 1]!, 'strong'], Date.UTC(2026, 10, 2 + k, 20));
  await commit('romme', 'romme-1', [p[0]!, p[3]!], Date.UTC(2026, 10, 10, 20));
  await commit('dreierles', 'dreierles-1', [p[0]!, p[1]!, p[2]!], Date.UTC(2026, 10, 12, 20));
  await commit('reunion', 'week-1', [p[0]!, p[1]!, p[2]!], NOW - DAY);
  await commit('reunion', 'week-2', [p[3]!, p[4]!, 'easy'], NOW - 3_600_000);
}

/** The expected board of `game` over the records in `periodId` (`week`, `season`… ids): ties by fewer games, then id. */
function expectedBoard(game: GameId, period: 'week' | 'season' | 'all', periodId: string, bots: boolean) {
  const rows = new Map<string, { id: string; name: string; games: number; wins: number; net: number }>();
  for (const r of records.filter((x) => x.game === game && x.periods[period] === periodId))
    for (const o of r.outcomes) {
      if (o.bot && !bots) continue;
      const row = rows.get(o.playerId) ?? { id: o.playerId, name: o.bot ? `🤖 ${o.playerId.slice(4)} computer` : o.name, games: 0, wins: 0, net: 0 };
      rows.set(o.playerId, { ...row, games: row.games + 1, wins: row.wins + (o.win ? 1 : 0), net: row.net + o.measure });
    }
  return [...rows.values()].sort((a, b) => b.net - a.net || a.games - b.games || (a.id < b.id ? -1 : 1));
}

/** The rows of a scoreboard message's table: name, games, wins and net as shown. */
function shownRows(content: string): { position: number; name: string; games: number; wins: number; net: string }[] {
  const table = /```\n(.*)\n```/s.exec(content)?.[1] ?? '';
  return table
    .split('\n')
    .slice(1)
    .map((line) => {
      const m = /^\s*(\d+) {2}(.+?) +(\d+) +(\d+) +(\S+) +(\S+)$/.exec(line);
      if (!m) throw new Error(`not a board row: ${line}`);
      return { position: Number(m[1]), name: m[2] as string, games: Number(m[3]), wins: Number(m[4]), net: m[5] as string };
    });
}

/** Net units as the board shows them. */
const units = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const text = (it: FakeInteraction): string => answerText(it);
const flags = (it: FakeInteraction): number => it.callback?.flags ?? 0;

/** Run `/name` as `user`; expect an ephemeral refusal matching `reason` (no public message posted). */
async function refused(run: () => Promise<FakeInteraction>, reason: RegExp): Promise<void> {
  const posted = fake.channelMessages(fake.channelId).length;
  const it = await run();
  await settle(fake);
  expect(it.callback?.error ?? null).toBeNull();
  expect(it.callback?.ephemeral, text(it)).toBe(true);
  expect(flags(it) & EPHEMERAL).toBe(EPHEMERAL);
  expect(text(it)).toMatch(reason);
  expect(fake.channelMessages(fake.channelId).length).toBe(posted);
}

const board = (user: FakeUser, options: Record<string, string | number | boolean> = {}) =>
  answered(fake.slash(user, fake.channelId, 'scoreboard', options));

// ---- tests --------------------------------------------------------------------------------------------

describe('scoreboard end to end', () => {
  it('ranks by net units 10 to a page; Next shows page 2 to the presser only; bots on request; week and season', async () => {
    await seed();
    const [anna, bernd] = people as [FakeUser, FakeUser];

    const first = await board(anna, { game: 'reunion', period: 'all' });
    await settle(fake);
    expect(first.callback?.ephemeral).toBe(false);
    const all = expectedBoard('reunion', 'all', 'all', false);
    expect(all).toHaveLength(12);
    const page1 = fake.original(first)!;
    expect(page1.content.split('\n')[0]).toBe('**Réunion scoreboard** · all time · by net units · page 1/2');
    expect(shownRows(page1.content)).toEqual(
      all.slice(0, 10).map((r, i) => ({ position: i + 1, name: r.name, games: r.games, wins: r.wins, net: units(r.net) })),
    );
    expect(buttons(page1).map((b) => [b.label, b.custom_id])).toEqual([['Next ▶', 'st:sb:reunion:all:net:0:2']]);

    // Page 2 by option: the last two people.
    const second = await board(anna, { game: 'reunion', period: 'all', page: 2 });
    await settle(fake);
    const page2 = fake.original(second)!.content;
    expect(page2.split('\n')[0]).toContain('page 2/2');
    expect(shownRows(page2).map((r) => [r.position, r.name])).toEqual(all.slice(10).map((r, i) => [11 + i, r.name]));

    // Next on the public message: bernd alone sees page 2; the public message is unchanged.
    const pressed = await answered(fake.click(bernd, page1, 'st:sb:reunion:all:net:0:2'));
    await settle(fake);
    expect(pressed.callback?.type).toBe(4);
    expect(flags(pressed) & EPHEMERAL).toBe(EPHEMERAL);
    const mine = fake.original(pressed)!;
    expect(mine.shownTo).toBe(bernd.id);
    expect(mine.content).toBe(page2);
    expect(fake.message(page1.id)!.content).toBe(page1.content);
    // Prev on that ephemeral page turns it back to page 1, in place.
    const back = await answered(fake.click(bernd, mine, 'st:sb:reunion:all:net:0:1'));
    await settle(fake);
    expect(back.callback?.type).toBe(7);
    expect(fake.message(mine.id)!.content).toBe(page1.content);

    // A page past the end.
    await refused(
      () => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'reunion', period: 'all', page: 3 }),
      /^There are only 2 pages in this scoreboard\.$/,
    );

    // Computer players only on request: the strong computer (six games) and the easy one (one).
    expect(page1.content).not.toContain('🤖');
    const withBots = await board(anna, { game: 'reunion', period: 'all', include_bots: true });
    await settle(fake);
    const botsAll = expectedBoard('reunion', 'all', 'all', true);
    expect(botsAll).toHaveLength(14);
    const shownWithBots = fake.original(withBots)!.content;
    expect(shownWithBots).toContain('14 players · computer players included');
    expect(shownRows(shownWithBots).map((r) => r.name)).toEqual(botsAll.slice(0, 10).map((r) => r.name));
    expect(botsAll.map((r) => r.name)).toEqual(expect.arrayContaining(['🤖 strong computer', '🤖 easy computer']));

    // This week: only the two games of this week (the November games and last season's are out).
    const week = await board(anna, { game: 'reunion', period: 'week', include_bots: true });
    await settle(fake);
    const weekRows = expectedBoard('reunion', 'week', '2026-W48', true);
    expect(weekRows.map((r) => r.name).sort()).toEqual(['anna', 'bernd', 'carl', 'dora', 'emil', '🤖 easy computer'].sort());
    const weekShown = fake.original(week)!.content;
    expect(weekShown.split('\n')[0]).toBe('**Réunion scoreboard** · week of 23 Nov 2026 · by net units · page 1/1');
    expect(shownRows(weekShown)).toEqual(
      weekRows.map((r, i) => ({ position: i + 1, name: r.name, games: r.games, wins: r.wins, net: units(r.net) })),
    );

    // No options: the game played last (Réunion), this season (without September's game), its own order.
    const plain = await board(anna);
    await settle(fake);
    const season = expectedBoard('reunion', 'season', '2026-Q4', false);
    const plainShown = fake.original(plain)!.content;
    expect(plainShown.split('\n')[0]).toBe('**Réunion scoreboard** · Q4 2026 season · by net units · page 1/2');
    expect(shownRows(plainShown).map((r) => [r.name, r.games, r.net])).toEqual(season.slice(0, 10).map((r) => [r.name, r.games, units(r.net)]));
    expect(season.find((r) => r.name === 'anna')!.games).toBe(all.find((r) => r.name === 'anna')!.games - 1);

    // Rommé sorts by wins by default and shows penalty points.
    const romme = await board(anna, { game: 'romme' });
    await settle(fake);
    const rommeShown = fake.original(romme)!.content;
    expect(rommeShown.split('\n')[0]).toBe('**Rommé scoreboard** · Q4 2026 season · by wins · page 1/1');
    const rommeRecord = records.find((r) => r.game === 'romme')!;
    for (const o of rommeRecord.outcomes) expect(shownRows(rommeShown).find((r) => r.name === o.name)?.net).toBe(String(-o.measure));
    expect(fake.violations).toEqual([]);
  });

  it('attaches the top five rating chart as a PNG', async () => {
    await seed();
    const it = await board(people[0]!, { game: 'reunion', chart: true });
    await settle(fake);
    const message = fake.original(it)!;
    expect(message.attachments.map((a) => a.filename)).toEqual(['rating.png']);
    const png = fake.attachmentData(message, 'rating.png')!;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([900, 420]);
    expect(message.content).toContain('**Réunion scoreboard**');
    expect(fake.violations).toEqual([]);
  });

  it('refuses empty boards, forged options and malformed buttons ephemerally', async () => {
    const anna = people[0]!;
    await refused(() => fake.slash(anna, fake.channelId, 'scoreboard', {}), /^No Réunion games have been finished in this server yet\.$/);
    await seed();
    await refused(() => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'skat' }), /does not run a game called "skat"/);
    await refused(
      () => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'reunion', period: 'year' }),
      /`period` must be one of week, month, season, all/,
    );
    await refused(
      () => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'reunion', sort: 'luck' }),
      /`sort` must be one of net, wins, rating, games/,
    );
    await refused(() => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'reunion', page: 0 }), /`page` must be between 1 and 9999/);
    // A Dreierles board exists only for the season; this week has none.
    await refused(
      () => fake.slash(anna, fake.channelId, 'scoreboard', { game: 'dreierles', period: 'week' }),
      /No Dreierles games were finished here in this period \(week of 23 Nov 2026\)\. Try `period:all`\./,
    );

    const first = await board(anna, { game: 'reunion', period: 'all' });
    await settle(fake);
    const message = fake.original(first)!;
    for (const id of ['st:sb:reunion:2026-W60:net:0:2', 'st:sb:skat:all:net:0:2', 'st:sb:reunion:all:net:0:0', 'st:sb:reunion:all:luck:0:2'])
      await refused(() => fake.click(people[1]!, forged(message, people[1]!, id), id), /^That button is not one this bot understands\.$/);
    // A well-formed page past the end (e.g. a board that shrank) is refused too.
    await refused(
      () => fake.click(people[1]!, forged(message, people[1]!, 'st:sb:reunion:all:net:0:7'), 'st:sb:reunion:all:net:0:7'),
      /^There are only 2 pages/,
    );
    expect(fake.message(message.id)!.content).toBe(message.content);
  });
});

describe('stats and history end to end', () => {
  it("shows a player's numbers per game, and refuses a user without games", async () => {
    await seed();
    const [anna, bernd] = people as [FakeUser, FakeUser];
    const it = await answered(fake.slash(bernd, fake.channelId, 'stats', { user: anna }));
    await settle(fake);
    expect(it.callback?.ephemeral).toBe(false);
    const shown = fake.original(it)!.content;
    expect(shown.split('\n')[0]).toBe('**Statistics of anna**');
    const mine = (game: GameId) =>
      records.filter((r) => r.game === game).flatMap((r) => r.outcomes.filter((o) => o.playerId === anna.id).map((o) => ({ ...o, id: r.id })));
    const reunion = mine('reunion');
    expect(reunion).toHaveLength(3);
    const wins = reunion.filter((o) => o.win).length;
    const sum = reunion.reduce((a, o) => a + o.measure, 0);
    const average = Number((sum / 3).toFixed(1));
    const signedAverage = average > 0 ? `+${average}` : average < 0 ? `−${-average}` : '0';
    const unit = (n: string, word: string) => `${n} ${n.replace(/^[+−]/, '') === '1' ? word : `${word}s`}`;
    expect(shown).toContain(
      `__Réunion__ · 3 games · ${wins} ${wins === 1 ? 'win' : 'wins'} (${Math.round((100 * wins) / 3)}%) · average ${unit(signedAverage, 'unit')} per game`,
    );
    const best = Math.max(...reunion.map((o) => o.measure));
    const worst = Math.min(...reunion.map((o) => o.measure));
    const extremes = /Best game ([+−]?\d+) units? \(`(\w+)`\) · worst ([+−]?\d+) units? \(`(\w+)`\)/.exec(shown);
    expect(extremes?.slice(1, 4).filter((_, i) => i !== 1)).toEqual([units(best), units(worst)]);
    expect(reunion.find((o) => o.id === extremes?.[2])?.measure).toBe(best);
    expect(reunion.find((o) => o.id === extremes?.[4])?.measure).toBe(worst);
    expect(shown).toMatch(/Rating −?\d+(\.\d)? \(([+−]\d+(\.\d)?|±0) over the last 3 games\)/);
    const bowers = reunion.map((o) => o.counts.bowersCaptured ?? 0).reduce((a, b) => a + b, 0);
    expect(shown).toContain(`Bowers captured ${bowers} ·`);
    // One section per game played: Rommé in penalty points, Dreierles with its contracts.
    const romme = mine('romme')[0]!;
    expect(shown).toContain(
      `__Rommé__ · 1 game · ${romme.win ? '1 win (100%)' : '0 wins (0%)'} · average ${unit(String(-romme.measure), 'penalty point')} per game`,
    );
    expect(shown).toContain(`deals won ${romme.counts.dealsWon} of ${romme.counts.deals}`);
    expect(shown).toMatch(
      /__Dreierles__ · 1 game .*\n.*\n.*\n.*\n(Contracts won\/played: |No contract played as declarer).* · Pfeifen \d+ · Räuber played \d+, lost \d+/,
    );

    // Only one game asked for.
    const only = await answered(fake.slash(anna, fake.channelId, 'stats', { game: 'romme' }));
    await settle(fake);
    const onlyShown = fake.original(only)!.content;
    expect(onlyShown).toContain('__Rommé__');
    expect(onlyShown).not.toContain('__Réunion__');

    const zed = fake.user('zed');
    await refused(() => fake.slash(anna, fake.channelId, 'stats', { user: zed }), /^zed has not finished a game here yet\.$/);
    await refused(() => fake.slash(zed, fake.channelId, 'stats', {}), /^zed has not finished a game here yet\.$/);
    await refused(() => fake.slash(people[11]!, fake.channelId, 'stats', { game: 'romme' }), /^lena has not finished a Rommé game here yet\.$/);
    expect(fake.violations).toEqual([]);
  });

  it('lists the latest games newest first, filtered and paged', async () => {
    await seed();
    const anna = people[0]!;
    const newest = [...records].sort((a, b) => b.finishedAt - a.finishedAt);
    const it = await answered(fake.slash(anna, fake.channelId, 'history', {}));
    await settle(fake);
    expect(it.callback?.ephemeral).toBe(false);
    const lines = fake.original(it)!.content.split('\n');
    expect(lines[0]).toBe('**Latest games** · page 1/2 · 11 games');
    const ids = (ls: string[]) => ls.flatMap((l) => /^`(\w+)` · /.exec(l)?.[1] ?? []);
    expect(ids(lines)).toEqual(newest.slice(0, 10).map((r) => r.id));
    expect(lines[1]).toMatch(/^`\w+` · 26 Nov 2026 11:00 · \*\*Réunion\*\* · .*(dora|emil|Kurt)/);

    const page2 = await answered(fake.slash(anna, fake.channelId, 'history', { page: 2 }));
    await settle(fake);
    expect(ids(fake.original(page2)!.content.split('\n'))).toEqual([newest[10]!.id]);

    const annaRomme = await answered(fake.slash(anna, fake.channelId, 'history', { user: anna, game: 'romme' }));
    await settle(fake);
    const filtered = fake.original(annaRomme)!.content.split('\n');
    expect(filtered[0]).toBe('**Latest games** (Rommé, with anna) · page 1/1 · 1 game');
    expect(ids(filtered)).toEqual([records.find((r) => r.game === 'romme')!.id]);

    await refused(() => fake.slash(anna, fake.channelId, 'history', { page: 3 }), /^There are only 2 pages of games\.$/);
    await refused(() => fake.slash(anna, fake.channelId, 'history', { user: fake.user('zed') }), /^zed has not finished a game here yet\.$/);
    await refused(
      () => fake.slash(anna, fake.channelId, 'history', { user: people[11]!, game: 'dreierles' }),
      /^lena has not finished a Dreierles game here yet\.$/,
    );
    await refused(() => fake.slash(anna, fake.channelId, 'history', { game: 'skat' }), /does not run a game called "skat"/);
    expect(fake.violations).toEqual([]);
  });

  it('refuses history in a server without games', async () => {
    await refused(() => fake.slash(people[0]!, fake.channelId, 'history', {}), /^No games have been finished in this server yet\.$/);
    await refused(
      () => fake.slash(people[0]!, fake.channelId, 'history', { game: 'romme' }),
      /^No Rommé games have been finished in this server yet\.$/,
    );
  });
});

describe('replay end to end', () => {
  /** Wait until the person is to act (computer moves happen meanwhile); null once the game is over. */
  async function personToAct(person: FakeUser): Promise<boolean> {
    const until = performance.now() + 60_000;
    while (performance.now() < until) {
      await settle(fake);
      const table = await bot.tables.get(fake.channelId);
      if (!table) return false;
      const seat = toAct(table.state as ReunionState)[0]!;
      if (table.seats[seat]?.userId === person.id) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the person never came to act within 60 s');
  }

  it('replays a real game (one person, two computer players) from its attached move log', { timeout: 120_000 }, async () => {
    const anna = people[0]!;
    const created = await answered(fake.slash(anna, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    const messageId = created.originalMessageId!;
    for (let i = 0; i < 2; i++)
      await answered(fake.slash(anna, fake.channelId, 'table', { level: 'easy' }, { subcommandGroup: 'bot', subcommand: 'add' }));
    await settle(fake);
    await answered(fake.click(anna, tableMessage(fake, messageId), 'st:start'));
    for (let turn = 0; await personToAct(anna); turn++) {
      await fake.waitFor(() => tableMessage(fake, messageId).content.includes(`<@${anna.id}>`));
      expect(await takeTurn(fake, messageId, [anna], turn)).not.toBeNull();
    }
    await settle(fake);
    const {
      records: [record],
    } = await bot.records.ledger.history({ guildId: fake.guildId, offset: 0, limit: 1 });
    expect(record?.finishedAt).toBe(NOW);

    const it = await answered(fake.slash(people[1]!, fake.channelId, 'replay', { id: record!.id }));
    await settle(fake);
    expect(it.callback?.ephemeral).toBe(false);
    const message = fake.original(it)!;
    expect(message.content.split('\n')[0]).toBe(`**Réunion** game \`${record!.id}\` · finished 26 Nov 2026 12:00 · anna, 🤖 Kurt, 🤖 Liesl`);
    expect(message.content.split('\n').filter((l) => l.startsWith('Deal '))).toHaveLength(3);
    const name = `replay-${record!.id}.json`;
    expect(message.attachments.map((a) => a.filename)).toEqual([name]);
    // Without the web table's settings: no link button to a web replay (only the review menu).
    const buttons = (message.components as { components: { type: number; style?: number }[] }[]).flatMap((r) => r.components);
    expect(buttons.filter((c) => c.style === 5)).toEqual([]);
    expect(buttons.map((c) => c.type)).toEqual([3]);
    const file = JSON.parse(fake.attachmentData(message, name)!.toString('utf8'));
    expect(file.moves).toHaveLength(93);
    expect(replayResult(file)).toEqual(record!.result);

    await refused(() => fake.slash(anna, fake.channelId, 'replay', { id: 'ffffffffff' }), /^No finished game with id `ffffffffff` in this server\./);
    await refused(
      () => fake.slash(anna, fake.channelId, 'replay', { id: '../../etc' }),
      /^No finished game with id `\.\.\/\.\.\/etc` in this server\./,
    );
    expect(fake.violations).toEqual([]);
  });
});

describe('privacy of records', () => {
  const VIEW = String(PermissionFlagsBits.ViewChannel);
  const ids = (it: FakeInteraction) =>
    fake
      .original(it)!
      .content.split('\n')
      .flatMap((l) => /^`(\w+)` · /.exec(l)?.[1] ?? []);

  it("shows a game only to members who can see its channel; a deleted channel's game to its players and Manage Server", async () => {
    const [anna, bernd, carl, dora, emil, frieda, gerd, hanna] = people as [FakeUser, ...FakeUser[]] as FakeUser[];
    const club = fake.addRole('club');
    const managers = fake.addRole('managers', PermissionFlagsBits.ManageGuild);
    for (const u of [dora!, emil!]) fake.giveRole(u, club);
    fake.giveRole(hanna!, managers);
    const clubRoom = fake.addChannel('club-room', [
      { id: fake.guildId, type: 0, allow: '0', deny: VIEW },
      { id: club, type: 0, allow: VIEW, deny: '0' },
    ]);
    const gone = fake.addChannel('gone');
    const clubThread = fake.addThread(clubRoom, 'club night').id; // a thread follows its parent channel
    const open = await commit('reunion', 'open', [anna!, bernd!, carl!], NOW - 3 * DAY);
    const threaded = await commit('reunion', 'threaded', [emil!, carl!, 'strong'], NOW - 4 * DAY, clubThread);
    const hidden = await commit('reunion', 'hidden', [dora!, emil!, 'strong'], NOW - 2 * DAY, clubRoom);
    const deleted = await commit('reunion', 'deleted', [frieda!, gerd!, 'strong'], NOW - DAY, gone);
    fake.deleteChannel(gone);
    await settle(fake);

    const historyOf = async (u: FakeUser, options: Record<string, string | number | boolean | FakeUser> = {}) => {
      const it = await answered(fake.slash(u, fake.channelId, 'history', options));
      await settle(fake);
      return ids(it);
    };
    expect(await historyOf(anna!)).toEqual([open.id]);
    expect(await historyOf(carl!)).toEqual([open.id]); // played in the club's thread, but cannot see the club
    expect(await historyOf(dora!)).toEqual([hidden.id, open.id, threaded.id]);
    expect(await historyOf(frieda!)).toEqual([deleted.id, open.id]);
    expect(await historyOf(hanna!)).toEqual([deleted.id, open.id]);
    expect(fake.original(fake.interactions.at(-1)!)!.content.split('\n')[0]).toBe('**Latest games** · page 1/1 · 2 games');
    await refused(() => fake.slash(carl!, fake.channelId, 'replay', { id: threaded.id }), /^No finished game with id `\w+` in this server\./);
    await refused(() => fake.slash(anna!, fake.channelId, 'history', { user: dora! }), /^dora has not finished a game here yet\.$/);

    // /replay: the same rule; a hidden game is answered as one that does not exist.
    await refused(() => fake.slash(anna!, fake.channelId, 'replay', { id: hidden.id }), /^No finished game with id `\w+` in this server\./);
    await refused(() => fake.slash(bernd!, fake.channelId, 'replay', { id: deleted.id }), /^No finished game with id `\w+` in this server\./);
    for (const [u, id] of [
      [emil!, hidden.id],
      [gerd!, deleted.id],
      [hanna!, deleted.id],
    ] as const) {
      const it = await answered(fake.slash(u, fake.channelId, 'replay', { id }));
      await settle(fake);
      expect(fake.original(it)!.content).toContain(`game \`${id}\``);
    }

    // /stats counts every game, but names the best and worst game only to those who may see it.
    const statsOf = async (asker: FakeUser, user: FakeUser) => {
      const it = await answered(fake.slash(asker, fake.channelId, 'stats', { user, game: 'reunion' }));
      await settle(fake);
      return fake.original(it)!.content;
    };
    const toAnna = await statsOf(anna!, dora!);
    expect(toAnna).toMatch(/Best game [^(\n]+ · worst/);
    expect(toAnna).not.toContain(hidden.id);
    expect(await statsOf(emil!, dora!)).toContain(`(\`${hidden.id}\`)`);
    expect(await statsOf(anna!, frieda!)).not.toContain(deleted.id);
    expect(await statsOf(frieda!, frieda!)).toContain(`(\`${deleted.id}\`)`);
    expect(fake.violations.filter((v) => v.code !== 10003)).toEqual([]);
  });
});
