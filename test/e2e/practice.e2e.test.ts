/**
 * End to end: a practice table from `/replay id practice_from:k` (docs/playing.md § Practice from a replay), through
 * the real bot (src/bot.ts), the unmodified discord.js client, a fake Discord and the real Redis.
 *
 * It proves that the asker gets a public practice board at exactly the recorded state after move k, plays their seat
 * against the computer to the end by clicking, and the result message shows the real game's result beside the
 * practice's; that nothing of it reaches the records; and that a practice is refused while the channel has a table,
 * for a move outside the game and for a game the asker may not see.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type ReunionState, toAct } from '../../src/games/reunion/index.ts';
import { toRecord } from '../../src/records/book.ts';
import type { GameRecord } from '../../src/records/types.ts';
import { stateAt } from '../../src/tables/practice.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, tableMessage, takeTurn, toldLines } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { expectRefused } from '../support/refusals.ts';
import { playFinished } from '../records/played.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let alice: FakeUser, bob: FakeUser;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('practice-e2e');
  bot = await startTestBot(fake, prefix, 'e2e-seed');
  [alice, bob] = ['alice', 'bob'].map((n) => fake.user(n)) as [FakeUser, FakeUser];
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real Réunion game of alice, bob and the strong computer, committed to the bot's records. */
async function recorded(): Promise<GameRecord> {
  const { finished } = playFinished('reunion', 3, 'practice-e2e');
  const record = toRecord(
    {
      ...finished,
      id: 'realgame1',
      guildId: fake.guildId,
      channelId: fake.channelId,
      seats: [
        { userId: alice.id, name: 'alice' },
        { userId: 'bot:2', name: 'Liesl', bot: 'strong' },
        { userId: bob.id, name: 'bob' },
      ],
    },
    'UTC',
  );
  const done = await bot.records.ledger.commit(record);
  expect(done.committed).toBe(true);
  return done.record;
}

const replay = (user: FakeUser, options: Record<string, string | number>) => fake.slash(user, fake.channelId, 'replay', options);

describe('practice from /replay', () => {
  it('plays the recorded game again from move k against the computer, unrecorded, and shows both results', { timeout: 180_000 }, async () => {
    const record = await recorded();
    const k = 40;
    await expectRefused(
      fake,
      bot,
      () => replay(alice, { id: record.id, practice_from: record.moves.length }),
      /^Practice starts after a move of the game: from 0/,
    );
    await expectRefused(fake, bot, () => replay(alice, { id: 'nosuchgame', practice_from: 0 }), /nosuchgame/);

    const opened = await answered(replay(alice, { id: record.id, practice_from: k }));
    await settle(fake);
    const messageId = opened.originalMessageId!;
    expect(messageId).toBeDefined();
    expect(opened.callback?.ephemeral).toBeFalsy();
    const table = (await bot.tables.get(fake.channelId))!;
    expect(table.practice).toMatchObject({ recordId: record.id, fromMove: k });
    expect(table.moves.slice(0, k)).toEqual(record.moves.slice(0, k).map(({ seat, move }) => ({ seat, move })));
    expect(stateAt(table, k)).toEqual(stateAt(record, k));
    expect(table.seats[0]).toEqual({ userId: alice.id, name: 'alice' });
    expect(toldLines(fake, fake.channelId)).toContain(
      `🎯 Practice of game \`${record.id}\` from move ${k} (alice against the computer): it is never recorded on the scoreboard.`,
    );
    // Alice plays her seat by clicking; the computer plays the others.
    for (let turn = 0; ; turn++) {
      await settle(fake);
      const now = await bot.tables.get(fake.channelId);
      if (!now) break;
      if (now.seats[toAct(now.state as ReunionState)[0]!]!.bot) {
        await sleep(10);
        continue;
      }
      await fake.waitFor(() => tableMessage(fake, messageId).content.includes(`<@${alice.id}>`));
      // One table per channel: a second practice waits until this one is over (asked while the table waits for alice).
      if (turn === 0) await expectRefused(fake, bot, () => replay(bob, { id: record.id, practice_from: 0 }), /already has a Réunion table/);
      expect(await takeTurn(fake, messageId, [alice], turn)).not.toBeNull();
    }
    await fake.waitFor(() => /^🏁 /.test(tableMessage(fake, messageId).content));
    const end = fake.channelMessages(fake.channelId).at(-1)!;
    const lines = end.content.split('\n');
    expect(lines[0]).toMatch(/^🏁 Game over: /);
    expect(lines).toContain(`🎯 Practice of game \`${record.id}\` from move ${k} is over (not recorded). Both results side by side:`);
    // Then: the real players; now: alice against the computer in the others' seats (named after them).
    const then = lines.find((l) => l.startsWith('**Then** (the real game): '))!;
    const now = lines.find((l) => l.startsWith('**Now** (the practice): '))!;
    for (const name of ['alice', 'bob', '🤖 Liesl']) expect(then).toContain(name);
    expect(then).not.toContain('🤖 bob');
    for (const name of ['alice', '🤖 bob', '🤖 Liesl']) expect(now).toContain(name);
    // Nothing of the practice reached the records: the real game is still the only one.
    expect((await bot.records.list(fake.guildId)).map((r) => r.id)).toEqual([record.id]);
  });
});
