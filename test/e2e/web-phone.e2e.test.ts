/**
 * The web table on a phone (360 × 740, as Discord's mobile clients show an Activity), played with the keyboard only
 * (test/support/web-keys.ts: Tab, the arrows, Enter and Space; no mouse event):
 * - a whole Réunion deal, all three players at phone-sized pages (one asking for reduced motion: no trick animation);
 * - Rommé with 13 and 14 cards in the hand, until the first meld is on the table;
 * - Dreierles until the trick holds two cards.
 * Before every move the acting page is measured: nothing reaches past the screen's edges and the page does not
 * scroll sideways, the hand forms at most two rows, every button (each card of the hand too) is at least 40 px
 * both ways, and every playable card's middle is the card itself (not covered). Screenshots in test/e2e/artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from '../support/bot.ts';
import { browserEnv, freePort, hasChromium, launchBrowser, openTable, type UserPage } from '../support/browser.ts';
import { openAndStart } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { keyboardMove, phoneLayout, trickAnimations } from '../support/web-keys.ts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
let browser: Browser;
let port: number;

beforeAll(async () => {
  port = await freePort();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
useTableBot('web-phone', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'carol'],
  bot: (fake) => ({ env: browserEnv(fake, port) }),
});

type Table = NonNullable<Awaited<ReturnType<RunningBot['tables']['get']>>>;

/** Three phone-sized pages (bob's in German) at the channel's table. */
async function phones(channel: string): Promise<UserPage[]> {
  const [alice, bob, carol] = users as [FakeUser, FakeUser, FakeUser];
  return [
    await openTable(browser, bot, fake, port, alice, channel, { size: 'phone' }),
    await openTable(browser, bot, fake, port, bob, channel, { size: 'phone', lang: 'de' }),
    await openTable(browser, bot, fake, port, carol, channel, { size: 'phone' }),
  ];
}

/**
 * Play by keyboard until `done`, measuring the acting page before each move; `after` runs after each move.
 * Returns the moves' types and the most cards a measured hand held.
 */
async function play(
  channel: string,
  pages: UserPage[],
  done: (table: Table) => boolean,
  after?: (table: Table) => Promise<void>,
): Promise<{ types: string[]; most: number }> {
  const types: string[] = [];
  let most = 0;
  for (;;) {
    await settle(fake);
    const table = await bot.tables.get(channel);
    if (!table || table.status !== 'playing' || done(table)) return { types, most };
    const seat = bot.tables.engine(table).toAct(table.state)[0]!;
    const page = pages.find((p) => p.user.id === table.seats[seat]!.userId)!;
    await page.page.locator(`main[data-version="${table.version}"]`).waitFor({ timeout: 15_000 });
    const layout = await phoneLayout(page);
    expect(layout.width).toBe(360);
    expect(layout.scrollWidth).toBe(360);
    expect(layout.outside).toEqual([]);
    // Two rows; three only for Dreierles' declarer holding the blind (19 cards), as cards stay 40 px wide.
    expect(layout.handRows).toBeLessThanOrEqual(layout.handCards > 16 ? 3 : 2);
    expect(layout.small).toEqual([]);
    expect(layout.covered).toEqual([]);
    most = Math.max(most, layout.handCards);
    types.push((await keyboardMove(bot, channel, page)).type);
    const now = await bot.tables.get(channel);
    if (now) await after?.(now);
    expect(types.length).toBeLessThan(300);
  }
}

/** Wait until every page shows the table's version, then screenshot `pages[i]` as `<name>`. */
async function shoot(channel: string, pages: UserPage[], shots: [number, string][]): Promise<void> {
  await settle(fake);
  const table = (await bot.tables.get(channel))!;
  for (const up of pages) await up.page.locator(`main[data-version="${table.version}"]`).waitFor();
  for (const [i, name] of shots) {
    await trickAnimations(pages[i]!);
    await pages[i]!.page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  }
}

const dealOf = (t: Table): number => (t.state as { dealNo: number }).dealNo;

// Whole deals in a real browser: on a busy 2-core machine one can take longer than the suite's 3 minutes.
describe.skipIf(!hasChromium())('the web table on a phone, by keyboard', { timeout: 360_000 }, () => {
  it('a whole Réunion deal', async () => {
    const channel = fake.channelId;
    await openAndStart(fake, channel, users);
    const pages = await phones(channel);
    // carol's phone asks for reduced motion: her trick's cards do not move.
    await pages[2]!.page.emulateMedia({ reducedMotion: 'reduce' });
    const deal = dealOf((await bot.tables.get(channel))!);
    let shot = false;
    const { types } = await play(
      channel,
      pages,
      (t) => dealOf(t) !== deal,
      async (t) => {
        if (shot || (t.state as { trick: unknown[] }).trick.length !== 2) return;
        shot = true;
        await shoot(channel, pages, [
          [0, 'reunion-keys-en-phone'],
          [1, 'reunion-keys-de-phone'],
        ]);
        const motion = (up: UserPage) =>
          up.page.evaluate(() => [...document.querySelectorAll('.trick .card')].map((c) => getComputedStyle(c).animationName));
        expect(await motion(pages[0]!)).toEqual(['fly-in', 'fly-in']);
        expect(await motion(pages[2]!)).toEqual(['none', 'none']);
      },
    );
    expect(shot).toBe(true);
    expect(types.filter((t) => t === 'play').length).toBeGreaterThanOrEqual(27);
    expect(types).toContain('discard');
    for (const up of pages) await up.context.close();
    expect(fake.violations).toEqual([]);
  });

  it('Rommé: 13 and 14 cards in two rows, until the first meld', async () => {
    const channel = fake.channelId;
    await openAndStart(fake, channel, users, 'romme');
    const pages = await phones(channel);
    const { types, most } = await play(channel, pages, (t) => (t.state as { melds: unknown[] }).melds.length > 0);
    expect(most).toBe(14);
    expect(types).toContain('draw');
    expect(types).toContain('meld');
    await shoot(channel, pages, [
      [0, 'romme-keys-en-phone'],
      [1, 'romme-keys-de-phone'],
    ]);
    // Once melds are on the felt the page still fits.
    for (const up of pages) {
      const layout = await phoneLayout(up);
      expect(layout.scrollWidth).toBe(360);
      expect(layout.outside).toEqual([]);
    }
    for (const up of pages) await up.context.close();
  });

  it('Dreierles until the trick holds two cards', async () => {
    const channel = fake.channelId;
    await openAndStart(fake, channel, users, 'dreierles');
    const pages = await phones(channel);
    const { types } = await play(channel, pages, (t) => ((t.state as { trick?: unknown[] }).trick ?? []).length === 2);
    expect(types).toContain('play');
    await shoot(channel, pages, [
      [0, 'dreierles-keys-en-phone'],
      [1, 'dreierles-keys-de-phone'],
    ]);
    for (const up of pages) await up.context.close();
  });
});
