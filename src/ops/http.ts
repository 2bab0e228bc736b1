/**
 * The operations HTTP server (node:http), started when METRICS_PORT is set: `GET /metrics` (Prometheus text) and
 * `GET /health` (200 when healthy, 503 otherwise, with a small JSON body). Anything else is 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import type { BotMetrics } from './metrics.ts';

/** What /health answers. */
export interface Health {
  /** `ok` when Discord is ready and the store answers; `stopping` during a shutdown; `unavailable` otherwise. */
  status: 'ok' | 'stopping' | 'unavailable';
  /** The Discord client is logged in and ready. */
  discord: boolean;
  /** The store answered a ping. */
  storage: boolean;
}

/** A running operations server. */
export interface OpsServer {
  /** Base URL, e.g. `http://127.0.0.1:9464` (a wildcard host is shown as 127.0.0.1). */
  url: string;
  close(): Promise<void>;
}

/** Listen on `host:port` (port 0 = any free port) and serve /metrics and /health. */
export async function startOpsServer(opts: {
  port: number;
  host: string;
  metrics: BotMetrics;
  health: () => Promise<Health>;
  log: Logger;
}): Promise<OpsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'method not allowed\n');
    const work =
      path === '/metrics'
        ? opts.metrics.text().then((text) => send(200, opts.metrics.contentType, text))
        : path === '/health'
          ? opts.health().then((h) => send(h.status === 'ok' ? 200 : 503, 'application/json', `${JSON.stringify(h)}\n`))
          : Promise.resolve(send(404, 'text/plain', 'not found: try /metrics or /health\n'));
    work.catch((err: Error) => {
      opts.log.warn({ err, path }, 'operations endpoint failed');
      if (!res.headersSent) send(500, 'text/plain', 'internal error\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
