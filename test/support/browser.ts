/**
 * A real browser for the web table's end-to-end tests: Debian's chromium (`/usr/bin/chromium`, or CHROMIUM_PATH)
 * driven by playwright-core — nothing downloads a browser. A page is signed in as a fake Discord user either with the
 * browser path's session cookie (got through `/auth/login` → the fake's consent → `/auth/callback`, as a browser
 * would, then handed to the browser's context) or through the Activity path (the page's `DiscordSDKMock`).
 * The test bot listens on a port chosen ahead, so that PUBLIC_URL (`http://localhost:<port>`) is the page's origin.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { RunningBot } from '../../src/bot.ts';
import type { FakeDiscord, FakeUser } from './fake-discord.ts';
import { browserSignIn, SESSION_SECRET } from './web-client.ts';

/** The browser's executable. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser is installed (`.ci/run` installs it). */
export const hasChromium = (): boolean => existsSync(CHROMIUM);

/** Start the browser, headless. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a test bot whose web table is at `http://localhost:<port>`. */
export const browserEnv = (fake: FakeDiscord, port: number): Record<string, string> => ({
  PUBLIC_URL: `http://localhost:${port}`,
  WEB_PORT: String(port),
  WEB_HOST: '127.0.0.1',
  DISCORD_CLIENT_SECRET: fake.oauth.clientSecret,
  WEB_SESSION_SECRET: SESSION_SECRET,
  DISCORD_CLIENT_ID: fake.applicationId,
});

/** Page sizes of the screenshots. */
export const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } } as const;

/** A browser page for one user, with every socket frame it received kept. */
export interface UserPage {
  user: FakeUser;
  context: BrowserContext;
  page: Page;
  /** Every frame the page's socket received, as sent. */
  frames: string[];
}

/** Keep every frame `page`'s sockets receive. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}

/** Options of a page. */
export interface PageOptions {
  lang?: 'en' | 'de';
  size?: keyof typeof SIZES;
}

const contextOf = (browser: Browser, opts: PageOptions): Promise<BrowserContext> =>
  browser.newContext({ locale: opts.lang === 'de' ? 'de-DE' : 'en-US', viewport: SIZES[opts.size ?? 'desktop'], deviceScaleFactor: 1 });

/** Open the table of `channel` as `user`, signed in through the browser path (the session cookie). */
export async function openTable(
  browser: Browser,
  bot: RunningBot,
  fake: FakeDiscord,
  port: number,
  user: FakeUser,
  channel: string,
  opts: PageOptions = {},
): Promise<UserPage> {
  const cookie = await browserSignIn(bot, fake, user, channel);
  const [name, ...rest] = cookie.split('=');
  const context = await contextOf(browser, opts);
  await context.addCookies([{ name: name!, value: rest.join('='), domain: 'localhost', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  const frames = recordFrames(page);
  await page.goto(`http://localhost:${port}/table/${channel}`);
  return { user, context, page, frames };
}

/** Open the Activity's page (`/`) as `user` through `DiscordSDKMock`, with a code the fake's OAuth2 will exchange. */
export async function openActivity(
  browser: Browser,
  fake: FakeDiscord,
  port: number,
  user: FakeUser,
  channel: string,
  opts: PageOptions = {},
): Promise<UserPage> {
  const context = await contextOf(browser, opts);
  const settings = { code: fake.oauth.authorize(user.id), guildId: fake.guildId, channelId: channel };
  await context.addInitScript((s) => {
    (window as unknown as { stammtischSdkMock: unknown }).stammtischSdkMock = s;
  }, settings);
  const page = await context.newPage();
  const frames = recordFrames(page);
  await page.goto(`http://localhost:${port}/`);
  return { user, context, page, frames };
}

/** Screenshots of `up`'s page at desktop and phone sizes, as `<dir><name>-desktop.png` and `<name>-phone.png`. */
export async function shoot(up: UserPage, dir: string, name: string): Promise<void> {
  await up.page.screenshot({ path: `${dir}${name}-desktop.png` });
  await up.page.setViewportSize(SIZES.phone);
  await up.page.screenshot({ path: `${dir}${name}-phone.png`, fullPage: true });
  await up.page.setViewportSize(SIZES.desktop);
}
