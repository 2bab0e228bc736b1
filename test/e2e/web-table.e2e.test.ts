/**
 * The web table's server end to end (src/web/): the real bot against the fake Discord, real HTTP and WebSocket.
 * - the browser sign-in (state bound to its cookie, the code exchanged once, a session cookie HttpOnly, Secure and
 *   SameSite=Lax) and the Activity's code exchange;
 * - a socket per seat gets its own seat's view and legal moves, a spectator the public view, after a move made by a
 *   button in the chat, and the chat's board follows a move made from the web table;
 * - lobby intents (join, fill, start) act as the lobby buttons;
 * - a finished game's `result`.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { ReunionState } from '../../src/games/reunion/index.ts';
import type { RefusedFrame, StateFrame } from '../../src/web/protocol.ts';
import { settle } from '../support/bot.ts';
import { moveByControls } from '../support/controls.ts';
import { answered, openAndStart, tableMessage } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { activitySignIn, browserSignIn, cookieOf, isType, openSocket, stateAt, type TestSocket, webEnv, webUrl } from '../support/web-client.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('web-e2e', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'carol', 'dave'],
  bot: (fake) => ({ env: webEnv(fake) }),
});

/** Open a socket signed in as `user` for `channel` and wait for its first state (or closed). */
async function seat(user: FakeUser, channel: string): Promise<TestSocket> {
  const socket = await openSocket(bot, { cookie: await browserSignIn(bot, fake, user, channel) });
  socket.send({ type: 'hello', channel });
  await socket.next(isType('ready'));
  return socket;
}

describe('signing in', () => {
  it('a browser signs in with Discord: state bound to a cookie, the session cookie HttpOnly, Secure and SameSite=Lax', async () => {
    const base = webUrl(bot);
    const login = await fetch(`${base}/auth/login?next=/table/${fake.channelId}`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const to = new URL(login.headers.get('location')!);
    expect(to.origin + to.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(to.searchParams.get('client_id')).toBe(fake.applicationId);
    expect(to.searchParams.get('scope')).toBe('identify');
    expect(to.searchParams.get('redirect_uri')).toBe('https://cards.example.test/auth/callback');
    const stateCookie = cookieOf(login, 'stammtisch_oauth')!;
    const state = to.searchParams.get('state')!;
    const code = fake.oauth.authorize(users[0]!.id, { redirectUri: to.searchParams.get('redirect_uri')! });

    // Another state than the one in the cookie is refused and the code is not exchanged.
    const forged = await fetch(`${base}/auth/callback?code=${code}&state=${'0'.repeat(32)}`, {
      redirect: 'manual',
      headers: { cookie: stateCookie },
    });
    expect(forged.status).toBe(400);
    expect(cookieOf(forged, 'stammtisch_session')).toBeNull();
    expect(fake.oauth.exchanged).toEqual([]);

    const back = await fetch(`${base}/auth/callback?code=${code}&state=${state}`, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/table/${fake.channelId}`);
    const line = back.headers.getSetCookie().find((l) => l.startsWith('stammtisch_session='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Secure/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(fake.oauth.exchanged).toEqual([code]);

    // The code works once: the same callback again is refused by Discord's invalid_grant.
    const again = await fetch(`${base}/auth/callback?code=${code}&state=${state}`, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(again.status).toBe(400);
    expect(fake.violations.filter((v) => v.path !== '/oauth2/token')).toEqual([]);
  });

  it('a next page that is not a table falls back to /', async () => {
    const login = await fetch(`${webUrl(bot)}/auth/login?next=https://evil.example/`, { redirect: 'manual' });
    const to = new URL(login.headers.get('location')!);
    const code = fake.oauth.authorize(users[0]!.id, { redirectUri: to.searchParams.get('redirect_uri')! });
    const back = await fetch(`${webUrl(bot)}/auth/callback?code=${code}&state=${to.searchParams.get('state')}`, {
      redirect: 'manual',
      headers: { cookie: cookieOf(login, 'stammtisch_oauth')! },
    });
    expect(back.headers.get('location')).toBe('/');
  });

  it('the Activity exchanges its code for the access token and a session it sends in hello', async () => {
    const res = await fetch(`${webUrl(bot)}/api/activity/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: fake.oauth.authorize(users[1]!.id) }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; session: string; user: { id: string } };
    expect(body.user.id).toBe(users[1]!.id);
    expect(body.access_token).toMatch(/^[0-9a-f]+$/);
    const socket = await openSocket(bot, { origin: `https://${fake.applicationId}.discordsays.com` });
    socket.send({ type: 'hello', channel: fake.channelId, session: body.session });
    const ready = await socket.next(isType('ready'));
    expect(ready.user.id).toBe(users[1]!.id);
    expect(await socket.next(isType('closed'))).toMatchObject({ reason: 'none' });
    socket.close();

    const bad = await fetch(`${webUrl(bot)}/api/activity/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'not-a-code' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_code' });
    expect(await activitySignIn(bot, fake, users[2]!)).toMatch(/\./);
  });
});

describe('playing from the web table and the chat', () => {
  it('each seat gets its own view, a spectator the public view; moves from either side reach both', async () => {
    const [alice, bob, carol, dave] = users as [FakeUser, FakeUser, FakeUser, FakeUser];
    const messageId = await openAndStart(fake, fake.channelId, [alice, bob, carol]);
    const sockets = await Promise.all([alice, bob, carol, dave].map((u) => seat(u, fake.channelId)));
    let table = (await bot.tables.get(fake.channelId))!;
    const first = await Promise.all(sockets.map((s) => s.next(stateAt(table.version))));
    const state = table.state as ReunionState;
    first.slice(0, 3).forEach((frame, i) => {
      const seatNo = bot.tables.seatOf(table, users[i]!.id);
      expect(frame.seat).toBe(seatNo);
      expect((frame.view as { hand: string[] }).hand).toEqual(state.hands[seatNo]);
    });
    expect(first[3]!.seat).toBeNull();
    expect((first[3]!.view as { hand: string[] }).hand).toEqual([]);
    expect(first[3]!.legal).toEqual([]);

    // A move by a button in the chat: every socket gets the new version, each its own view.
    const toAct = bot.tables.engine(table).toAct(table.state)[0]!;
    const chatUser = users.find((u) => u.id === table.seats[toAct]!.userId)!;
    await moveByControls(fake, bot, fake.channelId, messageId, chatUser);
    await settle(fake);
    table = (await bot.tables.get(fake.channelId))!;
    const afterChat = await Promise.all(sockets.map((s) => s.next(stateAt(table.version))));
    for (const [i, frame] of afterChat.entries()) {
      const seatNo = i < 3 ? bot.tables.seatOf(table, users[i]!.id) : null;
      expect(frame.view).toEqual(bot.tables.view(table, seatNo));
    }

    // A move from the web table: the chat's board follows, every socket gets the change.
    const next = bot.tables.engine(table).toAct(table.state)[0]!;
    const webSocket = sockets[users.findIndex((u) => u.id === table.seats[next]!.userId)]!;
    const shown = webSocket.state()!;
    expect(shown.legal.length).toBeGreaterThan(0);
    const boardBefore = JSON.stringify(tableMessage(fake, messageId));
    webSocket.send({ type: 'intent', id: 1, version: shown.version, move: shown.legal[0]! });
    await Promise.all(sockets.map((s) => s.next(stateAt(shown.version + 1))));
    await settle(fake);
    table = (await bot.tables.get(fake.channelId))!;
    expect(table.moves.at(-1)).toEqual({ seat: next, move: shown.legal[0] });
    expect(JSON.stringify(tableMessage(fake, messageId))).not.toBe(boardBefore);
    expect(webSocket.frames.some((f) => f.type === 'refused')).toBe(false);

    // Back to the chat: the next player moves by button, the sockets follow again.
    const third = users.find((u) => u.id === table.seats[bot.tables.engine(table).toAct(table.state)[0]!]!.userId)!;
    await moveByControls(fake, bot, fake.channelId, messageId, third);
    await settle(fake);
    table = (await bot.tables.get(fake.channelId))!;
    const last = await Promise.all(sockets.map((s) => s.next(stateAt(table.version))));
    expect(last.map((f) => f.version)).toEqual([table.version, table.version, table.version, table.version]);
    for (const s of sockets) expect(s.invalid).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('lobby intents: join, fill with computer players and start act as the lobby buttons', async () => {
    const [alice, bob] = users as [FakeUser, FakeUser];
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    const host = await seat(alice, fake.channelId);
    const guest = await seat(bob, fake.channelId);
    const lobby = await guest.next(isType('state'));
    expect(lobby.status).toBe('lobby');
    expect(lobby.seat).toBeNull();
    guest.send({ type: 'lobby', id: 1, version: lobby.version, action: 'join' });
    const joined = await guest.next((f): f is StateFrame => f.type === 'state' && f.seats.length === 2);
    expect(joined.seat).toBe(1);
    // Only the host fills and starts.
    guest.send({ type: 'lobby', id: 2, version: joined.version, action: 'fill' });
    const refused = await guest.next((f): f is RefusedFrame => f.type === 'refused' && f.id === 2);
    expect(refused).toMatchObject({ code: 'not_host', key: 'refusal.not_host_fill' });
    const hostSees = await host.next(stateAt(joined.version));
    host.send({ type: 'lobby', id: 3, version: hostSees.version, action: 'fill' });
    const filled = await host.next((f): f is StateFrame => f.type === 'state' && f.seats.length === 3);
    expect(filled.seats[2]!.bot).toBe('strong');
    host.send({ type: 'lobby', id: 4, version: filled.version, action: 'start' });
    const started = await guest.next((f): f is StateFrame => f.type === 'state' && f.status === 'playing');
    expect(started.seat).toBe(1);
    await settle(fake);
    const table = (await bot.tables.get(fake.channelId))!;
    expect(table.status).toBe('playing');
    expect(table.seats.map((s) => s.userId).slice(0, 2)).toEqual([alice.id, bob.id]);
  });
});
