/**
 * Self-test of the fake Discord's message events: MESSAGE_CREATE goes to sessions that identified with
 * GUILD_MESSAGES (1 << 9), for every message in a guild channel (the bot's own too, never an ephemeral one); without
 * MESSAGE_CONTENT (1 << 15) another author's content arrives empty; MESSAGE_DELETE follows a deletion.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, type Message, type PartialMessage, type TextChannel } from 'discord.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.ts';

let fake: FakeDiscord | undefined;
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy();
  await fake?.close();
  fake = undefined;
});

/** Log a real client in with `intents`; collect the messages it hears of and the ids of deleted ones. */
async function connect(f: FakeDiscord, intents: GatewayIntentBits[]) {
  const client = new Client({ intents, rest: { api: f.apiUrl } });
  clients.push(client);
  const created: Message[] = [];
  const deleted: string[] = [];
  client.on(Events.MessageCreate, (m) => created.push(m));
  client.on(Events.MessageDelete, (m: Message | PartialMessage) => deleted.push(m.id));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(f.token);
  await ready;
  return { client, created, deleted };
}

describe('fake Discord message events', () => {
  it('dispatches MESSAGE_CREATE only to GUILD_MESSAGES sessions, with content only for their own messages', async () => {
    fake = await startFakeDiscord();
    const f = fake;
    const plain = await connect(f, [GatewayIntentBits.Guilds]);
    const messages = await connect(f, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]);
    const alice = f.user('alice');

    const chat = f.postMessage(alice, f.channelId, { content: 'hello' });
    const channel = (await messages.client.channels.fetch(f.channelId)) as TextChannel;
    const own = await channel.send({ content: 'the board' });
    await f.waitFor(() => messages.created.length === 2);
    await f.waitIdle();

    expect(plain.created).toEqual([]);
    expect(messages.created.map((m) => m.id)).toEqual([chat.id, own.id]);
    const [theirs, mine] = messages.created;
    expect(theirs!.author.id).toBe(alice.id);
    expect(theirs!.guildId).toBe(f.guildId);
    expect(theirs!.content).toBe(''); // no MESSAGE_CONTENT intent
    expect(mine!.author.id).toBe(f.botUser.id);
    expect(mine!.content).toBe('the board');

    await channel.messages.delete(own.id);
    await f.waitFor(() => messages.deleted.length === 1);
    expect(messages.deleted).toEqual([own.id]);
    expect(plain.deleted).toEqual([]);
  });

  it('carries other authors’ content to a session with MESSAGE_CONTENT', async () => {
    fake = await startFakeDiscord();
    const f = fake;
    const reader = await connect(f, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent]);
    f.postMessage(f.user('bob'), f.channelId, { content: 'good game' });
    await f.waitFor(() => reader.created.length === 1);
    expect(reader.created[0]!.content).toBe('good game');
  });
});
