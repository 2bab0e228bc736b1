/**
 * `npm run rest-proxy`: the shared REST proxy (src/proxy/server.ts) as a service of its own, on REST_PROXY_HOST
 * (default 127.0.0.1) and REST_PROXY_PORT, sending to DISCORD_API_URL (default Discord's). Every bot process whose
 * REST_PROXY_URL points here shares its one global limit. Run by `npm run start:sharded` when REST_PROXY_PORT is
 * set (it then reports its address over IPC); stops on SIGTERM/SIGINT after the requests in flight.
 */
import './env.ts';
import { configOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { startRestProxy } from './proxy/server.ts';

const config = configOrExit();
if (config.REST_PROXY_PORT === undefined) {
  console.error('Set REST_PROXY_PORT (e.g. 8080) to run the REST proxy; bot processes then set REST_PROXY_URL=http://<this host>:8080/api.');
  process.exit(1);
}
const log = createLogger(config.LOG_LEVEL).child({ service: 'rest-proxy' });
const proxy = await startRestProxy({
  port: config.REST_PROXY_PORT,
  host: config.REST_PROXY_HOST,
  ...(config.DISCORD_API_URL ? { upstream: config.DISCORD_API_URL } : {}),
  log,
}).catch((err: Error) => {
  console.error(`Could not start the REST proxy on ${config.REST_PROXY_HOST}:${config.REST_PROXY_PORT}: ${err.message}`);
  process.exit(1);
});
process.send?.({ restProxy: proxy.url });
// Forked by `npm run start:sharded`: a manager that is gone (killed) takes its proxy with it.
process.once('disconnect', () => void proxy.close().then(() => process.exit(0)));
// Forked, Ctrl-C reaches the whole process group: the manager stops the proxy itself, after its shards (SIGTERM).
const forked = process.send !== undefined;
if (forked) process.on('SIGINT', () => log.info('SIGINT: the manager stops the proxy after its shards'));
for (const signal of forked ? (['SIGTERM'] as const) : (['SIGINT', 'SIGTERM'] as const))
  process.once(signal, () => {
    log.info({ signal }, 'REST proxy stopping');
    void proxy.close().then(() => process.exit(0));
  });
