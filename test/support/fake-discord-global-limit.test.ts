/**
 * Self-test of the fake Discord's global rate limit (`globalRateLimit`): bot-authenticated requests beyond the limit
 * in one second get Discord's global 429; interaction routes (callback, /webhooks/{app}/{token}/…) never do. Requests
 * are sent raw (fetch), since discord.js would hold them back under its own local limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeClock, type FakeDiscord, type FakeInteraction, startFakeDiscord } from './fake-discord.ts';

let fake: FakeDiscord | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A clock that stands still until `advance` moves it. */
function manualClock(): FakeClock {
  let now = Date.now();
  return { now: () => now, advance: (ms) => void (now += ms) };
}

/** Send a request to the fake; `bot` adds the bot token. */
async function send(f: FakeDiscord, method: string, path: string, body: unknown, bot: boolean): Promise<Response> {
  return fetch(`${f.apiUrl}/v10${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bot ? { authorization: `Bot ${f.token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('fake Discord global rate limit', () => {
  it('answers the 51st bot request in a second 429 global; interaction routes stay exempt', async () => {
    const clock = manualClock();
    fake = await startFakeDiscord({ clock, globalRateLimit: 50 });
    const f = fake;
    const post = () => send(f, 'POST', `/channels/${f.channelId}/messages`, { content: 'hi' }, true);
    const ok: number[] = [];
    for (let i = 0; i < 50; i++) ok.push((await post()).status);
    expect(ok.every((s) => s === 200)).toBe(true);

    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-global')).toBe('true');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ global: true, message: 'You are being rate limited.' });
    expect(f.globalLimited).toBe(1);

    // Still within the same second: an interaction's callback and 60 edits through its token all go through.
    f.offline = 'lose'; // no bot is connected: the interaction waits for the raw callback below
    const pending = f.slash(f.user('alice'), f.channelId, 'ping').catch(() => undefined);
    const it = await f.waitFor(() => (f.interactions.at(-1) as FakeInteraction | undefined) ?? null);
    const callback = await send(f, 'POST', `/interactions/${it.id}/${it.token}/callback`, { type: 4, data: { content: 'pong', flags: 64 } }, false);
    expect(callback.status).toBe(204);
    const edits: number[] = [];
    for (let i = 0; i < 60; i++)
      edits.push((await send(f, 'PATCH', `/webhooks/${f.applicationId}/${it.token}/messages/@original`, { content: `pong ${i}` }, false)).status);
    expect(edits.every((s) => s === 200)).toBe(true);
    await pending;

    // Bot requests stay limited until the second is over, then go through again.
    expect((await post()).status).toBe(429);
    clock.advance(1000);
    expect((await post()).status).toBe(200);
    expect(f.globalLimited).toBe(2);
    expect(f.violations.map((v) => v.status)).toEqual([429, 429]);
  });

  it('is off by default', async () => {
    fake = await startFakeDiscord({ clock: manualClock() });
    const f = fake;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await send(f, 'POST', `/channels/${f.channelId}/messages`, { content: 'hi' }, true)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
