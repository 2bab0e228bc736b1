/**
 * The bot with REST_PROXY_URL (src/proxy/route.ts) while the shared REST proxy is down: it logged in through the
 * proxy; then the proxy stops, and a whole lobby and the first moves are still played — every click answered, the
 * board and the live hands edited — since interaction callbacks and webhook edits need no bot token and go straight
 * to Discord. A bot-token request made meanwhile waits (the log says so, and what waits) and goes out once the proxy
 * is back.
 */
import { Routes } from 'discord.js';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type RestProxy, startRestProxy } from '../../src/proxy/server.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { openAndStart, openHand, takeTurn } from '../support/driver.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';
import { capturingLogger, WARN } from '../support/logs.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const proxyOn = (fake: FakeDiscord, port: number): Promise<RestProxy> =>
  startRestProxy({ port, host: '127.0.0.1', upstream: fake.apiUrl, log: pino({ level: 'silent' }) });

describe('the REST proxy down', () => {
  it('leaves clicks answered; a bot-token request waits for it, logged, and goes out when it is back', async () => {
    const fake = await startFakeDiscord();
    cleanups.push(() => fake.close());
    const prefix = testPrefix('proxy-down');
    cleanups.push(() => cleanupPrefix(prefix));
    const proxy = await proxyOn(fake, 0);
    cleanups.push(() => proxy.close());
    const { log, lines } = capturingLogger();
    const bot: RunningBot = await startTestBot(fake, prefix, 'proxy-down-seed', { env: { REST_PROXY_URL: proxy.url }, log });
    cleanups.push(() => bot.stop());
    // The login's bot-token request came from the proxy's REST client (it does not name discord.js).
    expect(fake.requests.filter((r) => r.path === '/gateway/bot').map((r) => r.userAgent.includes('discord.js/'))).toEqual([false]);

    await proxy.close();
    const from = fake.requests.length;
    const users = [fake.user('alice'), fake.user('bob'), fake.user('carol')];
    const board = await openAndStart(fake, fake.channelId, users);
    await openHand(fake, board, users[0]!);
    for (let move = 0; move < 4; move++) expect(await takeTurn(fake, board, users)).not.toBeNull();
    await settle(fake);
    const during = fake.requests.slice(from);
    expect(during.filter((r) => r.path.endsWith('/callback')).length).toBeGreaterThanOrEqual(9);
    expect(during.filter((r) => r.method === 'PATCH' && r.path.startsWith('/webhooks/')).length).toBeGreaterThan(0);
    expect(during.filter((r) => r.auth)).toEqual([]);
    expect(fake.violations).toEqual([]);
    expect(lines.filter((l) => l.level >= WARN)).toEqual([]);

    // A bot-token request now (as a board posted anew or a ping would make) waits for the proxy.
    const sent = bot.client.rest.post(Routes.channelMessages(fake.channelId), { body: { content: 'after the outage' } });
    await fake.waitFor(() => lines.find((l) => l.msg.startsWith('the REST proxy does not answer')) ?? null, 10_000);
    const warned = lines.find((l) => l.msg.startsWith('the REST proxy does not answer'))!;
    expect(warned).toMatchObject({ level: WARN, proxy: proxy.url, method: 'POST', route: `/api/v10/channels/${fake.channelId}/messages` });
    expect(fake.channelMessages(fake.channelId).some((m) => m.content === 'after the outage')).toBe(false);

    const back = await proxyOn(fake, proxy.port);
    cleanups.push(() => back.close());
    await sent;
    expect(fake.channelMessages(fake.channelId).filter((m) => m.content === 'after the outage')).toHaveLength(1);
    expect(lines.find((l) => l.msg === 'the REST proxy answers again')).toMatchObject({ proxy: proxy.url, waitedAttempts: 1 });
  }, 120_000);
});
