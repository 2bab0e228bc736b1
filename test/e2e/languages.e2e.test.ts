/**
 * End to end in two languages, with the real discord.js client and the fake Discord: a server whose language is
 * German, one player whose Discord is German and two whose Discord is English. Each one's private messages are in
 * their own language, every public message in the server's; `/settings language` changes the public language, and
 * the table message follows on its next update.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { Lang } from '../../src/i18n/index.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { moveByControls } from '../support/controls.ts';
import { answered, openAndStart, tableMessage, userToAct } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { phrasesIn } from '../support/language.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let users: FakeUser[];

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  fake.guildLocale = 'de';
  prefix = testPrefix('languages-e2e');
  bot = await startTestBot(fake, prefix, 'languages-e2e-seed');
  users = ['anna', 'bob', 'carol'].map((n) => fake.user(n));
  fake.setLocale(users[0]!, 'de');
  fake.setLocale(users[2]!, 'en-GB');
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/**
 * Check every body sent since `from`: a private one is in its reader's language (German for Anna), a public one in
 * `publicLang`; no body holds a phrase of the other language. Returns how many bodies of each reader language held
 * phrases of it, and where the check ended.
 */
function checkLanguages(from: number, publicLang: Lang): { next: number; seen: Record<'de' | 'en' | 'public', number> } {
  const seen = { de: 0, en: 0, public: 0 };
  const bodies = fake.payloads.slice(from);
  for (const p of bodies) {
    const lang: Lang = p.ephemeral ? (p.shownTo === users[0]!.id ? 'de' : 'en') : publicLang;
    const other: Lang = lang === 'de' ? 'en' : 'de';
    const found = phrasesIn(p.body);
    expect(found[other], `${p.ephemeral ? `private to ${p.shownTo}` : 'public'} (${lang}): ${JSON.stringify(p.body).slice(0, 600)}`).toEqual([]);
    if (found[lang].length) seen[p.ephemeral ? lang : 'public']++;
  }
  return { next: from + bodies.length, seen };
}

/** Play moves through the hands' controls until `done` says stop or the game is over; returns the moves made. */
async function playUntil(messageId: string, done: () => Promise<boolean>, limit = 2000): Promise<number> {
  let moves = 0;
  while (moves < limit && !(await done())) {
    const user = userToAct(fake, messageId, users);
    if (!user) break;
    await moveByControls(fake, bot, fake.channelId, messageId, user);
    moves++;
  }
  return moves;
}

/** `/settings language:<lang>` by the first user (the fake gives every member every permission). */
async function setLanguage(lang: string): Promise<void> {
  await answered(fake.slash(users[0]!, fake.channelId, 'settings', { language: lang }));
  await settle(fake);
}

const status = async () => (await bot.tables.get(fake.channelId))?.status;

describe('two languages end to end', () => {
  it('Réunion: a whole game, each private message in its reader’s language and public ones in German', async () => {
    const messageId = await openAndStart(fake, fake.channelId, users, 'reunion');
    const moves = await playUntil(messageId, async () => (await status()) !== 'playing');
    expect(moves).toBe(3 * 31);
    expect(await status()).toBeUndefined(); // finished and closed
    const { next, seen } = checkLanguages(0, 'de');
    expect(seen.de).toBeGreaterThan(20);
    expect(seen.en).toBeGreaterThan(40);
    expect(seen.public).toBeGreaterThan(20);

    // The record commands answer in the channel, so in the server's language whoever asks.
    const {
      records: [record],
    } = await bot.records.ledger.history({ guildId: fake.guildId, offset: 0, limit: 1 });
    for (const user of [users[0]!, users[1]!]) {
      const from = fake.payloads.length;
      await answered(fake.slash(user, fake.channelId, 'scoreboard', { game: 'reunion' }));
      await answered(fake.slash(user, fake.channelId, 'stats', {}));
      await answered(fake.slash(user, fake.channelId, 'history', {}));
      await answered(fake.slash(user, fake.channelId, 'replay', { id: record!.id }));
      await settle(fake);
      const records = checkLanguages(from, 'de').seen;
      expect(records.public).toBe(4);
    }

    // A new table's lobby is German; after /settings language:en it is English, and so is what follows.
    const created = await answered(fake.slash(users[0]!, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    const lobby = created.originalMessageId!;
    expect(phrasesIn(tableMessage(fake, lobby)).de.length).toBeGreaterThan(0);
    const afterGame = checkLanguages(next, 'de').next;
    await setLanguage('en');
    await answered(fake.click(users[1]!, tableMessage(fake, lobby), 'st:join'));
    await settle(fake);
    expect(phrasesIn(tableMessage(fake, lobby)).en.length).toBeGreaterThan(0);
    expect(phrasesIn(tableMessage(fake, lobby)).de).toEqual([]);
    checkLanguages(afterGame + 1, 'en');
  });

  it('Dreierles: one deal in German, then the table switches to English on its next update', async () => {
    const messageId = await openAndStart(fake, fake.channelId, users, 'dreierles', { rounds: 1 });
    const dealNo = async () => ((await bot.tables.get(fake.channelId))?.state as { dealNo?: number } | undefined)?.dealNo ?? -1;
    const first = await dealNo();
    await playUntil(messageId, async () => (await dealNo()) !== first);
    const german = checkLanguages(0, 'de');
    expect(german.seen.de).toBeGreaterThan(5);
    expect(german.seen.en).toBeGreaterThan(5);
    expect(german.seen.public).toBeGreaterThan(5);
    await setLanguage('en');
    const from = fake.payloads.length;
    await playUntil(messageId, async () => fake.payloads.length > from + 3, 1);
    expect(phrasesIn(tableMessage(fake, messageId)).en.length).toBeGreaterThan(0);
    expect(phrasesIn(tableMessage(fake, messageId)).de).toEqual([]);
    checkLanguages(german.next + 1, 'en');
  });

  it('Rommé: one deal in German, then the table switches to English on its next update', async () => {
    const two = users.slice(0, 2);
    const messageId = await openAndStart(fake, fake.channelId, two, 'romme', { deals: 2 });
    const dealNo = async () => ((await bot.tables.get(fake.channelId))?.state as { dealNo?: number } | undefined)?.dealNo ?? -1;
    const first = await dealNo();
    await playUntil(messageId, async () => (await dealNo()) !== first);
    expect(await dealNo()).not.toBe(first);
    const german = checkLanguages(0, 'de');
    expect(german.seen.de).toBeGreaterThan(5);
    expect(german.seen.en).toBeGreaterThan(5);
    expect(german.seen.public).toBeGreaterThan(5);
    await setLanguage('en');
    await playUntil(messageId, async () => false, 1);
    expect(phrasesIn(tableMessage(fake, messageId)).en.length).toBeGreaterThan(0);
    expect(phrasesIn(tableMessage(fake, messageId)).de).toEqual([]);
    checkLanguages(german.next + 1, 'en');
  });
});
