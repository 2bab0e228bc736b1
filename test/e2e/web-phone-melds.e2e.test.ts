/**
 * Rommé's many melds on a phone (360 × 740), in a real browser against the real bot and the fake Discord: a practice
 * table from the last deal of a finished five-player game (ten melds or so on the table) shows every meld inside the
 * felt, none cut off, and the page does not scroll sideways (the felt grows with its melds; docs/web-table.md).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { toRecord } from '../../src/records/book.ts';
import { playFinished } from '../records/played.ts';
import { settle } from '../support/bot.ts';
import { browserEnv, freePort, hasChromium, launchBrowser, openTable } from '../support/browser.ts';
import { answered } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { phoneLayout } from '../support/web-keys.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
let browser: Browser;
let port: number;
beforeAll(async () => {
  port = await freePort();
  if (hasChromium()) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
useTableBot('web-phone-melds', (t) => ({ fake, bot, users } = t), { users: ['alice'], bot: (fake) => ({ env: browserEnv(fake, port) }) });

describe.skipIf(!hasChromium())('Rommé on a phone with many melds', () => {
  it('shows every meld inside the felt', { timeout: 170_000 }, async () => {
    const [alice] = users as [FakeUser];
    const { finished } = playFinished('romme', 5, 'phone-melds');
    const seats = finished.seats.map((s, i) => (i === 0 ? { userId: alice.id, name: 'alice' } : s));
    const game = { ...finished, id: 'phmelds', guildId: fake.guildId, channelId: fake.channelId, seats };
    await bot.records.ledger.commit(toRecord(game, 'UTC'));
    const from = game.moves.map((m) => m.seat).lastIndexOf(0);
    await answered(fake.slash(alice, fake.channelId, 'replay', { id: game.id, practice_from: from }));
    await settle(fake);
    const melds = ((await bot.tables.get(fake.channelId))!.state as { melds: unknown[] }).melds.length;
    expect(melds).toBeGreaterThanOrEqual(7);

    const up = await openTable(browser, bot, fake, port, alice, fake.channelId, { size: 'phone' });
    await up.page.locator('main.table').waitFor();
    await up.page.waitForFunction((n) => document.querySelectorAll('.meld').length === n, melds);
    const outside = await up.page.evaluate(() => {
      const board = document.querySelector('.board')!.getBoundingClientRect();
      return [...document.querySelectorAll('.meld')].filter((m) => {
        const r = m.getBoundingClientRect();
        return r.top < board.top || r.bottom > board.bottom || r.left < board.left || r.right > board.right;
      }).length;
    });
    expect(outside).toBe(0);
    const layout = await phoneLayout(up);
    expect(layout.scrollWidth).toBeLessThanOrEqual(360);
    await up.context.close();
  });
});
