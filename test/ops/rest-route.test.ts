/**
 * The bot's REST options (src/proxy/route.ts) with a REST proxy: a request with the bot token goes to the proxy,
 * one without (an interaction callback, a webhook edit of an interaction token) straight to the API; without
 * REST_PROXY_URL everything goes to DISCORD_API_URL as before. Two plain HTTP servers stand in for the proxy and
 * Discord. The proxy answers 502 (which @discordjs/rest retries), not an empty 200, when Discord cannot be reached.
 * And a log line's path never carries a token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST, Routes } from 'discord.js';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { pathForLog } from '../../src/proxy/log-path.ts';
import { restOptions } from '../../src/proxy/route.ts';
import { startRestProxy } from '../../src/proxy/server.ts';
import { refusingPort } from '../support/redis-server.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

/** A server that answers every request `{}` and records `METHOD path (auth|none)`. */
async function recorder(): Promise<{ api: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url?.split('?')[0]} ${req.headers.authorization ? 'auth' : 'none'}`);
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, seen };
}

const silent = pino({ level: 'silent' });
const TOKEN = 'x'.repeat(68);

async function send(rest: REST): Promise<void> {
  await rest.post(Routes.channelMessages('1'), { body: { content: 'hi' } });
  await rest.post(Routes.interactionCallback('2', TOKEN), { body: { type: 6 }, auth: false });
  await rest.patch(Routes.webhookMessage('3', TOKEN), { body: { content: 'edit' }, auth: false });
}

describe('the bot REST options', () => {
  it('send bot-token requests to the proxy and the others straight to the API', async () => {
    const [proxy, discord] = [await recorder(), await recorder()];
    const rest = new REST(restOptions({ REST_PROXY_URL: proxy.api, DISCORD_API_URL: discord.api }, silent)).setToken('bot-token');
    await send(rest);
    expect(proxy.seen).toEqual(['POST /api/v10/channels/1/messages auth']);
    expect(discord.seen).toEqual([
      `POST /api/v10/interactions/2/${TOKEN}/callback none`,
      `PATCH /api/v10/webhooks/3/${TOKEN}/messages/@original none`,
    ]);
  });

  it('send everything to DISCORD_API_URL without a proxy', async () => {
    const discord = await recorder();
    const options = restOptions({ DISCORD_API_URL: discord.api }, silent);
    expect(options.makeRequest).toBeUndefined();
    await send(new REST(options).setToken('bot-token'));
    expect(discord.seen).toHaveLength(3);
  });
});

describe('the REST proxy', () => {
  it('answers 502 when Discord cannot be reached', async () => {
    const proxy = await startRestProxy({ port: 0, host: '127.0.0.1', upstream: `http://127.0.0.1:${await refusingPort()}/api`, log: silent });
    try {
      const res = await fetch(`${proxy.url}/v10/gateway/bot`, { headers: { authorization: 'Bot bot-token' } });
      expect(res.status).toBe(502);
    } finally {
      await proxy.close();
    }
  });
});

describe('pathForLog', () => {
  it('drops the query and any token, keeps ids', () => {
    expect(pathForLog(`http://h/api/v10/webhooks/123/${TOKEN}/messages/@original?wait=true`)).toBe('/api/v10/webhooks/123/:token/messages/@original');
    expect(pathForLog('/api/v10/channels/123456789012345678/messages?x=1')).toBe('/api/v10/channels/123456789012345678/messages');
  });
});
