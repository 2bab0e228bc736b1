/**
 * One bot process's REST traffic for the global-limit test (test/e2e/global-limit.e2e.test.ts): a REST client made
 * with the bot's own REST options (src/proxy/route.ts `restOptions`, as src/bot.ts gives its discord.js client), with
 * the bot token, sending LOAD_COUNT channel messages at once, spread over the channels LOAD_CHANNELS (each channel is a
route of its own, so they go out in parallel as far as the process's own global limit lets them).
 *
 * It writes `ready` once its modules are loaded and waits for a line on stdin, so the test starts every process's
 * burst together; then it posts the messages and writes `done <sent> <failed>`.
 *
 * Environment: DISCORD_TOKEN, DISCORD_API_URL (the fake), REST_PROXY_URL (optional: through the proxy), LOAD_CHANNELS
 * (comma-separated ids), LOAD_COUNT.
 */
import { REST, Routes } from 'discord.js';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { restOptions } from '../../src/proxy/route.ts';

const config = loadConfig();
const rest = new REST(restOptions(config, pino({ level: 'silent' }))).setToken(config.DISCORD_TOKEN ?? '');
const count = Number(process.env.LOAD_COUNT);
const channels = (process.env.LOAD_CHANNELS as string).split(',');

process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
const results = await Promise.allSettled(
  Array.from({ length: count }, (_, i) =>
    rest.post(Routes.channelMessages(channels[i % channels.length]!), { body: { content: `load ${process.pid} ${i}` } }),
  ),
);
const failed = results.filter((r) => r.status === 'rejected').length;
process.stdout.write(`done ${count - failed} ${failed}\n`);
rest.clearHashSweeper();
rest.clearHandlerSweeper();
