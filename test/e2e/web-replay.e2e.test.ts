/**
 * A finished game replayed on the web table, in a real browser (Debian's chromium through playwright-core) against
 * the real bot and the fake Discord: a finished Réunion game is put into the records of the fake's channel; `/replay`
 * answers with a link button to its replay page; signed in, the page shows every hand face up, steps through the game
 * with the keyboard (→ ← Home End, Space plays) and ends at the result; signed out it offers the sign-in that comes
 * back to the replay; a member who cannot view the channel gets the same 404 as for no game; no card in any URL the
 * page asked for. Inside the Activity (`DiscordSDKMock`) a game played there to its end opens its replay in place, with
 * the session in the request's header, and goes back to the result. Its screenshots go to test/e2e/artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { toRecord } from '../../src/records/book.ts';
import type { ReplayResponse } from '../../src/web/protocol.ts';
import { playFinished } from '../records/played.ts';
import { settle } from '../support/bot.ts';
import { browserEnv, freePort, hasChromium, launchBrowser, openActivity, SIZES } from '../support/browser.ts';
import { answered, tableMessage } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { browserSignIn, cookieOf } from '../support/web-client.ts';
import { turnOf, webMove } from '../support/web-driver.ts';

/** Where the screenshots go (gitignored, looked at by hand; docs/web-table-replay.png is one of them). */
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
/** A card id in a URL: a suit symbol, plain or percent-encoded. */
const CARD_IN_URL = /[♠♥♦♣]|%E2%99%A[0-6]/i;

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
let browser: Browser;
let port: number;

beforeAll(async () => {
  port = await freePort();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
useTableBot('web-replay', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'mallory'],
  bot: (fake) => ({ env: browserEnv(fake, port) }),
});

/** A finished Réunion game of alice, a computer player and bob in the fake's channel, committed to the records. */
async function seedGame(alice: FakeUser, bob: FakeUser): Promise<string> {
  const { finished } = playFinished('reunion', 3, 'web-replay-e2e');
  const seats = finished.seats.map((s, i) => (i === 0 ? { userId: alice.id, name: 'alice' } : i === 2 ? { userId: bob.id, name: 'bob' } : s));
  const game = { ...finished, id: 'webreplay1', guildId: fake.guildId, channelId: fake.channelId, seats };
  await bot.records.ledger.commit(toRecord(game, 'UTC'));
  return game.id;
}

/** A page for `user` (signed in through the browser path, or signed out), with every URL it asked for. */
async function pageOf(user: FakeUser | null, lang: 'en' | 'de' = 'en'): Promise<{ page: Page; urls: string[] }> {
  const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: SIZES.desktop, deviceScaleFactor: 1 });
  if (user) {
    const [name, ...rest] = (await browserSignIn(bot, fake, user, fake.channelId)).split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return { page, urls };
}

/** The step the page shows (its `data-at`). */
const shownStep = async (page: Page): Promise<number> => Number(await page.locator('.replay-move').getAttribute('data-at'));

describe.skipIf(!hasChromium())('the web replay of a finished game', () => {
  it('/replay links it; signed in, every hand is open and the keyboard steps through to the result', { timeout: 120_000 }, async () => {
    const [alice, bob] = users as [FakeUser, FakeUser];
    const id = await seedGame(alice, bob);
    const answer = fake.original(await answered(fake.slash(bob, fake.channelId, 'replay', { id })))!;
    await settle(fake);
    const rows = answer.components as { components: { type: number; style?: number; label?: string; url?: string }[] }[];
    const button = rows.flatMap((r) => r.components).find((c) => c.style === 5)!;
    const link = `http://localhost:${port}/replay/${fake.guildId}/${id}`;
    expect(button).toMatchObject({ style: 5, label: 'Watch on the web table', url: link });

    const { page, urls } = await pageOf(alice);
    const api = page.waitForResponse((res) => res.url().includes('/api/replay/'));
    await page.goto(link);
    const game = (await (await api).json()) as ReplayResponse;
    const last = game.steps.length - 1;
    await page.locator('.open-hand').first().waitFor();
    // Every seat's hand face up at the deal: as many cards as the replay's hands, each a face with its name.
    expect(await page.locator('.open-hand').count()).toBe(3);
    for (let s = 0; s < 3; s++) {
      const hand = page.locator(`.open-hand[data-seat="${s}"] .cards .card`);
      expect(await hand.count()).toBe(game.steps[0]!.hands[s]!.length);
      expect(await hand.count()).toBeGreaterThan(0);
    }
    expect(await page.locator('.replay-move').textContent()).toBe('The cards are dealt');
    expect(await page.locator('.replay-count').textContent()).toBe(`Move 0 of ${last}`);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownStep(page)).toBe(2);
    expect(await page.locator('.replay-move').textContent()).toMatch(/^(alice|Bernd|bob) /);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownStep(page)).toBe(1);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => Number(document.querySelector('.replay-move')?.getAttribute('data-at')) >= 3, undefined, { timeout: 10_000 });
    await page.keyboard.press('Space');
    await page.locator('.replay-controls [data-step="play"]').waitFor();
    const paused = await shownStep(page);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await shownStep(page)).toBe(paused);

    // The slider to the first step with two cards in the trick: the table shows them, the hands one card less.
    const trick = game.steps.findIndex((st) => (st.view as { trick: unknown[] }).trick.length === 2);
    await page.locator('.replay-controls input[type="range"]').fill(String(trick));
    await expect.poll(() => shownStep(page)).toBe(trick);
    await expect.poll(() => page.locator('.table.game-reunion .trick .card').count()).toBe(2);
    expect(await page.locator('.replay-controls [data-step="forward"]').isEnabled()).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}replay-desktop.png` });
    await page.setViewportSize(SIZES.phone);
    await page.screenshot({ path: `${SHOTS}replay-phone-en.png`, fullPage: true });
    await page.setViewportSize(SIZES.desktop);

    await page.keyboard.press('End');
    await expect.poll(() => shownStep(page)).toBe(last);
    await page.locator('.result .podium').waitFor();
    await expect.poll(() => page.locator('.replay-count').textContent()).toBe(`Move ${last} of ${last}`);
    await page.keyboard.press('Home');
    await expect.poll(() => shownStep(page)).toBe(0);

    expect(urls.some((u) => u.includes(`/api/replay/${fake.guildId}/${id}`))).toBe(true);
    expect(urls.filter((u) => CARD_IN_URL.test(u))).toEqual([]);
    await page.context().close();
  });

  it('signed out: the sign-in that comes back to the replay; German words in a German browser', async () => {
    const [alice, bob] = users as [FakeUser, FakeUser];
    const id = await seedGame(alice, bob);
    const { page } = await pageOf(null, 'de');
    await page.goto(`http://localhost:${port}/replay/${fake.guildId}/${id}`);
    const signin = page.locator('a.signin');
    await signin.waitFor();
    expect(await signin.getAttribute('href')).toBe(`/auth/login?next=${encodeURIComponent(`/replay/${fake.guildId}/${id}`)}`);
    expect(await signin.textContent()).toBe('Mit Discord anmelden');
    // Through Discord's consent and back: the callback returns to the replay.
    const login = await fetch(`http://localhost:${port}${await signin.getAttribute('href')}`, { redirect: 'manual' });
    const to = new URL(login.headers.get('location') ?? '');
    const code = fake.oauth.authorize(alice.id, { redirectUri: to.searchParams.get('redirect_uri') ?? '' });
    const back = await fetch(`http://localhost:${port}/auth/callback?code=${code}&state=${to.searchParams.get('state')}`, {
      redirect: 'manual',
      headers: { cookie: cookieOf(login, 'stammtisch_oauth') ?? '' },
    });
    expect([back.status, back.headers.get('location')]).toEqual([302, `/replay/${fake.guildId}/${id}`]);
    await page.context().close();
  });

  it('a member who cannot view the channel gets the 404 of a game that does not exist', async () => {
    const [alice, bob, mallory] = users as [FakeUser, FakeUser, FakeUser];
    const id = await seedGame(alice, bob);
    fake.setOverwrites(fake.channelId, [{ id: mallory.id, type: 1, allow: '0', deny: String(1n << 10n) }]);
    await settle(fake);
    const { page } = await pageOf(mallory);
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/replay/')) answers.push(res.status());
    });
    await page.goto(`http://localhost:${port}/replay/${fake.guildId}/${id}`);
    await page.getByText('There is no such game, or you cannot see the channel it was played in.').waitFor();
    await page.goto(`http://localhost:${port}/replay/${fake.guildId}/nosuchgame`);
    await page.getByText('There is no such game, or you cannot see the channel it was played in.').waitFor();
    expect(answers).toEqual([404, 404]);
    expect(await page.locator('.open-hand').count()).toBe(0);
    await page.context().close();
  });

  it('inside the Activity: the result of a game played there opens its replay in place, and goes back', { timeout: 180_000 }, async () => {
    const [alice] = users as [FakeUser];
    const channel = fake.channelId;
    const created = await answered(fake.slash(alice, channel, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    for (let i = 0; i < 2; i++) await answered(fake.slash(alice, channel, 'table', { level: 'easy' }, { subcommandGroup: 'bot', subcommand: 'add' }));
    await settle(fake);
    await answered(fake.click(alice, tableMessage(fake, created.originalMessageId!), 'st:start'));
    const up = await openActivity(browser, fake, port, alice, channel);
    const asked: { url: string; auth: string | undefined }[] = [];
    up.page.on('request', (req) => asked.push({ url: req.url(), auth: req.headers().authorization }));
    await up.page.locator('main.table').waitFor();
    for (let moves = 0; ; moves++) {
      await settle(fake);
      const turn = await turnOf(bot, channel, alice.id);
      if (!turn) break;
      if (turn.mine) await webMove(bot, channel, up);
      else await new Promise((r) => setTimeout(r, 20));
      expect(moves).toBeLessThan(3000);
    }
    await up.page.locator('[data-action="replay"]').click();
    await up.page.locator('.open-hand').first().waitFor();
    expect(await up.page.locator('.open-hand').count()).toBe(3);
    await up.page.keyboard.press('End');
    await up.page.locator('.result .podium').waitFor();
    const replay = asked.filter((r) => r.url.includes('/api/replay/'));
    expect(replay).toHaveLength(1);
    expect(replay[0]!.auth).toMatch(/^Bearer \S+$/);
    expect(asked.filter((r) => CARD_IN_URL.test(r.url) || /session|token=/i.test(new URL(r.url).search))).toEqual([]);
    await up.page.locator('[data-action="back-to-table"]').click();
    await up.page.locator('[data-action="replay"]').waitFor();
    await up.context.close();
  });
});
