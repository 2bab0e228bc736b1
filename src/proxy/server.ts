/**
 * The shared REST proxy: one HTTP server (@discordjs/proxy's `proxyRequests` over one @discordjs/rest client) that
 * every bot process sends its bot-token requests to. Its one REST client keeps Discord's per-route buckets and the
 * global limit (50 requests a second) for all of them, waits where a limit says so and forwards each request with
 * the caller's Authorization header (the proxy holds no token). Started by `npm run rest-proxy` (src/rest-proxy.ts)
 * or by `npm run start:sharded` when REST_PROXY_PORT is set (src/proxy/child.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { REST, RESTEvents } from 'discord.js';
import type { Logger } from '../logger.ts';
import { pathForLog } from './log-path.ts';

export interface RestProxyOptions {
  /** TCP port to listen on (0 = any free port). */
  port: number;
  /** Address to bind (127.0.0.1 keeps the proxy on this machine; 0.0.0.0 lets other hosts' shards reach it). */
  host: string;
  /** Discord's API base the proxy sends to (default Discord's own, https://discord.com/api). */
  upstream?: string;
  /** Requests a second the proxy sends in all (default 50, Discord's global limit for a bot). */
  globalRequestsPerSecond?: number;
  log: Logger;
}

export interface RestProxy {
  /** The base URL bot processes put in REST_PROXY_URL: `http://host:port/api` (the bound port, the host as given). */
  url: string;
  port: number;
  /** Stop accepting connections and wait for the requests in flight. */
  close(): Promise<void>;
}

/** Start the proxy; resolves once it listens. Throws (e.g. EADDRINUSE) when it cannot. */
export async function startRestProxy(opts: RestProxyOptions): Promise<RestProxy> {
  const { log } = opts;
  const rest = new REST({
    ...(opts.upstream ? { api: opts.upstream } : {}),
    globalRequestsPerSecond: opts.globalRequestsPerSecond ?? 50,
    handlerSweepInterval: 60_000,
  });
  rest.on(RESTEvents.RateLimited, (info) =>
    log.debug({ global: info.global, route: info.route, waitMs: info.timeToReset }, 'REST proxy: a request waits for a rate limit'),
  );
  rest.on(RESTEvents.Response, (request, response) => {
    if (response.status === 429)
      log.warn({ method: request.method, route: request.route, retries: request.retries }, 'REST proxy: Discord answered 429');
  });
  const forward = proxyRequests(rest);
  const server = createServer((req, res) => {
    // proxyRequests ends the response as it stands when the upstream fails in a way it does not know (the connection
    // refused, reset…): the status set here is what the bot then sees, a 502 that @discordjs/rest retries.
    res.statusCode = 502;
    Promise.resolve(forward(req, res)).catch((err: unknown) =>
      log.warn({ err, method: req.method, route: pathForLog(req.url ?? '/') }, 'REST proxy: the request to Discord failed'),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api`;
  log.info({ url, upstream: opts.upstream ?? 'https://discord.com/api' }, 'REST proxy listening');
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).finally(() => {
        rest.clearHashSweeper();
        rest.clearHandlerSweeper();
      })),
  };
}
