/**
 * The bot's REST options (discord.js `rest`): straight to Discord (or `DISCORD_API_URL`), or, with `REST_PROXY_URL`,
 * every bot-token request through the shared REST proxy (src/proxy/server.ts), which holds the one global limit of
 * all processes. Requests without the bot token — interaction callbacks and the webhook edits of interaction tokens,
 * which Discord does not count against the global limit — still go straight to Discord: they would only queue
 * behind the proxy's global limit (its REST counts every request it sends), and while the proxy is down the clicks
 * are still answered.
 *
 * While the proxy does not answer (connection refused, host unreachable), a bot-token request waits for it, retried
 * with backoff until the REST client's timeout (15 s) aborts it; @discordjs/rest then sends it again, up to its
 * `retries` (3). The log says what waits: one warn line when the proxy stops answering (with the first request that
 * waits), one every 10 s while requests wait, one info line when it answers again.
 */
import { DefaultRestOptions, type RESTOptions } from 'discord.js';
import pRetry from 'p-retry';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { pathForLog } from './log-path.ts';

/** discord.js's own API base, used when `DISCORD_API_URL` is unset. */
const DISCORD_API = DefaultRestOptions.api;
/** Errors that prove a request never reached the proxy, so sending it again cannot apply it twice. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
/** While requests wait for the proxy, a warn line this often (ms). */
const REPORT_EVERY_MS = 10_000;

/** The REST options of every REST client the bot makes (its discord.js client's, the hands', the emoji listing's). */
export function restOptions(config: Pick<Config, 'DISCORD_API_URL' | 'REST_PROXY_URL'>, log: Logger): Partial<RESTOptions> {
  // Each interaction's callback is a route of its own in @discordjs/rest (a handler per interaction): sweep idle ones each minute, not each hour.
  const base = { handlerSweepInterval: 60_000 };
  if (!config.REST_PROXY_URL) return { ...base, ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}) };
  return { ...base, api: config.REST_PROXY_URL, makeRequest: viaProxy(config.REST_PROXY_URL, config.DISCORD_API_URL ?? DISCORD_API, log) };
}

/** Whether `error` (or its cause) says the connection was never made. */
function notConnected(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++)
    if (NOT_CONNECTED.has((e as Error & { code?: string }).code ?? '')) return true;
  return false;
}

/** Whether request headers (a plain object or a Headers) carry an Authorization header. */
function hasAuthorization(headers: RESTOptions['headers'] | Headers | undefined): boolean {
  if (!headers) return false;
  if (typeof (headers as Headers).has === 'function') return (headers as Headers).has('authorization');
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * A `makeRequest` for REST clients whose `api` is the proxy at `proxyApi`: requests without Authorization are sent
 * to `directApi` instead; bot-token requests wait while the proxy does not answer (see the file's comment).
 */
export function viaProxy(proxyApi: string, directApi: string, log: Logger): RESTOptions['makeRequest'] {
  const send = DefaultRestOptions.makeRequest as RESTOptions['makeRequest'];
  type Outage = { since: number; waiting: number; waited: number; timer: NodeJS.Timeout };
  let down: Outage | null = null;
  const proxyDown = (method: string, url: string, error: unknown): void => {
    if (down) return;
    const since = performance.now();
    const timer = setInterval(() => {
      if (down)
        log.warn(
          { proxy: proxyApi, waiting: down.waiting, downForS: Math.round((performance.now() - down.since) / 1000) },
          'still waiting for the REST proxy: bot-token requests wait (interaction callbacks and webhook edits do not)',
        );
    }, REPORT_EVERY_MS);
    timer.unref();
    down = { since, waiting: 0, waited: 0, timer };
    log.warn(
      { proxy: proxyApi, err: error, method, route: pathForLog(url) },
      'the REST proxy does not answer: bot-token requests (channel messages, board moves, pings, the weekly night) wait for it; interaction callbacks and webhook edits go straight to Discord',
    );
  };
  const proxyUp = (): void => {
    if (!down) return;
    clearInterval(down.timer);
    log.info({ proxy: proxyApi, downForMs: Math.round(performance.now() - down.since), waitedAttempts: down.waited }, 'the REST proxy answers again');
    down = null;
  };
  return async (url, init) => {
    if (!url.startsWith(proxyApi)) return send(url, init);
    if (!hasAuthorization(init.headers as RESTOptions['headers'] | undefined)) return send(directApi + url.slice(proxyApi.length), init);
    let waitingIn: Outage | null = null; // the outage this request is counted in as waiting
    try {
      const res = await pRetry(() => send(url, init), {
        retries: Number.POSITIVE_INFINITY,
        minTimeout: 200,
        maxTimeout: 2_000,
        ...(init.signal ? { signal: init.signal as AbortSignal } : {}),
        shouldRetry: ({ error }) => notConnected(error),
        onFailedAttempt: ({ error }) => {
          if (!notConnected(error)) return;
          proxyDown(init.method ?? 'GET', url, error);
          if (down && waitingIn !== down) {
            if (waitingIn) waitingIn.waiting--;
            waitingIn = down;
            down.waiting++;
            down.waited++;
          }
        },
      });
      proxyUp();
      return res;
    } finally {
      if (waitingIn) (waitingIn as Outage).waiting--;
    }
  };
}
