/**
 * The web table in a real browser (Debian's chromium through playwright-core; test/support/browser.ts): the built
 * client (dist/web/, made by `npm ci`) against the real bot and the fake Discord.
 * - a whole Réunion game: alice in the chat (buttons), bob and carol at the web table (clicks); a spectator watches;
 * - a whole Dreierles deal from the web table, alice switching to the chat in the middle of it;
 * - a whole Rommé deal from the web table, carol's page signed in as an Activity through `DiscordSDKMock`;
 * - every frame a page received carries only its own seat's view (a spectator's: the public view, no hand);
 * - screenshots of each game's table, desktop and phone, English and German, in test/e2e/artifacts/ (looked at by
 *   hand; one of each game is kept in docs/).
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from '../support/bot.ts';
import { browserEnv, freePort, hasChromium, launchBrowser, openActivity, openTable, shoot, type UserPage } from '../support/browser.ts';
import { moveByControls } from '../support/controls.ts';
import { answered, openAndStart } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { webMove } from '../support/web-driver.ts';

/** Where screenshots go (gitignored). */
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
useTableBot('web-browser', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'carol', 'dave'],
  bot: (fake) => ({ env: browserEnv(fake, port) }),
});

/** Check every state frame a page got: its own seat's view, a spectator's the public view with no hand. */
function checkFrames(up: UserPage, seat: number | null): void {
  const states = up.frames.map(
    (f) => JSON.parse(f) as { type: string; seat?: number | null; view?: { hand?: string[]; seat?: number | null } | null },
  );
  const playing = states.filter((f) => f.type === 'state' && f.view);
  expect(playing.length).toBeGreaterThan(0);
  for (const f of playing) {
    expect(f.seat).toBe(seat);
    expect(f.view!.seat).toBe(seat);
    if (seat === null) expect(f.view!.hand).toEqual([]);
  }
}

/**
 * Play the channel's table until `done` (checked before each move): each move by the acting seat's page, or in the
 * chat when `inChat` says so (or it has no page). `after` runs after each move. Returns the moves' types.
 */
async function play(
  channel: string,
  messageId: string,
  web: UserPage[],
  done: (table: NonNullable<Awaited<ReturnType<RunningBot['tables']['get']>>>) => boolean,
  opts: { inChat?: (userId: string, n: number) => boolean; after?: (n: number) => Promise<void> } = {},
): Promise<string[]> {
  const types: string[] = [];
  for (;;) {
    await settle(fake);
    const table = await bot.tables.get(channel);
    if (!table || table.status !== 'playing' || done(table)) return types;
    const seat = bot.tables.engine(table).toAct(table.state)[0]!;
    const userId = table.seats[seat]!.userId!;
    const page = web.find((p) => p.user.id === userId);
    if (page && !opts.inChat?.(userId, types.length)) types.push((await webMove(bot, channel, page)).type);
    else {
      await moveByControls(
        fake,
        bot,
        channel,
        messageId,
        users.find((u) => u.id === userId)!,
      );
      types.push('chat');
    }
    await opts.after?.(types.length);
    expect(types.length).toBeLessThan(600);
  }
}

/** The message id of the channel's board. */
const boardOf = async (channel: string): Promise<string> => (await bot.tables.get(channel))!.messageId!;

// Whole games in a real browser: on a busy 2-core machine one can take longer than the suite's 3 minutes.
describe.skipIf(!hasChromium())('the web table in a browser', { timeout: 360_000 }, () => {
  it('a whole Réunion game: one player in the chat, two at the web table, a spectator', async () => {
    const [alice, bob, carol, dave] = users as [FakeUser, FakeUser, FakeUser, FakeUser];
    const channel = fake.channelId;
    const messageId = await openAndStart(fake, channel, [alice, bob, carol]);
    const web = [await openTable(browser, bot, fake, port, bob, channel), await openTable(browser, bot, fake, port, carol, channel, { lang: 'de' })];
    const watcher = await openTable(browser, bot, fake, port, dave, channel, { size: 'phone' });
    let shot = false;
    const types = await play(channel, messageId, web, () => false, {
      after: async () => {
        const table = await bot.tables.get(channel);
        if (shot || !table || (table.state as { trick: unknown[] }).trick.length !== 2) return;
        shot = true;
        await settle(fake);
        for (const up of [...web, watcher]) await up.page.locator(`main[data-version="${table.version}"]`).waitFor();
        await shoot(web[0]!, SHOTS, 'reunion-en');
        await shoot(web[1]!, SHOTS, 'reunion-de');
        await watcher.page.screenshot({ path: `${SHOTS}reunion-spectator-phone-en.png`, fullPage: true });
      },
    });
    expect(shot).toBe(true);
    expect(types.filter((t) => t === 'chat').length).toBeGreaterThan(20);
    expect(types.filter((t) => t === 'play').length).toBeGreaterThan(40);
    expect(types).toContain('discard');
    // The end: every page shows the podium.
    for (const up of [...web, watcher]) await up.page.locator('.podium').waitFor({ timeout: 15_000 });
    await shoot(web[1]!, SHOTS, 'reunion-result-de');
    checkFrames(web[0]!, 1);
    checkFrames(web[1]!, 2);
    checkFrames(watcher, null);
    for (const up of [...web, watcher]) await up.context.close();
    expect(fake.violations).toEqual([]);
  });

  it('a whole Dreierles deal from the web table; alice goes on in the chat in the middle of it', async () => {
    const [alice, bob, carol] = users as [FakeUser, FakeUser, FakeUser];
    const channel = fake.channelId;
    const messageId = await openAndStart(fake, channel, [alice, bob, carol], 'dreierles');
    const web = [
      await openTable(browser, bot, fake, port, alice, channel),
      await openTable(browser, bot, fake, port, bob, channel, { lang: 'de' }),
      await openTable(browser, bot, fake, port, carol, channel),
    ];
    const first = (await bot.tables.get(channel))!;
    const dealNo = (first.state as { dealNo: number }).dealNo;
    let aliceWeb = 0;
    let shot = false;
    const types = await play(channel, messageId, web, (t) => (t.state as { dealNo: number }).dealNo !== dealNo, {
      // alice plays her first three moves from the web table, the rest from her hand in the chat.
      inChat: (userId) => userId === alice.id && aliceWeb >= 3,
      after: async () => {
        const table = (await bot.tables.get(channel))!;
        const last = table.moves.at(-1);
        if (last && table.seats[last.seat]!.userId === alice.id) aliceWeb++;
        const trick = (table.state as { trick?: unknown[] }).trick ?? [];
        if (!shot && trick.length === 2) {
          shot = true;
          await settle(fake);
          for (const up of web) await up.page.locator(`main[data-version="${table.version}"]`).waitFor();
          await shoot(web[2]!, SHOTS, 'dreierles-en');
          await shoot(web[1]!, SHOTS, 'dreierles-de');
        }
      },
    });
    expect(shot).toBe(true);
    expect(types).toContain('chat');
    expect(types).toContain('play');
    expect(types.some((t) => t === 'bid' || t === 'pass')).toBe(true);
    for (const [i, up] of web.entries()) checkFrames(up, bot.tables.seatOf(first, [alice, bob, carol][i]!.id));
    for (const up of web) await up.context.close();
    expect(fake.violations).toEqual([]);
  });

  it('a whole Rommé deal from the web table, one page inside an Activity (DiscordSDKMock)', async () => {
    const [alice, bob, carol] = users as [FakeUser, FakeUser, FakeUser];
    const channel = fake.channelId;
    await openAndStart(fake, channel, [alice, bob, carol], 'romme');
    const messageId = await boardOf(channel);
    const activity = await openActivity(browser, fake, port, carol, channel, { lang: 'de' });
    const web = [
      await openTable(browser, bot, fake, port, alice, channel),
      await openTable(browser, bot, fake, port, bob, channel, { lang: 'de' }),
      activity,
    ];
    await activity.page.locator('main.table').waitFor();
    const first = (await bot.tables.get(channel))!;
    const dealNo = (first.state as { dealNo: number }).dealNo;
    let shot = false;
    const types = await play(channel, messageId, web, (t) => (t.state as { dealNo: number }).dealNo !== dealNo, {
      after: async () => {
        const table = (await bot.tables.get(channel))!;
        if (shot || !(table.state as { melds: unknown[] }).melds.length) return;
        shot = true;
        await settle(fake);
        for (const up of web) await up.page.locator(`main[data-version="${table.version}"]`).waitFor();
        await shoot(web[0]!, SHOTS, 'romme-en');
        await shoot(web[1]!, SHOTS, 'romme-de');
      },
    });
    expect(types).toContain('draw');
    expect(types).toContain('meld');
    expect(types).toContain('discard');
    expect(types).not.toContain('chat');
    // The Activity's page signed in as carol (her session in hello) and played from her seat.
    const ready = activity.frames.map((f) => JSON.parse(f) as { type: string; user?: { id: string } }).find((f) => f.type === 'ready');
    expect(ready?.user?.id).toBe(carol.id);
    for (const [i, up] of web.entries()) checkFrames(up, bot.tables.seatOf(first, [alice, bob, carol][i]!.id));
    for (const up of web) await up.context.close();
    expect(fake.violations).toEqual([]);
    void answered;
  });
});
