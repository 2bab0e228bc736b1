/**
 * The child process of the cross-process events test (test/store/events-process.test.ts): a second bot process's
 * subscription to table change events on the real Redis under EVENTS_PREFIX (REDIS_URL). It writes `ready` once
 * subscribed, then one line a heard event (`event <json>`) and `gap` when its subscription reports one, until it is
 * killed.
 */
import { openStorage } from '../../src/store/keyv.ts';

const storage = openStorage({ redisUrl: process.env.REDIS_URL as string, namespace: process.env.EVENTS_PREFIX as string });
await storage.events.subscribe((event) => process.stdout.write(`event ${JSON.stringify(event)}\n`), {
  onGap: () => process.stdout.write('gap\n'),
});
process.stdout.write('ready\n');
