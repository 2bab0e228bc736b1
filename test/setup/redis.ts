/**
 * Vitest global set-up: fail at once, with the fix, when Redis is not reachable (the store and
 * end-to-end tests need the real one at REDIS_URL).
 */
import { createClient } from '@keyv/redis';

export default async function checkRedis(): Promise<void> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch {
    throw new Error(`Redis is not reachable at ${url}. Start it (redis-server) or set REDIS_URL; \`bash .ci/run\` starts one for you.`);
  } finally {
    await client.quit().catch(() => undefined);
  }
}
