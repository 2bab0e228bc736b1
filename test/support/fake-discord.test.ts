/**
 * Self-test of the fake Discord: a real discord.js Client logs in against it, answers interactions, and the
 * fake's records and rules are checked from both sides.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.ts';

let fake: FakeDiscord | undefined;
let client: Client | undefined;
/** Errors thrown inside the bot's interaction handler (the tests assert on them). */
let botErrors: unknown[] = [];
/** Handlers still running: `idle()` waits for them, not for a quiet period. */
const running = new Set<Promise<unknown>>();

/** Wait until every handler has finished and the fake has answered everything. */
async function idle(): Promise<void> {
  await fake!.waitIdle();
  while (running.size) await Promise.all(running);
  await fake!.waitIdle();
}

/** Start the fake and log a real client in; `handler` answers interactions. */
async function connect(handler: (i: Interaction) => Promise<unknown> = async () => {}): Promise<{ fake: FakeDiscord; client: Client }> {
  fake = await startFakeDiscord();
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  client.on(Events.InteractionCreate, (i) => {
    const done = handler(i)
      .catch((err: unknown) => botErrors.push(err))
      .finally(() => running.delete(done));
    running.add(done);
  });
  const ready = new Promise((resolve) => client!.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  return { fake, client };
}

const drawRow = (_?: unknown, n = 0) =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(n ? `draw${n}` : 'draw')
      .setLabel('Draw')
      .setStyle(ButtonStyle.Primary),
  );

afterEach(async () => {
  await client?.destroy();
  await fake?.close();
  client = fake = undefined;
  botErrors = [];
});

describe('fake Discord with a real discord.js client', () => {
  it('logs in, answers a slash command ephemerally, updates on click and posts to the channel', async () => {
    const { fake, client } = await connect(async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'play') {
        await i.reply({
          content: `Hand for ${i.options.getInteger('seats', true)} seats: A♠`,
          flags: MessageFlags.Ephemeral,
          components: [drawRow()],
        });
      } else if (i.isButton() && i.customId === 'draw') {
        await i.update({ content: 'You drew K♥', components: [] });
        await (i.channel as TextChannel).send(`${i.user.username} drew a card`);
      }
    });
    expect(client.guilds.cache.get(fake.guildId)?.name).toBe(fake.guildName);
    const tableId = fake.addChannel('table');
    const alice = fake.user('alice');
    const bob = fake.user('bob');

    const slash = await fake.slash(alice, tableId, 'play', { seats: 3 });
    expect(slash.callback).toMatchObject({ type: 4, flags: 64, ephemeral: true, status: 204, error: null });
    const hand = fake.original(slash)!;
    expect(hand).toMatchObject({ ephemeral: true, shownTo: alice.id, channel_id: tableId, content: 'Hand for 3 seats: A♠' });
    expect(fake.visibleTo(bob.id)).toEqual([]);
    expect(() => fake.click(bob, hand, 'draw')).toThrow(/cannot see/);
    expect(() => fake.click(alice, hand, 'nope')).toThrow(/has no component nope/);

    const click = await fake.click(alice, hand, 'draw');
    expect(click.callback).toMatchObject({ type: 7, ephemeral: true });
    await idle();
    expect(fake.message(hand.id)).toMatchObject({ content: 'You drew K♥', components: [], ephemeral: true });
    expect(fake.channelMessages(tableId)).toMatchObject([{ content: 'alice drew a card', author: { id: fake.botUser.id }, ephemeral: false }]);
    expect(fake.visibleTo(alice.id, tableId).map((m) => m.content)).toEqual(['You drew K♥', 'alice drew a card']);

    const publicText = JSON.stringify(fake.publicPayloads().map((p) => p.body));
    expect(publicText).toContain('drew a card');
    expect(publicText).not.toMatch(/A♠|K♥/);
    expect(fake.payloads.filter((p) => p.ephemeral)).toHaveLength(2);

    const gateway = fake.requests.find((r) => r.path === '/gateway/bot');
    expect(gateway?.auth).toBe(true);
    const callback = fake.requests.find((r) => r.path.endsWith('/callback'));
    expect(callback).toMatchObject({ method: 'POST', auth: false, query: { with_response: 'false' }, body: { type: 4 } });
    expect(fake.violations).toEqual([]);
    expect(botErrors).toEqual([]);
  });

  it('supports deferReply + editReply + followUp, deferUpdate + editReply, withResponse and file uploads', async () => {
    const { fake } = await connect(async (i) => {
      if (i.isChatInputCommand()) {
        const res = await i.deferReply({ withResponse: true });
        expect(res.resource?.message?.flags.has(MessageFlags.Loading)).toBe(true);
        await i.editReply({ content: `sub=${i.options.getSubcommand()} who=${i.options.getUser('who')?.username}`, components: [drawRow()] });
        const f = await i.followUp({ content: 'secret', flags: MessageFlags.Ephemeral });
        expect(f.content).toBe('secret');
        await (i.channel as TextChannel).send({ content: 'log', files: [{ attachment: Buffer.from('hello'), name: 'log.txt' }] });
      } else if (i.isButton()) {
        await i.deferUpdate();
        await i.editReply({ content: 'round 2', components: [] });
      }
    });
    const alice = fake.user('alice');
    const slash = await fake.slash(alice, fake.channelId, 'game', { who: fake.user('bob') }, { subcommand: 'start' });
    expect(slash.callback?.type).toBe(5);
    await idle();
    const board = fake.original(slash)!;
    expect(board).toMatchObject({ content: 'sub=start who=bob', ephemeral: false, flags: 0 });
    expect(fake.followUps(slash)).toMatchObject([{ content: 'secret', ephemeral: true, shownTo: alice.id }]);
    const upload = fake.requests.find((r) => r.files.length);
    expect(upload).toMatchObject({ body: { content: 'log' }, files: [{ filename: 'log.txt', size: 5 }] });

    const click = await fake.click(alice, board, 'draw');
    expect(click.callback?.type).toBe(6);
    await idle();
    expect(fake.message(board.id)?.content).toBe('round 2');
    expect(fake.publicPayloads().map((p) => p.kind)).toEqual(['webhook-edit', 'channel-post', 'webhook-edit']);
    expect(fake.violations).toEqual([]);
    expect(botErrors).toEqual([]);
  });

  it('delivers select menus, modals and member permissions', async () => {
    const { fake } = await connect(async (i) => {
      if (i.isChatInputCommand()) {
        const admin = i.memberPermissions?.has(PermissionFlagsBits.Administrator);
        const menu = new StringSelectMenuBuilder()
          .setCustomId('bid')
          .addOptions({ label: 'Pass', value: 'pass' }, { label: 'Eighteen', value: '18' });
        await i.reply({ content: `admin=${admin}`, components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)] });
      } else if (i.isStringSelectMenu()) {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('name')
            .setTitle('Name')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder().setCustomId('nick').setLabel('Nick').setStyle(TextInputStyle.Short),
              ),
            ),
        );
      } else if (i.isModalSubmit()) {
        await i.reply({ content: `nick=${i.fields.getTextInputValue('nick')}`, flags: MessageFlags.Ephemeral });
      }
    });
    const alice = fake.user('alice');
    const slash = await fake.slash(alice, fake.channelId, 'bid', {}, { memberPermissions: 0n });
    const msg = fake.original(slash)!;
    expect(msg.content).toBe('admin=false');
    expect(() => fake.select(alice, msg, 'bid', ['99'])).toThrow(/no option/);
    const sel = await fake.select(alice, msg, 'bid', ['18']);
    expect(sel.callback).toMatchObject({ type: 9, data: { custom_id: 'name' } });
    const modal = await fake.submitModal(alice, fake.channelId, 'name', { nick: 'Ali' });
    expect(fake.original(modal)).toMatchObject({ content: 'nick=Ali', ephemeral: true });
    expect(fake.violations).toEqual([]);
    expect(botErrors).toEqual([]);
  });

  it('rejects component and content limits with 50035', async () => {
    const { fake, client } = await connect(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'too many rows', components: Array.from({ length: 6 }, drawRow) });
    });
    await fake.slash(fake.user('alice'), fake.channelId, 'play');
    await idle();
    expect(botErrors).toHaveLength(1);
    expect(botErrors[0]).toBeInstanceOf(DiscordAPIError);
    expect(botErrors[0]).toMatchObject({ code: 50035, status: 400, rawError: { errors: { 'data.components': {} } } });
    expect(Object.keys(fake.violations[0]?.errors ?? {})).toEqual(['data.components']);
    expect(fake.publicMessages()).toEqual([]);

    const button = (id: string, label = 'x') => ({ type: 2, style: 1, custom_id: id, label });
    const row = (...components: object[]) => ({ type: 1, components });
    const select = (id: string, n: number) => ({
      type: 3,
      custom_id: id,
      options: Array.from({ length: n }, (_, k) => ({ label: `o${k}`, value: `o${k}` })),
    });
    const bad: Record<string, object> = {
      'six buttons in a row': { components: [row(...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => button(id)))] },
      'select sharing a row': { components: [row(select('s', 2), button('b'))] },
      'custom_id over 100': { components: [row(button('x'.repeat(101)))] },
      'duplicate custom_id': { components: [row(button('a')), row(button('a'))] },
      'select with 26 options': { components: [row(select('s', 26))] },
      'label over 80': { components: [row(button('a', 'y'.repeat(81)))] },
      'content over 2000': { content: 'z'.repeat(2001) },
      'eleven embeds': { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) },
      'long embed description': { embeds: [{ description: 'd'.repeat(4097) }] },
      'embed field value over 1024': { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] },
      'empty embed field value': { embeds: [{ fields: [{ name: 'n', value: '' }] }] },
      'embeds over 6000 in all': { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] },
      'select placeholder over 150': { components: [row({ ...select('s', 2), placeholder: 'p'.repeat(151) })] },
    };
    for (const [name, body] of Object.entries(bad)) {
      const err = await client.rest.post(Routes.channelMessages(fake.channelId), { body }).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(DiscordAPIError);
      expect((err as DiscordAPIError).code, name).toBe(50035);
    }
    expect(fake.violations.map((v) => v.code)).toEqual(Array(1 + Object.keys(bad).length).fill(50035));
    expect(fake.channelMessages(fake.channelId)).toEqual([]);
  });

  it('refuses application commands outside Discord’s documented limits, localizations included', async () => {
    const { fake, client } = await connect();
    const put = (commands: object[]) =>
      client.rest.put(Routes.applicationGuildCommands(fake.applicationId, fake.guildId), { body: commands }).catch((e: unknown) => e);
    const ok = { name: 'tisch', description: 'Ein Tisch', name_localizations: { de: 'tisch' }, description_localizations: { de: 'Ein Tisch' } };
    expect(await put([ok])).toMatchObject([{ name: 'tisch' }]);
    const bad: Record<string, object> = {
      'upper-case name': { ...ok, name: 'Tisch' },
      'localized name with a space': { ...ok, name_localizations: { de: 'neuer tisch' } },
      'localized name over 32': { ...ok, name_localizations: { de: 'x'.repeat(33) } },
      'unknown locale': { ...ok, name_localizations: { 'de-DE': 'tisch' } },
      'localized description over 100': { ...ok, description_localizations: { de: 'd'.repeat(101) } },
      'choice name over 100': {
        ...ok,
        options: [{ type: 3, name: 'spiel', description: 'Welches', choices: [{ name: 'c'.repeat(101), value: 'x' }] }],
      },
    };
    for (const [name, command] of Object.entries(bad)) {
      const err = await put([command]);
      expect(err, name).toBeInstanceOf(DiscordAPIError);
      expect((err as DiscordAPIError).code, name).toBe(50035);
    }
    expect(fake.commands.map((c) => c.name)).toEqual(['tisch']);
  });

  it('enforces one callback, the 3 s window and the 15 min webhook token', async () => {
    const { fake } = await connect(async (i) => {
      if (!i.isChatInputCommand()) return;
      if (i.commandName === 'late') fake!.clock.advance(3001);
      await i.reply({ content: 'ok' });
      if (i.commandName === 'twice')
        await i.client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'again' } }, auth: false });
      if (i.commandName === 'later') {
        fake!.clock.advance(16 * 60_000);
        await i.followUp('too late');
      }
    });
    const alice = fake.user('alice');
    const codes = async (name: string) => {
      botErrors = [];
      await fake.slash(alice, fake.channelId, name);
      await idle();
      return botErrors.map((e) => (e as DiscordAPIError).code);
    };
    expect(await codes('twice')).toEqual([40060]);
    expect(fake.interactions[0]?.callbacks.map((c) => c.error?.code ?? null)).toEqual([null, 40060]);
    expect(await codes('late')).toEqual([10062]);
    expect(await codes('later')).toEqual([50027]);
    expect(fake.violations.map((v) => [v.status, v.code])).toEqual([
      [400, 40060],
      [404, 10062],
      [401, 50027],
    ]);
  });

  it('refuses a wrong token and answers unknown routes with a loud 404', async () => {
    const { fake, client } = await connect();
    const err = await client.rest.get('/nowhere/at/all').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: expect.stringMatching(/no route for GET \/nowhere\/at\/all/) });
    const other = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    await expect(other.login('wrong-token')).rejects.toThrow();
    await other.destroy();
    expect(fake.violations.map((v) => v.status)).toEqual([404, 401]);
  });
});
