/**
 * The web replay (src/web/replay.ts over src/records/replay-steps.ts): `GET /api/replay/<guild>/<id>` answers a
 * finished game move by move with every hand open — to a signed-in user who may view its channel, and only to them.
 * Everyone else, and every game that is not there, gets the same 404; malformed ids 400; no session 401; more than
 * the per-minute limit 429. Each game's steps start at the deal with every seat's own hand and end at the record's result.
 */
import { gunzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/records/replay-steps.ts';
import { gameById } from '../../src/tables/games.ts';
import { resolveStoredOptions } from '../../src/tables/options.ts';
import type { FinishedGame } from '../../src/tables/types.ts';
import { SESSION_COOKIE } from '../../src/web/auth.ts';
import { type ReplayResponse, replayResponse } from '../../src/web/protocol.ts';
import { type ReplayDeps, replayRoutes } from '../../src/web/replay.ts';
import { Sessions } from '../../src/web/session.ts';
import { playFinished } from '../records/played.ts';

const SECRET = 'replay-route-secret-0123456789abcdef';
const sessions = new Sessions(SECRET);

/** Seat 0 of every played game is this person (test/records/played.ts). */
const PLAYER = '100000000000000000';
/** A member who may view the game's channel but did not play. */
const WATCHER = '200000000000000001';
/** A member who may not view the game's channel. */
const OUTSIDER = '200000000000000002';

const games: FinishedGame[] = [
  playFinished('reunion', 3, 'web-replay-r'),
  playFinished('dreierles', 4, 'web-replay-d'),
  playFinished('romme', 3, 'web-replay-m'),
].map((p) => p.finished);
const reunion = games[0] as FinishedGame;

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A server with only the replay route; `secret` marks games still secret (a duplicate night playing). */
async function serve(over: Partial<ReplayDeps> = {}): Promise<FastifyInstance> {
  app = Fastify();
  await app.register(fastifyCookie);
  replayRoutes(app, {
    sessions,
    access: async (channelId, userId) => (channelId === reunion.channelId && userId !== OUTSIDER ? { name: 'x' } : null),
    finishedGame: async (guildId, id) => games.find((g) => g.guildId === guildId && g.id === id) ?? null,
    perMinute: 30,
    log: pino({ level: 'silent' }),
    ...over,
  });
  return app;
}

const cookie = async (userId: string): Promise<string> =>
  `${SESSION_COOKIE}=${(await sessions.issue({ id: userId, name: 'Someone', lang: 'en' })).token}`;

/** GET the replay of `game` (or of `path`) as `userId` (none: no session). */
async function get(server: FastifyInstance, path: string, userId?: string, headers: Record<string, string> = {}) {
  return server.inject({ method: 'GET', url: path, headers: { ...(userId ? { cookie: await cookie(userId) } : {}), ...headers } });
}
const pathOf = (game: FinishedGame): string => `/api/replay/${game.guildId}/${game.id}`;

describe('GET /api/replay/<guild>/<id>', () => {
  it('answers the game move by move: one step per move after the deal, in the documented shape', async () => {
    const server = await serve();
    for (const game of games) {
      const res = await get(server, pathOf(game), PLAYER);
      expect(res.statusCode).toBe(200);
      const body = replayResponse.parse(res.json()) as ReplayResponse;
      expect(body).toMatchObject({ id: game.id, game: game.game, startedAt: game.startedAt, finishedAt: game.finishedAt, result: game.result });
      expect(body.seats.map((s) => [s.name, s.you])).toEqual(game.seats.map((s) => [s.name, s.userId === PLAYER]));
      expect(body.steps).toHaveLength(game.moves.length + 1);
      expect(body.steps[0]?.move).toBeNull();
      expect(body.steps.slice(1).map((s) => s.move)).toEqual(game.moves);
    }
  });

  it('every hand is open at step 0: each seat holds its own dealt hand, which the public view does not show', async () => {
    const res = await get(await serve(), pathOf(reunion), WATCHER);
    const step = (res.json() as ReplayResponse).steps[0]!;
    const engine = gameById(reunion.game)!;
    const dealt = engine.setup(resolveStoredOptions(engine, reunion.options), reunion.seats.length, reunion.seed);
    expect(step.hands).toEqual(reunion.seats.map((_, s) => (engine.view(dealt, s) as { hand: string[] }).hand));
    for (const hand of step.hands) expect(hand.length).toBeGreaterThan(0);
    expect((step.view as { hand: string[] }).hand).toEqual([]);
    expect(new Set(step.hands.flat()).size).toBe(step.hands.flat().length);
  });

  it("the last step is the game's end: the record's result and nobody to act", async () => {
    const server = await serve();
    for (const game of games) {
      const steps = replaySteps(game);
      const last = steps.at(-1)!;
      expect((last.view as { result: unknown }).result).toEqual(game.result);
      expect(last.toAct).toEqual([]);
      expect(steps.slice(0, -1).every((s) => (s.view as { result: unknown }).result === null)).toBe(true);
      const res = await get(server, pathOf(game), PLAYER);
      expect(((res.json() as ReplayResponse).steps.at(-1)!.view as { result: unknown }).result).toEqual(game.result);
    }
  });

  it('is gzipped when the browser accepts it', async () => {
    const res = await get(await serve(), pathOf(reunion), PLAYER, { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toMatchObject({ id: reunion.id });
  });

  it('the same 404 for a game that is not there, a member who cannot view its channel, another guild, a secret game', async () => {
    const server = await serve();
    const missing = await get(server, `/api/replay/${reunion.guildId}/nosuchgame`, PLAYER);
    const outsider = await get(server, pathOf(reunion), OUTSIDER);
    const otherGuild = await get(server, `/api/replay/900000000000000009/${reunion.id}`, PLAYER);
    for (const res of [missing, outsider, otherGuild]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    const secret = await serve({ dealsSecret: async () => true });
    const hidden = await get(secret, pathOf(reunion), PLAYER);
    expect([hidden.statusCode, hidden.body]).toEqual([404, missing.body]);
  });

  it('no or a forged session: 401; malformed ids: 400', async () => {
    const server = await serve();
    expect((await get(server, pathOf(reunion))).statusCode).toBe(401);
    const forged = await new Sessions('another-secret-0123456789abcdef-xyz').issue({ id: PLAYER, name: 'P', lang: 'en' });
    expect((await get(server, pathOf(reunion), undefined, { cookie: `${SESSION_COOKIE}=${forged.token}` })).statusCode).toBe(401);
    for (const path of [
      `/api/replay/12345/${reunion.id}`,
      `/api/replay/${reunion.guildId}/BAD-ID`,
      `/api/replay/${reunion.guildId}/${'a'.repeat(17)}`,
    ])
      expect((await get(server, path, PLAYER)).json()).toEqual({ error: 'bad_request' });
  });

  it("takes the Activity's session as a Bearer token", async () => {
    const token = (await sessions.issue({ id: PLAYER, name: 'P', lang: 'de' })).token;
    const res = await get(await serve(), pathOf(reunion), undefined, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
  });

  it('a user gets a limited number a minute, then 429 with Retry-After', async () => {
    const server = await serve({ perMinute: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await get(server, pathOf(reunion), WATCHER)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const limited = await get(server, pathOf(reunion), WATCHER);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get(server, pathOf(reunion), PLAYER)).statusCode).toBe(200);
  });
});
