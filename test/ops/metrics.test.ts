/**
 * METRICS_PORT: /metrics (prom-client, one registry per bot) and /health, on a real bot driven through the fake
 * Discord. The interaction histogram counts every interaction by kind, the moves counter every stored move by game
 * and by who made it, the errors counter the refusals; the open-tables gauge counts this bot's tables; /health is
 * 200 while Discord is ready and the store answers, 503 once the store is closed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, openAndStart, tableMessage, takeTurn } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';

let fake: FakeDiscord;
let bot: RunningBot | undefined;
let prefix: string;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('metrics');
});

afterEach(async () => {
  await bot?.stop();
  bot = undefined;
  await fake.close();
  await cleanupPrefix(prefix);
});

/** The value of the sample `name` with exactly `labels` in a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.keys(got).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(`${bot!.metricsUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

describe('metrics and health', () => {
  it('counts interactions, moves, refusals and open tables; /health follows Discord and the store', { timeout: 60_000 }, async () => {
    bot = await startTestBot(fake, prefix, 'metrics-seed', { env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
    expect(bot.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const users = ['ada', 'bo', 'cy'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser];

    // Channel 1: three people play a few turns (the dealer's discard is several clicks).
    const messageId = await openAndStart(fake, fake.channelId, users);
    for (let turn = 0; turn < 4; turn++) expect(await takeTurn(fake, messageId, users, turn)).not.toBeNull();
    // A refusal: a second table in the same channel.
    const refused = await fake.slash(users[0], fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' });
    expect(refused.callback?.ephemeral).toBe(true);

    // Channel 2: one person and two computer players; the computer players move until the person is to act.
    const second = fake.addChannel('second');
    const lobby = await answered(fake.slash(users[0], second, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    await answered(fake.click(users[0], tableMessage(fake, lobby.originalMessageId!), 'st:fill'));
    await settle(fake);
    await answered(fake.click(users[0], tableMessage(fake, lobby.originalMessageId!), 'st:start'));
    await fake.waitFor(() => tableMessage(fake, lobby.originalMessageId!).content.includes(`<@${users[0].id}>`), 20_000);
    await settle(fake);

    const first = (await bot.tables.get(fake.channelId))!;
    const withBots = (await bot.tables.get(second))!;
    const computerMoves = withBots.moves.filter((m) => withBots.seats[m.seat]?.bot).length;
    const personMoves = first.moves.length + withBots.moves.length - computerMoves;
    expect(first.moves.length).toBeGreaterThanOrEqual(4);

    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    const text = metrics.body;
    const kinds = { command: 'slash', button: 'button', select: 'select' } as const;
    for (const [kind, fakeKind] of Object.entries(kinds)) {
      const injected = fake.interactions.filter((i) => i.kind === fakeKind).length;
      expect(sample(text, 'stammtisch_interaction_duration_seconds_count', { kind }), kind).toBe(injected);
      expect(sample(text, 'stammtisch_interaction_duration_seconds_bucket', { kind, le: '+Inf' })).toBe(injected);
    }
    expect(fake.interactions.filter((i) => i.kind === 'button').length).toBeGreaterThan(5);
    expect(sample(text, 'stammtisch_moves_total', { game: 'reunion', by: 'person' })).toBe(personMoves);
    expect(sample(text, 'stammtisch_moves_total', { game: 'reunion', by: 'computer' })).toBe(computerMoves);
    expect(sample(text, 'stammtisch_moves_total', { game: 'reunion', by: 'auto' })).toBe(0);
    expect(sample(text, 'stammtisch_interaction_errors_total', { kind: 'refused' })).toBe(1);
    expect(sample(text, 'stammtisch_interaction_errors_total', { kind: 'failed' })).toBe(0);
    expect(sample(text, 'stammtisch_open_tables')).toBe(2);
    // prom-client's default process metrics are there too.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);

    const healthy = await get('/health');
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.body)).toEqual({ status: 'ok', discord: true, storage: true });
    expect((await get('/nothing')).status).toBe(404);

    // The store goes away (the timer loop is stopped first: its next poll would reconnect).
    await bot.deadlines.stop();
    await bot.storage.close();
    const down = await get('/health');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ status: 'unavailable', discord: true, storage: false });
  });

  it('two bots in one process keep separate metrics; no METRICS_PORT means no server', { timeout: 30_000 }, async () => {
    bot = await startTestBot(fake, prefix, 'metrics-seed');
    expect(bot.metricsUrl).toBeNull();
    await answered(fake.slash(fake.user('ada'), fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    const other = await startTestBot(fake, testPrefix('metrics-other'), 'metrics-seed', { env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
    try {
      const mine = await bot.metrics.text();
      const theirs = await other.metrics.text();
      expect(sample(mine, 'stammtisch_interaction_duration_seconds_count', { kind: 'command' })).toBe(1);
      expect(sample(theirs, 'stammtisch_interaction_duration_seconds_count', { kind: 'command' })).toBe(0);
    } finally {
      await other.stop();
    }
  });
});
