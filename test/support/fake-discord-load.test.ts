/**
 * Self-test of the fake Discord's load-run helpers (used by bench/load.ts): `onMessage` reports every message
 * created or edited, and `retainMs` keeps no history and forgets old interactions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, type Interaction, MessageFlags, type TextChannel } from 'discord.js';
import { type FakeDiscord, type FakeDiscordOptions, startFakeDiscord } from './fake-discord.ts';

let fake: FakeDiscord | undefined;
let client: Client | undefined;

async function connect(opts: FakeDiscordOptions, handler: (i: Interaction) => Promise<unknown>): Promise<FakeDiscord> {
  fake = await startFakeDiscord(opts);
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  client.on(Events.InteractionCreate, (i) => void handler(i).catch(() => undefined));
  const ready = new Promise((resolve) => client!.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  return fake;
}

const row = [{ type: 1, components: [{ type: 2, style: 2, label: 'Go', custom_id: 'go' }] }];

afterEach(async () => {
  await client?.destroy();
  await fake?.close();
  client = fake = undefined;
});

describe('fake Discord for load runs', () => {
  it('onMessage reports created and edited messages until unsubscribed', async () => {
    const fake = await connect({}, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'table v1', components: row });
      else if (i.isButton()) {
        await i.update({ content: 'table v2' });
        await (i.channel as TextChannel).send('narration');
      }
    });
    const narrations = () => fake.channelMessages(fake.channelId).filter((m) => m.content === 'narration').length;
    const seen: string[] = [];
    const stop = fake.onMessage((m) => seen.push(`${m.ephemeral ? 'private' : 'public'}:${m.content}`));
    const it1 = await fake.slash(fake.user('alice'), fake.channelId, 'table');
    await fake.click(fake.user('alice'), fake.original(it1)!, 'go');
    // The narration is sent after the click was answered: wait for it rather than for a quiet spell.
    await fake.waitFor(() => narrations() === 1);
    await fake.waitIdle();
    expect(seen).toEqual(['public:table v1', 'public:table v2', 'public:narration']);
    stop();
    await fake.click(fake.user('alice'), fake.original(it1)!, 'go');
    await fake.waitFor(() => narrations() === 2);
    await fake.waitIdle();
    expect(seen).toHaveLength(3);
  });

  it('with retainMs keeps no history, still answers, and forgets interactions older than retainMs', async () => {
    let last: Interaction | undefined;
    const fake = await connect({ retainMs: 50 }, async (i) => {
      last = i;
      if (i.isChatInputCommand()) await i.reply({ content: 'hand', flags: MessageFlags.Ephemeral });
    });
    const first = await fake.slash(fake.user('bob'), fake.channelId, 'hand');
    expect(first.callback?.error).toBeNull();
    const firstInteraction = last!;
    expect(fake.requests).toEqual([]);
    expect(fake.payloads).toEqual([]);
    expect(fake.interactions).toEqual([]);
    await new Promise((r) => setTimeout(r, 80));
    await fake.slash(fake.user('bob'), fake.channelId, 'hand'); // injecting sweeps the first one out
    if (!firstInteraction.isRepliable()) throw new Error('expected a slash command');
    await expect(firstInteraction.followUp({ content: 'late' })).rejects.toThrow();
    expect(fake.violations.map((v) => v.code)).toEqual([10015]);
  });
});
