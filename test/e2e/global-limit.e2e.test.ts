/**
 * One global limit for every process: three processes, each with the bot's REST options (src/proxy/route.ts) and
 * the bot token, post 50 channel messages each — as many as each may send in a second on its own — at the same
 * moment, spread over eight channels so that nothing but the global limit holds them back, against a fake Discord
 * that enforces Discord's global limit (50 bot-token requests a second, 429 `global: true` beyond). Through the
 * shared REST proxy (src/proxy/server.ts) all 150 go out with no 429; without it each process keeps its own 50 a
 * second, and the same load is answered 429 — so the first test could fail.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type RestProxy, startRestProxy } from '../../src/proxy/server.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const PROCESSES = 3;
const EACH = 50;
const CHANNELS = 8;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A load process (test/support/rest-load-child.ts) that has loaded its modules and waits for `go`. */
interface LoadProcess {
  go(): void;
  /** Resolves with how many messages it sent and how many failed. */
  done: Promise<{ sent: number; failed: number }>;
}

async function loadProcess(fake: FakeDiscord, channels: string[], proxyUrl: string | null): Promise<LoadProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/rest-load-child.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      REST_PROXY_URL: proxyUrl ?? '',
      LOAD_CHANNELS: channels.join(','),
      LOAD_COUNT: String(EACH),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  expect(await next()).toBe('ready');
  return {
    go: () => child.stdin.write('go\n'),
    done: next().then((line) => {
      const [word, sent, failed] = line.split(' ');
      expect(word).toBe('done');
      return { sent: Number(sent), failed: Number(failed) };
    }),
  };
}

/** Start the load processes, let them send together and wait for all of them. */
async function burst(fake: FakeDiscord, proxyUrl: string | null): Promise<{ sent: number; failed: number }[]> {
  const channels = Array.from({ length: CHANNELS }, () => fake.addChannel());
  const processes = await Promise.all(Array.from({ length: PROCESSES }, () => loadProcess(fake, channels, proxyUrl)));
  for (const p of processes) p.go();
  return Promise.all(processes.map((p) => p.done));
}

const posted = (fake: FakeDiscord) => fake.requests.filter((r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path));

describe('the global limit across processes', () => {
  it('stays under 50 a second through the shared REST proxy: every message sent, no 429', async () => {
    const fake = await startFakeDiscord({ globalRateLimit: 50 });
    cleanups.push(() => fake.close());
    const proxy: RestProxy = await startRestProxy({ port: 0, host: '127.0.0.1', upstream: fake.apiUrl, log: pino({ level: 'silent' }) });
    cleanups.push(() => proxy.close());

    const results = await burst(fake, proxy.url);

    expect(results).toEqual(Array.from({ length: PROCESSES }, () => ({ sent: EACH, failed: 0 })));
    expect(fake.globalLimited).toBe(0);
    expect(fake.violations).toEqual([]);
    const requests = posted(fake);
    expect(requests).toHaveLength(PROCESSES * EACH);
    expect(requests.every((r) => r.auth && r.status === 200)).toBe(true);
  });

  it('goes over it without the proxy: each process counts 50 a second of its own and the fake answers 429', async () => {
    const fake = await startFakeDiscord({ globalRateLimit: 50 });
    cleanups.push(() => fake.close());

    await burst(fake, null);

    expect(fake.globalLimited).toBeGreaterThan(0);
    expect(fake.violations.some((v) => v.status === 429)).toBe(true);
  });
});
