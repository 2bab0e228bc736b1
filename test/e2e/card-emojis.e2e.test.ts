/**
 * End to end, where the hands' card faces come from: the bot lists the application's emojis at start and finds the
 * faces `npm run deploy-emojis` uploaded (no card-emojis.json needed); a card-emojis.json beside DATA_FILE overrides
 * them, and one log line says so; when the listing fails (401) the bot starts anyway with text labels and one warn
 * line, and goes on working.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST, Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { FACE_CARDS } from '../../src/faces/face-cards.ts';
import { deployEmojis } from '../../src/faces/deploy.ts';
import { renderFace } from '../../src/faces/draw.ts';
import { cardEmojisFile, type CardEmojis } from '../../src/faces/emoji-ids.ts';
import { renderFaceSet } from '../../src/faces/set.ts';
import { cleanupPrefix, startTestBot, testPrefix } from '../support/bot.ts';
import { buttons, openAndStart, openHand, userToAct } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { capturingLogger, type LogLine, WARN } from '../support/logs.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let fake: FakeDiscord;
let bot: RunningBot | null = null;
let prefix: string;
let dir: string;
let users: FakeUser[];

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('card-emojis');
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-card-emojis-'));
  users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
  // What `npm run deploy-emojis` does (test/faces/deploy.test.ts runs the script itself).
  await deployEmojis(new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.token), fake.applicationId, renderFaceSet());
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await fake.close();
  await cleanupPrefix(prefix);
  await rm(dir, { recursive: true, force: true });
});

/** Start the bot with its data file in this test's folder; its log lines about card emojis. */
async function start(): Promise<LogLine[]> {
  const { log, lines } = capturingLogger();
  bot = await startTestBot(fake, prefix, 'card-emojis-seed', { env: { DATA_FILE: join(dir, 'stammtisch.sqlite') }, log });
  return lines.filter((l) => l.msg.startsWith('card emojis'));
}

/** The card buttons of the hand of the Réunion player to act (a fresh table), with the card each plays or toggles. */
async function cardButtons(): Promise<{ card: string; emoji: Json }[]> {
  const board = await openAndStart(fake, fake.channelId, users);
  const hand = await openHand(fake, board, userToAct(fake, board, users)!);
  const cards = buttons(hand).filter((b) => /:(p|t)\./.test(b.custom_id)) as Json[];
  expect(cards.length).toBeGreaterThanOrEqual(10);
  return cards.map((b) => ({ card: String(b.custom_id).split(':').pop()!.split('.')[1]!, emoji: b.emoji }));
}

describe('card emojis at start', () => {
  it("finds the deployed faces among the application's emojis: no file, every card with its face", async () => {
    expect(await start()).toMatchObject([{ level: 30, msg: 'card emojis: in use from the application (two-colour faces)' }]);
    for (const { card, emoji } of await cardButtons()) {
      const held = fake.appEmojis.byId.get(String(emoji?.id));
      expect(held?.name, card).toBe(emoji.name);
      expect(held?.image.equals(renderFace(card as (typeof FACE_CARDS)[number], { lang: 'en', colours: 'two' })), card).toBe(true);
    }
    expect(fake.violations).toEqual([]);
  });

  it('card-emojis.json beside DATA_FILE wins, said in one line', async () => {
    const file = cardEmojisFile(join(dir, 'stammtisch.sqlite'));
    const own: CardEmojis = {
      application: fake.applicationId,
      styles: { e2: Object.fromEntries(FACE_CARDS.map((card, i) => [card, { id: String(300000000000000000n + BigInt(i)), name: `own_${i}` }])) },
    };
    await writeFile(file, JSON.stringify(own));
    expect(await start()).toMatchObject([
      { level: 30, msg: `card emojis: in use from ${file}, which overrides the application's emojis (two-colour faces)` },
    ]);
    for (const { card, emoji } of await cardButtons()) expect(emoji, card).toEqual(own.styles.e2![card]);
    expect(fake.violations).toEqual([]);
  });

  it('a listing Discord refuses (401): text labels, one warn line, and the bot goes on', async () => {
    fake.failNext('GET', /^\/applications\/\d+\/emojis$/, { status: 401, code: 0, message: '401: Unauthorized' });
    const lines = await start();
    expect(lines).toMatchObject([{ level: WARN, msg: "card emojis: could not list the application's emojis: hands show text labels" }]);
    for (const { emoji } of await cardButtons()) expect(emoji).toBeUndefined();
    // The listing's 401 did not cost the bot's client its token (discord.js drops a REST client's token on a 401).
    expect(await bot!.client.rest.get(Routes.applicationEmojis(fake.applicationId))).toMatchObject({ items: expect.any(Array) });
    expect(fake.violations.map((v) => [v.method, v.status])).toEqual([['GET', 401]]);
  });
});
