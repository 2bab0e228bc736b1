/**
 * A finished game's replay on the web table: `GET /api/replay/<guild>/<id>` answers the game move by move with every
 * hand open (`ReplayResponse`, src/web/protocol.ts), rebuilt by the game's engine (src/records/replay-steps.ts).
 * Only for a signed-in user (the browser's session cookie, or the Activity's session as `Authorization: Bearer`) who
 * may view the channel the game was played in (the member check of the table page, src/discord/web-access.ts);
 * anyone else gets the same 404 as for a game that does not exist. A game of a duplicate night still playing is
 * refused the same way (its deals are still being played). Each user gets `perMinute` answers a minute.
 */
import { gzipSync } from 'node:zlib';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.ts';
import { replaySteps } from '../records/replay-steps.ts';
import type { FinishedGame } from '../tables/types.ts';
import { SESSION_COOKIE } from './auth.ts';
import { seatSummaries } from './frames.ts';
import { HTTP_PATHS, type HttpError, replayParams, type ReplayResponse } from './protocol.ts';
import type { Sessions } from './session.ts';
import type { ChannelAccess } from './socket.ts';

/** What the replay route needs. */
export interface ReplayDeps {
  sessions: Sessions;
  access: ChannelAccess;
  finishedGame(guildId: string, id: string): Promise<FinishedGame | null>;
  /** Whether a game's seed and moves must stay hidden for now (a duplicate night still playing); default never. */
  dealsSecret?(game: FinishedGame): Promise<boolean>;
  /** Replays one user may fetch in a minute. */
  perMinute: number;
  log: Logger;
}

/** The session of a request: its `Authorization: Bearer` (the Activity's) or its cookie (a browser's). */
const sessionOf = (auth: string | undefined, cookie: string | undefined): string | undefined =>
  auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : cookie;

/** Register the replay route on `app` (with @fastify/cookie registered). */
export function replayRoutes(app: FastifyInstance, deps: ReplayDeps): void {
  const limiter = new RateLimiterMemory({ points: deps.perMinute, duration: 60 });
  const fail = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ error } satisfies HttpError);

  app.get(HTTP_PATHS.replay, async (req, reply) => {
    const params = replayParams.safeParse(req.params);
    if (!params.success) return fail(reply, 400, 'bad_request');
    const user = await deps.sessions.verify(sessionOf(req.headers.authorization, req.cookies[SESSION_COOKIE]));
    if (!user) return fail(reply, 401, 'unauthorized');
    try {
      await limiter.consume(user.id);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ error: 'rate_limited', retryAfter } satisfies HttpError);
    }
    const { guild, id } = params.data;
    const game = await deps.finishedGame(guild, id);
    // Not there, not this guild's, a channel the user cannot view, or still secret: all the same 404.
    const visible = game && game.guildId === guild && (await deps.access(game.channelId, user.id));
    if (!game || !visible || (await deps.dealsSecret?.(game))) return fail(reply, 404, 'not_found');
    const you = game.seats.findIndex((s) => s.userId === user.id);
    const body: ReplayResponse = {
      id: game.id,
      game: game.game,
      options: game.options as ReplayResponse['options'],
      seats: seatSummaries(game.seats, '', you < 0 ? null : you),
      startedAt: game.startedAt,
      finishedAt: game.finishedAt,
      result: game.result as ReplayResponse['result'],
      steps: replaySteps(game) as ReplayResponse['steps'],
    };
    deps.log.info({ user: user.id, game: game.id }, 'web table: replay');
    const json = JSON.stringify(body);
    reply.type('application/json;charset=utf-8').header('vary', 'accept-encoding');
    // Each step repeats most of the last: a game of 0.5 MB is about 10 kB gzipped.
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(json);
    return reply.header('content-encoding', 'gzip').send(gzipSync(json));
  });
}
