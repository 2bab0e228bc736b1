/**
 * End to end, `/table new <game>` with the game's options: a Rommé table opened with `jokers:4` and other options is
 * played with them and shows them in its lobby; a value outside an option's choices, a game the bot does not run and
 * the old `/table new game:…` (commands not yet redeployed) are refused privately and open nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { RommeState } from '../../src/games/romme/index.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { expectRefused } from '../support/refusals.ts';
import { answered, buttons } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let anna: FakeUser;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('table-options');
  bot = await startTestBot(fake, prefix, 'table-options-seed');
  anna = fake.user('anna');
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** `/table new <game>` with `options` (by their English names), as Anna. */
const openTable = (game: string, options: Record<string, string | number | boolean>) =>
  fake.slash(anna, fake.channelId, 'table', options, { subcommandGroup: 'new', subcommand: game });

describe('/table new <game> options', () => {
  it('opens a Rommé table with jokers:4 and the other options given, shows them in the lobby and plays with them', async () => {
    const created = await answered(
      openTable('romme', { jokers: 4, joker_value: 20, first_meld_minimum: 30, penalty_limit: 500, around_the_corner: true, turn_timer: 0 }),
    );
    await settle(fake);
    expect(created.callback?.ephemeral).toBe(false);
    const table = (await bot.tables.get(fake.channelId))!;
    expect(table).toMatchObject({ game: 'romme', status: 'lobby', turnTimer: 0 });
    expect(table.options).toEqual({
      jokers: 4,
      jokerValue: 20,
      firstMeldMinimum: 30,
      startWith14: false,
      fourteenthToForehand: false,
      discardPickupMustBeMelded: false,
      aroundTheCorner: true,
      strictSetSwap: false,
      handRomme: false,
      deals: 0,
      penaltyLimit: 500,
    });
    const lobby = fake.message(created.originalMessageId!)!;
    const text = (lobby.embeds as { description: string }[])[0]!.description;
    for (const line of [
      'Jokers added to the two 52-card packs: **4**',
      'Penalty points of a joker left in hand: **20**',
      "Least value of a player's first meld: **30**",
      'Runs may go around the corner (K-A-2): **on**',
      'Play to a penalty limit instead of a number of deals: **500 (the usual limit)**',
      'Strict set swap: a set joker only for four natural cards: **off**',
      'Turn timer: **off**',
    ])
      expect(text).toContain(line);

    // Computer players fill the table; the game deals from a pack with 4 jokers (108 cards).
    await answered(fake.click(anna, lobby, buttons(lobby).find((b) => b.custom_id === 'st:fill')!.custom_id));
    await settle(fake);
    await answered(fake.slash(anna, fake.channelId, 'table', {}, { subcommand: 'start' }));
    await settle(fake);
    const playing = (await bot.tables.get(fake.channelId))!;
    expect(playing.status).toBe('playing');
    const s = playing.state as RommeState;
    expect(s.options).toMatchObject({ jokers: 4, jokerValue: 20, firstMeldMinimum: 30, aroundTheCorner: true, penaltyLimit: 500 });
    const cards = [...s.hands.flat(), ...s.stock, ...s.discardPile, ...s.melds.flatMap((m) => m.cards)];
    expect(cards).toHaveLength(108);
    expect(cards.filter((c) => c.startsWith('Joker'))).toHaveLength(4);
  });

  it('refuses privately a value outside an option’s choices, an unknown game and the old /table new game:…', async () => {
    await expectRefused(fake, bot, () => openTable('romme', { jokers: 5 }), /^Jokers added to the two 52-card packs must be one of 6, 4\.$/);
    await expectRefused(fake, bot, () => openTable('romme', { penalty_limit: 300 }), /must be one of 0, 250, 500, 1000\./);
    await expectRefused(fake, bot, () => openTable('skat', {}), /skat/);
    await expectRefused(
      fake,
      bot,
      () => fake.slash(anna, fake.channelId, 'table', { game: 'reunion' }, { subcommand: 'new' }),
      /does not match this bot's \/table/,
    );
    expect(await bot.tables.get(fake.channelId)).toBeUndefined();
  });
});
