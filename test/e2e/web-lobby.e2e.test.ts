/**
 * The web table's lobby in a real browser (Debian's chromium through playwright-core) against the real bot and the
 * fake Discord: a lobby action the table service refuses (Fill with bots when every seat is taken) is
 * said in the lobby itself, in the page's language, and changes nothing; once the game starts, the table does not
 * show that old refusal again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from '../support/bot.ts';
import { browserEnv, freePort, hasChromium, launchBrowser, openTable } from '../support/browser.ts';
import { answered } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';

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
useTableBot('web-lobby', (t) => ({ fake, bot, users } = t), { users: ['alice'], bot: (fake) => ({ env: browserEnv(fake, port) }) });

describe.skipIf(!hasChromium())('the web lobby', () => {
  it('says a refused lobby action there, and the table does not repeat it', { timeout: 120_000 }, async () => {
    const [alice] = users as [FakeUser];
    const channel = fake.channelId;
    await answered(fake.slash(alice, channel, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    for (let i = 0; i < 2; i++) await answered(fake.slash(alice, channel, 'table', { level: 'easy' }, { subcommandGroup: 'bot', subcommand: 'add' }));
    await settle(fake);
    const up = await openTable(browser, bot, fake, port, alice, channel, { size: 'desktop', lang: 'en' });
    await up.page.waitForFunction(() => document.querySelectorAll('.lobby-seats li').length === 3);
    const before = (await bot.tables.get(channel))!;

    await up.page.getByRole('button', { name: 'Fill with bots' }).click();
    const alert = up.page.locator('main.lobby [role="alert"]');
    await alert.waitFor();
    expect((await alert.textContent())!.length).toBeGreaterThan(10);
    const after = (await bot.tables.get(channel))!;
    expect(after.seats).toEqual(before.seats);

    await up.page.getByRole('button', { name: 'Start' }).click();
    await up.page.locator('main.table').waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await up.page.locator('main.table [role="alert"]').count()).toBe(0);
  });
});
