/**
 * End to end: a duplicate weekly night through the real bot (src/bot.ts), the unmodified discord.js client, the fake
 * Discord and the real Redis, on a clock the test moves (the bot's `now`).
 *
 * Four people sign up for a duplicate Réunion night: two tables of two people and one computer player each (six
 * seats), the computer at a different seat at each table. It proves that
 * 1. both tables play the same deals: the second table gets the first table's seed (the bot would hand out a fresh
 *    one), and their records show the same deals (dealer, turned-up card);
 * 2. while the second table plays, no command shows the seed: `/replay` of the finished table is refused privately,
 *    and no request the bot made (answers, attachments, posts) carries the seed;
 * 3. when the second table is over, the night's standings are posted once: the duplicate explanation, every player
 *    with their duplicate score (as computed from the records) beside the plain total, best duplicate score first;
 *    `/replay` then attaches the game with its seed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import type { RunningBot } from '../../src/bot.ts';
import type { GameRecord } from '../../src/records/types.ts';
import { stampOf } from '../../src/tables/service.ts';
import { duplicateScores } from '../../src/weekly/duplicate.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered } from '../support/driver.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot | null = null;
let prefix: string;

/** The bot's clock: Tuesday 1 December 2026, 10:00 UTC, moved only by the test. */
let now = Date.parse('2026-12-01T10:00:00Z');
const ADMIN = (1n << 5n).toString(); // Manage Server only

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  fake.commands = COMMANDS.map((c) => c.data.toJSON());
  prefix = testPrefix('weekly-dup-e2e');
  now = Date.parse('2026-12-01T10:00:00Z');
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Move the clock and let the weekly runner handle what is due. */
async function at(running: RunningBot, iso: string): Promise<void> {
  now = Date.parse(iso);
  await running.weekly.tick();
  await settle(fake);
}

/** Play the table in `threadId` to its end: people through the table layer (first legal move), computer seats by the bot. */
async function playOut(running: RunningBot, threadId: string): Promise<void> {
  for (let rounds = 0; rounds < 5_000; rounds++) {
    const table = await running.tables.get(threadId);
    if (!table) return;
    const engine = running.tables.engine(table);
    const seat = engine.toAct(table.state)[0]!;
    const info = table.seats[seat]!;
    if (info.bot) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    await running.tables.act(threadId, { userId: info.userId, name: info.name }, stampOf(table), engine.legalMoves(table.state, seat)[0]);
  }
  throw new Error(`table ${threadId} did not finish`);
}

/** Whether any request the bot made so far (bodies and uploaded files) contains `text`. */
const anyRequestContains = (text: string): boolean =>
  fake.requests.some((r) => JSON.stringify(r.body ?? null).includes(text) || r.files.some((f) => f.data.toString('utf8').includes(text)));

describe('duplicate weekly night', () => {
  it(
    'seats two Réunion tables on one seed, keeps it secret until both are over, and ranks by the duplicate score',
    { timeout: 120_000 },
    async () => {
      let seeds = 0;
      bot = await startTestBot(fake, prefix, 'unused', { now: () => now, newSeed: () => `dup-seed-${++seeds}` });
      const running = bot;
      const [admin, anna, bernd, clara, dora] = ['admin', 'anna', 'bernd', 'clara', 'dora'].map((n) => fake.user(n)) as FakeUser[];

      const setup = await answered(
        fake.slash(
          admin!,
          fake.channelId,
          'weekly',
          { game: 'reunion', day: 'saturday', time: '20:00', timezone: 'Europe/Berlin', channel: fake.channelId, format: 'duplicate' },
          { subcommand: 'setup', memberPermissions: ADMIN },
        ),
      );
      await settle(fake);
      expect(answerText(setup)).toContain('Duplicate: every table of a night plays the same deals');
      expect((await running.weekly.nights.config(fake.guildId))?.format).toBe('duplicate');

      // A day before: the reminder; four people sign up.
      await at(running, '2026-12-04T19:00:00Z');
      const reminder = fake.channelMessages(fake.channelId).find((m) => m.content.includes('Game night:'))!;
      for (const user of [anna, bernd, clara, dora]) await answered(fake.click(user!, reminder, 'st:wk:in:2026-12-05'));
      await settle(fake);

      // The start: two tables of two people and a computer player, on the first table's seed.
      await at(running, '2026-12-05T19:00:00Z');
      const threads = fake.threads(fake.channelId);
      expect(threads).toHaveLength(2);
      const [one, two] = await Promise.all(threads.map((t) => running.tables.get(t.id)));
      expect(one?.status).toBe('playing');
      expect(two?.status).toBe('playing');
      expect(one?.seed).toBe('dup-seed-1');
      expect(two?.seed).toBe('dup-seed-1');
      expect(seeds).toBe(1);
      expect(one?.seats.map((s) => s.bot ?? s.userId)).toEqual(['strong', anna!.id, bernd!.id]);
      expect(two?.seats.map((s) => s.bot ?? s.userId)).toEqual([clara!.id, 'strong', dora!.id]);

      // The first table finishes; the second still plays: no command shows the seed.
      await playOut(running, threads[0]!.id);
      await settle(fake);
      const [first] = await running.records.ledger.all(fake.guildId);
      expect(first?.id).toBe(one?.id);
      const refused = await answered(fake.slash(anna!, fake.channelId, 'replay', { id: first!.id }));
      await settle(fake);
      expect(refused.callback?.ephemeral).toBe(true);
      expect(answerText(refused)).toMatch(/duplicate night whose other tables are still playing/);
      await answered(fake.slash(dora!, fake.channelId, 'history', {}));
      await answered(fake.slash(dora!, fake.channelId, 'weekly', {}, { subcommand: 'standings' }));
      await settle(fake);
      expect(anyRequestContains('dup-seed-1')).toBe(false);
      const standings = () => fake.channelMessages(fake.channelId).filter((m: FakeMessage) => m.content.startsWith('🏆'));
      expect(standings()).toEqual([]);

      // The second table finishes: the standings, once, by duplicate score.
      await playOut(running, threads[1]!.id);
      await settle(fake);
      await running.weekly.idle();
      await settle(fake);
      const records: GameRecord[] = await running.records.ledger.all(fake.guildId);
      expect(records).toHaveLength(2);
      const dealsOf = (r: GameRecord) => r.deals.map((d) => JSON.stringify([(d as { dealer: number }).dealer, (d as { turnUp: string }).turnUp]));
      expect(dealsOf(records[0]!)).toEqual(dealsOf(records[1]!));
      expect(standings()).toHaveLength(1);
      const text = standings()[0]!.content;
      expect(text).toContain('Duplicate night: every table played the same deals');
      const scores = duplicateScores(records);
      const sum = [...scores.values()].reduce((a, b) => a + b, 0);
      expect(Math.abs(sum)).toBeLessThan(1e-9);
      const lines = text.split('\n').filter((l) => / — duplicate \*\*/.test(l));
      expect(lines).toHaveLength(5); // four people and the computer (one scoreboard player at both tables)
      const shown = lines.map((l) => Number(/duplicate \*\*([+−]?[\d.]+)\*\*/.exec(l)![1]!.replace('−', '-').replace('+', '')));
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      for (const user of [anna, bernd, clara, dora]) {
        const line = lines.find((l) => l.includes(` ${user!.username} — `))!;
        expect(line).toMatch(/units? · \d wins? · 1 game/);
        const score = Number(/duplicate \*\*([+−]?[\d.]+)\*\*/.exec(line)![1]!.replace('−', '-').replace('+', ''));
        expect(score).toBeCloseTo(scores.get(user!.id)!, 1);
      }
      await at(running, '2026-12-05T23:00:00Z');
      expect(standings()).toHaveLength(1);

      // Now /replay shows the game, its seed in the attached file.
      const replay = await answered(fake.slash(anna!, fake.channelId, 'replay', { id: first!.id }));
      await settle(fake);
      expect(replay.callback?.ephemeral ?? false).toBe(false);
      expect(anyRequestContains('dup-seed-1')).toBe(true);
      expect(fake.violations).toEqual([]);
    },
  );
});
