/**
 * What one move costs: card clicks in whole Réunion games with the real bot (src/bot.ts) on a private redis-server,
 * beside a no-op discord.js bot measured in the same run (the floor).
 *
 * For every click it measures click → callback through the fake Discord, and the Redis work the click caused until
 * the bot is idle again (the claim, the table's lock and read, its write and release, anything a renderer reads).
 * The bot reaches Redis through a TCP proxy that reads what the bot sends:
 * - commands: the commands the bot sent (a Lua script is one command: EVALSHA);
 * - round trips: per connection, each time the bot sends after the server has answered everything sent before;
 *   commands sent together (pipelined, or while an earlier one is still in flight) count once, as they cost one wait;
 * - beside them, the commands the server executed, from INFO commandstats (those run inside scripts included).
 * The deadline poll is set to once a minute and the weekly poll runs every 5 s, so polls are left out of nearly
 * every click's window. Figures, not assertions.
 */
import { createClient } from '@keyv/redis';
import { Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';
import { tableKey } from '../src/store/keys.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../test/support/bot.ts';
import { buttons, enabledCards, openAndStart, openHand, takeTurn, userToAct } from '../test/support/driver.ts';
import { startFakeDiscord } from '../test/support/fake-discord.ts';
import { OwnRedis } from '../test/support/redis-server.ts';
import { countingProxy } from './redis-proxy.ts';

/** What `runMoveBench` measured. */
export interface MoveBench {
  /** Click → callback of the real bot, ms. */
  latencies: number[];
  /** Click → callback of the no-op bot, ms (measured before and after the real one). */
  floor: number[];
  moves: number;
  /** Commands the bot sent per move. */
  commandsPerMove: number;
  roundTripsPerMove: number;
  /** Commands sent per move by name, most first. */
  byCommand: [string, number][];
  /** Commands the server executed per move (inside scripts included), by name, most first. */
  executed: [string, number][];
  /** MEMORY USAGE of a table 45 moves into its game, bytes. */
  tableBytes: number[];
}

/** The floor: a discord.js bot that answers each click with an ephemeral update and does nothing else. */
export async function floorLatency(clicks: number): Promise<number[]> {
  const fake = await startFakeDiscord({ idleMs: 5 });
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand())
      void i.reply({
        content: 'hand',
        flags: MessageFlags.Ephemeral,
        components: [{ type: 1, components: [{ type: 2, style: 2, label: 'A♠', custom_id: 'x' }] }],
      });
    else if (i.isButton()) void i.update({ content: 'hand' });
  });
  const ready = new Promise((r) => client.once(Events.ClientReady, r));
  await client.login(fake.token);
  await ready;
  const user = fake.user('alice');
  const it = await fake.slash(user, fake.channelId, 'noop');
  await settle(fake);
  const message = fake.original(it)!;
  const latencies: number[] = [];
  for (let i = 0; i < clicks; i++) {
    const t0 = performance.now();
    await fake.click(user, message, 'x');
    latencies.push(performance.now() - t0);
    await settle(fake);
  }
  await client.destroy();
  await fake.close();
  return latencies;
}

/** Calls per command name from INFO commandstats. */
async function commandCalls(stats: () => Promise<string>): Promise<Map<string, number>> {
  const info = await stats();
  return new Map([...info.matchAll(/cmdstat_([^:]+):calls=(\d+)/g)].map((m) => [m[1] as string, Number(m[2])]));
}

/** Card clicks in `games` whole Réunion games (three people) with the real bot; the floor around it. */
export async function runMoveBench(games: number, floorClicks = 300): Promise<MoveBench> {
  const floorBefore = await floorLatency(floorClicks);
  const own = await OwnRedis.create();
  const proxy = await countingProxy(own.port);
  const fake = await startFakeDiscord({ idleMs: 5 });
  const prefix = testPrefix('bench-moves');
  const bot = await startTestBot(fake, prefix, 'e2e-seed', { env: { REDIS_URL: proxy.url, TIMER_POLL_MS: '60000' } });
  const redis = createClient({ url: own.url });
  await redis.connect();
  const users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
  const latencies: number[] = [];
  const tableBytes: number[] = [];
  const executed = new Map<string, number>();
  const sent = new Map<string, number>();
  let roundTrips = 0;
  let moves = 0;
  try {
    for (let g = 0; g < games; g++) {
      const channel = fake.addChannel();
      const messageId = await openAndStart(fake, channel, users);
      for (let turn = 0; ; turn++) {
        const user = userToAct(fake, messageId, users);
        if (!user) break;
        const hand = await openHand(fake, messageId, user);
        const card = enabledCards(hand)[0];
        if (!card || buttons(hand).some((b) => b.custom_id.includes(':d.'))) {
          await takeTurn(fake, messageId, users, turn);
          continue;
        }
        await settle(fake);
        const before = await commandCalls(() => redis.info('commandstats'));
        const tripsBefore = proxy.roundTrips();
        const sentBefore = new Map(proxy.sent);
        const t0 = performance.now();
        await fake.click(user, hand, card.custom_id);
        latencies.push(performance.now() - t0);
        await settle(fake);
        roundTrips += proxy.roundTrips() - tripsBefore;
        const after = await commandCalls(() => redis.info('commandstats'));
        after.set('info', (after.get('info') ?? 0) - 1); // the bench's own INFO
        for (const [name, n] of after) {
          const d = n - (before.get(name) ?? 0);
          if (d) executed.set(name, (executed.get(name) ?? 0) + d);
        }
        for (const [name, n] of proxy.sent) {
          const d = n - (sentBefore.get(name) ?? 0);
          if (d) sent.set(name, (sent.get(name) ?? 0) + d);
        }
        moves++;
        if (turn === 45) tableBytes.push(Number(await redis.sendCommand(['MEMORY', 'USAGE', `${prefix}::${tableKey(channel)}`])) || 0);
      }
    }
  } finally {
    await redis.quit();
    await bot.stop();
    await fake.close();
    await proxy.close();
    await own.destroy();
  }
  await cleanupPrefix(prefix).catch(() => undefined); // nothing of it is on the shared Redis
  const floorAfter = await floorLatency(floorClicks);
  const commands = [...sent.values()].reduce((a, b) => a + b, 0);
  const perMove = (m: Map<string, number>) => [...m].map(([name, n]) => [name, n / moves] as [string, number]).sort((a, b) => b[1] - a[1]);
  return {
    latencies,
    floor: [...floorBefore, ...floorAfter],
    moves,
    commandsPerMove: commands / moves,
    roundTripsPerMove: roundTrips / moves,
    byCommand: perMove(sent),
    executed: perMove(executed),
    tableBytes,
  };
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Print what `runMoveBench` measured. */
export function printMoveBench(r: MoveBench): void {
  console.log(`latency, card click → callback (${r.latencies.length} clicks): p50 ${ms(pct(r.latencies, 50))}, p99 ${ms(pct(r.latencies, 99))}`);
  console.log(`floor, no-op discord.js bot (${r.floor.length} clicks):        p50 ${ms(pct(r.floor, 50))}, p99 ${ms(pct(r.floor, 99))}`);
  console.log(`p50 above the floor: ${ms(pct(r.latencies, 50) - pct(r.floor, 50))}`);
  const list = (xs: [string, number][]) => xs.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ');
  const executed = r.executed.reduce((a, [, n]) => a + n, 0);
  const bytes = Math.round(r.tableBytes.reduce((a, b) => a + b, 0) / Math.max(1, r.tableBytes.length));
  console.log(
    `redis per move (${r.moves} moves, private redis-server): ${r.commandsPerMove.toFixed(2)} commands sent (${list(r.byCommand)}), ${r.roundTripsPerMove.toFixed(2)} round trips; ` +
      `${executed.toFixed(2)} executed by the server, inside scripts included (${list(r.executed)}); table record ${bytes} bytes mid-game`,
  );
}
