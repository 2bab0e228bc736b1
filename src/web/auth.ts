/**
 * The web table's sign-in routes: a browser's OAuth2 authorization-code sign-in (`/auth/login` → Discord's consent
 * page → `/auth/callback`, with the `state` bound to a short-lived signed cookie), sign-out, and the Activity's code
 * exchange (`POST /api/activity/token`). Either way the server learns the user from Discord with the access token
 * (`GET /users/@me`), never from the client, and issues a signed session (src/web/session.ts). Nothing here logs a
 * code, a token or a session.
 */
import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { localeOf } from '../i18n/index.ts';
import type { Logger } from '../logger.ts';
import { DiscordOAuth, OAuthError, SCOPES } from './oauth.ts';
import { activityTokenRequest, type ActivityTokenResponse, type ClientConfig, HTTP_PATHS, type HttpError } from './protocol.ts';
import { SESSION_TTL_S, type Sessions, STATE_TTL_S } from './session.ts';

/** The session cookie (HttpOnly; Secure when PUBLIC_URL is https; SameSite=Lax). */
export const SESSION_COOKIE = 'stammtisch_session';
/** The sign-in state cookie, only sent to /auth. */
const STATE_COOKIE = 'stammtisch_oauth';
/** A page a sign-in may come back to: a table, or a finished game's replay. */
const NEXT = /^\/(table\/\d{17,20}|replay\/\d{17,20}\/[a-z0-9]{1,16})$/;

/** What the sign-in routes need. */
export interface AuthDeps {
  publicUrl: string;
  clientId: string;
  oauth: DiscordOAuth;
  sessions: Sessions;
  log: Logger;
  /** Activity code exchanges one client address may ask in a minute (WEB_RATE_TOKEN). */
  tokenPerMinute: number;
}

/** The language of a browser's Accept-Language header: German when it prefers German, otherwise English. */
export const browserLang = (header: string | undefined): 'de' | 'en' => (/^\s*de\b/i.test(header ?? '') ? 'de' : 'en');

/** Register the sign-in routes on `app` (with @fastify/cookie registered). */
export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const secure = deps.publicUrl.startsWith('https:');
  const redirectUri = `${deps.publicUrl}${HTTP_PATHS.callback}`;
  const cookie = (path: string, maxAge: number) => ({ path, httpOnly: true, secure, sameSite: 'lax' as const, maxAge });
  /** A short plain page in the browser's language (its Accept-Language): `web.page.<key>`. */
  const page = (req: FastifyRequest, reply: FastifyReply, status: number, key: string) =>
    reply.code(status).send(localeOf(browserLang(req.headers['accept-language'])).t(`web.page.${key}`));

  app.get(HTTP_PATHS.login, async (req, reply) => {
    const asked = (req.query as { next?: unknown }).next;
    const next = typeof asked === 'string' && NEXT.test(asked) ? asked : '/';
    const state = randomBytes(16).toString('hex');
    reply.setCookie(STATE_COOKIE, await deps.sessions.issueState(state, next), cookie('/auth', STATE_TTL_S));
    return reply.redirect(deps.oauth.authorizeUrl(redirectUri, state));
  });

  app.get(HTTP_PATHS.callback, async (req, reply) => {
    const { code, state } = req.query as { code?: unknown; state?: unknown };
    const expected = await deps.sessions.verifyState(req.cookies[STATE_COOKIE]);
    reply.clearCookie(STATE_COOKIE, { path: '/auth' });
    if (!expected || typeof state !== 'string' || state !== expected.state) return page(req, reply, 400, 'sign_in_expired');
    if (typeof code !== 'string' || !code || code.length > 512) return reply.redirect(expected.next);
    try {
      const user = await deps.oauth.user(await deps.oauth.exchange(code, redirectUri));
      const session = await deps.sessions.issue(user);
      reply.setCookie(SESSION_COOKIE, session.token, cookie('/', SESSION_TTL_S));
      deps.log.info({ user: user.id }, 'web table: signed in');
      return reply.redirect(expected.next);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      return page(req, reply, err.code === 'invalid_code' ? 400 : 502, 'sign_in_refused');
    }
  });

  app.post(HTTP_PATHS.logout, async (_req, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  // Each exchange costs a request to Discord's token endpoint: one address gets `tokenPerMinute` of them a minute.
  const tokenLimiter = new RateLimiterMemory({ points: deps.tokenPerMinute, duration: 60 });
  app.post(HTTP_PATHS.activityToken, async (req, reply) => {
    try {
      await tokenLimiter.consume(req.ip);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      // Once per address and minute, without the address: a flood does not flood the log.
      if (res.consumedPoints === deps.tokenPerMinute + 1) deps.log.warn('web table: Activity sign-ins from one address over WEB_RATE_TOKEN');
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ error: 'rate_limited', retryAfter } satisfies HttpError);
    }
    const body = activityTokenRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request' } satisfies HttpError);
    try {
      const accessToken = await deps.oauth.exchange(body.data.code);
      const user = await deps.oauth.user(accessToken);
      const session = await deps.sessions.issue(user);
      deps.log.info({ user: user.id }, 'web table: Activity signed in');
      const answer: ActivityTokenResponse = {
        access_token: accessToken,
        session: session.token,
        expiresAt: session.expiresAt,
        user: { id: user.id, name: user.name },
      };
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      return reply.code(err.code === 'invalid_code' ? 400 : 502).send({ error: err.code } satisfies HttpError);
    }
  });

  app.get(HTTP_PATHS.config, async () => ({ clientId: deps.clientId, scopes: [...SCOPES] }) satisfies ClientConfig);
}
