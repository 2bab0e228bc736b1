/**
 * The web table's security (src/web/socket.ts, src/web/intents.ts): each way in that is not allowed is refused or
 * closed with a clear reason, and the table is left as it was — another user's move, a member who cannot view the
 * channel, a forged or expired session, no session, a foreign origin, malformed, oversized, stale-version,
 * out-of-turn and other-channel frames, intents before hello, and a flood; and the Activity's code exchange
 * (`POST /api/activity/token`) limited per client address (WEB_RATE_TOKEN).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { Sessions } from '../../src/web/session.ts';
import { CLOSE_CODES, type ErrorFrame, MAX_FRAME_BYTES, type RefusedFrame } from '../../src/web/protocol.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { settle } from '../support/bot.ts';
import { openAndStart } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { browserSignIn, isType, openSocket, SESSION_SECRET, stateAt, type TestSocket, webEnv, webUrl } from '../support/web-client.ts';

/** Activity code exchanges one address may ask in a minute, in this file's bot. */
const TOKEN_RATE = 3;

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('web-security-e2e', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'carol', 'mallory'],
  bot: (fake) => ({ env: { ...webEnv(fake), WEB_RATE_FRAMES: '20', WEB_RATE_TOKEN: String(TOKEN_RATE) } }),
});

let table: TableRecord;
beforeEach(async () => {
  await openAndStart(fake, fake.channelId, users.slice(0, 3));
  await settle(fake);
  table = (await bot.tables.get(fake.channelId))!;
});

/** The table is as it was before the test's attempt. */
async function unchanged(): Promise<void> {
  await bot.web?.idle();
  await settle(fake);
  const now = (await bot.tables.get(fake.channelId))!;
  expect({ version: now.version, moves: now.moves }).toEqual({ version: table.version, moves: table.moves });
}

/** A socket signed in as `user` (browser cookie) that said hello to the table's channel and got its state. */
async function signedIn(user: FakeUser): Promise<TestSocket> {
  const socket = await openSocket(bot, { cookie: await browserSignIn(bot, fake, user, fake.channelId) });
  socket.send({ type: 'hello', channel: fake.channelId });
  await socket.next(stateAt(table.version));
  return socket;
}

/** The socket was sent `error` with `code` and closed with its close code. */
async function closedWith(socket: TestSocket, code: ErrorFrame['code']): Promise<void> {
  const closed = await socket.closed;
  expect(socket.frames.filter((f) => f.type === 'error')).toEqual([{ type: 'error', code, key: `web.error.${code}` }]);
  expect(closed.code).toBe(CLOSE_CODES[code]);
}

/** The seat to act now and someone else's seat. */
const actors = () => {
  const toAct = bot.tables.engine(table).toAct(table.state)[0]!;
  const user = (seat: number) => users.find((u) => u.id === table.seats[seat]!.userId)!;
  return { acting: user(toAct), other: user((toAct + 1) % 3), seat: toAct };
};

describe('who may open a table', () => {
  it('no session: unauthorized', async () => {
    const socket = await openSocket(bot);
    socket.send({ type: 'hello', channel: fake.channelId });
    await closedWith(socket, 'unauthorized');
  });

  it('a forged session (signed with another secret): unauthorized', async () => {
    const forged = await new Sessions('another-secret-another-secret-1234').issue({ id: users[0]!.id, name: 'alice', lang: 'en' });
    const socket = await openSocket(bot);
    socket.send({ type: 'hello', channel: fake.channelId, session: forged.token });
    await closedWith(socket, 'unauthorized');
  });

  it('an expired session: unauthorized', async () => {
    const old = new Sessions(SESSION_SECRET, () => Date.now() - 13 * 3600_000);
    const expired = await old.issue({ id: users[0]!.id, name: 'alice', lang: 'en' });
    expect(await new Sessions(SESSION_SECRET).verify(expired.token)).toBeNull();
    const socket = await openSocket(bot);
    socket.send({ type: 'hello', channel: fake.channelId, session: expired.token });
    await closedWith(socket, 'unauthorized');
  });

  it('a member who cannot view the channel: forbidden, and no state of the table', async () => {
    const mallory = users[3]!;
    fake.setOverwrites(fake.channelId, [{ id: mallory.id, type: 1, allow: '0', deny: String(1n << 10n) }]);
    await settle(fake);
    const socket = await openSocket(bot, { cookie: await browserSignIn(bot, fake, mallory, fake.channelId) });
    socket.send({ type: 'hello', channel: fake.channelId });
    await closedWith(socket, 'forbidden');
    expect(socket.frames.some((f) => f.type === 'state')).toBe(false);
    expect(fake.requests.some((r) => r.path === `/guilds/${fake.guildId}/members/${mallory.id}`)).toBe(true);
  });

  it('a foreign origin: bad_origin, even with a good session', async () => {
    const cookie = await browserSignIn(bot, fake, users[0]!, fake.channelId);
    const socket = await openSocket(bot, { cookie, origin: 'https://evil.example' });
    socket.send({ type: 'hello', channel: fake.channelId });
    await closedWith(socket, 'bad_origin');
    expect(socket.frames.some((f) => f.type === 'ready' || f.type === 'state')).toBe(false);
  });
});

describe('frames that are not allowed change nothing', () => {
  it("another player's move, and a move out of turn: refused with the engine's reason", async () => {
    const { other, seat } = actors();
    const socket = await signedIn(other);
    const move = bot.tables.engine(table).legalMoves(table.state, seat)[0];
    socket.send({ type: 'intent', id: 7, version: table.version, move });
    const refused = await socket.next((f): f is RefusedFrame => f.type === 'refused');
    expect(refused.id).toBe(7);
    expect(refused.key).toMatch(/^reunion:refusal\./);
    expect(socket.state()!.legal).toEqual([]);
    await unchanged();
  });

  it('a stale version: refused as stale', async () => {
    const { acting } = actors();
    const socket = await signedIn(acting);
    const move = socket.state()!.legal[0];
    socket.send({ type: 'intent', id: 1, version: table.version - 1, move });
    expect(await socket.next(isType('refused'))).toMatchObject({ id: 1, code: 'stale', key: 'refusal.stale' });
    await unchanged();
  });

  it('a move no engine knows: refused', async () => {
    const { acting } = actors();
    const socket = await signedIn(acting);
    socket.send({ type: 'intent', id: 2, version: table.version, move: { type: 'play', card: 'Z♠' } });
    expect(await socket.next(isType('refused'))).toMatchObject({ id: 2 });
    await unchanged();
  });

  it.each([
    ['not JSON', 'hello?'],
    ['not a frame', JSON.stringify({ type: 'shout' })],
    ['an intent without a version', JSON.stringify({ type: 'intent', move: {} })],
    ['an intent for another channel', JSON.stringify({ type: 'intent', version: 1, move: {}, channel: '12345678901234567' })],
  ])('malformed (%s): bad_frame', async (_, text) => {
    const socket = await signedIn(actors().acting);
    socket.ws.send(text);
    await closedWith(socket, 'bad_frame');
    await unchanged();
  });

  it('a second hello (another channel): hello_first', async () => {
    const socket = await signedIn(actors().acting);
    socket.send({ type: 'hello', channel: fake.addChannel('other') });
    await closedWith(socket, 'hello_first');
  });

  it('an intent before hello: hello_first', async () => {
    const socket = await openSocket(bot, { cookie: await browserSignIn(bot, fake, actors().acting, fake.channelId) });
    socket.send({ type: 'intent', version: table.version, move: {} });
    await closedWith(socket, 'hello_first');
    await unchanged();
  });

  it('an oversized frame: too_large', async () => {
    const socket = await signedIn(actors().acting);
    socket.send({ type: 'intent', version: table.version, move: { pad: 'x'.repeat(MAX_FRAME_BYTES) } });
    await closedWith(socket, 'too_large');
    await unchanged();
  });

  it('a flood: rate_limited, and the moves in it beyond the limit are not made', async () => {
    const { acting } = actors();
    const socket = await signedIn(acting);
    for (let i = 0; i < 60; i++) socket.send({ type: 'intent', id: i, version: 0, move: {} });
    await closedWith(socket, 'rate_limited');
    const refused = socket.frames.filter((f) => f.type === 'refused');
    expect(refused.length).toBeLessThanOrEqual(20);
    await unchanged();
  });
});

describe("the Activity's code exchange", () => {
  it('more than WEB_RATE_TOKEN a minute from one address: 429 with its reason, and the code is not exchanged', async () => {
    const exchange = (code: string) =>
      fetch(`${webUrl(bot)}/api/activity/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    // Bad codes count as well as good ones: each would be a request to Discord's token endpoint.
    expect((await exchange('not-a-code')).status).toBe(400);
    for (let i = 1; i < TOKEN_RATE; i++) expect((await exchange(fake.oauth.authorize(users[0]!.id))).status).toBe(200);
    const exchanged = fake.oauth.exchanged.length;
    const code = fake.oauth.authorize(users[1]!.id);
    const over = await exchange(code);
    expect(over.status).toBe(429);
    const body = (await over.json()) as { error: string; retryAfter: number };
    expect(body.error).toBe('rate_limited');
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get('retry-after')).toBe(String(body.retryAfter));
    expect(fake.oauth.exchanged).toHaveLength(exchanged);
    expect(fake.oauth.exchanged).not.toContain(code);
  });
});
