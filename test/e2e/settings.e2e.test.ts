/**
 * End to end: `/settings` through the real client and the fake Discord. Only members with Manage Server may use it
 * (refused privately otherwise, nothing stored); `/settings language:de` switches an open lobby to German at once
 * and `language:server` back to the server's own language; the time zone is checked as `/weekly setup` checks it;
 * `/settings` alone shows the settings; a `de` user's private answers are German whatever the server's language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, tableMessage } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText, expectRefused } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let alice: FakeUser, bob: FakeUser, carol: FakeUser;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('settings');
  bot = await startTestBot(fake, prefix);
  [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser];
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** The lobby's title and its buttons' labels. */
const lobbyOf = (messageId: string) => {
  const m = tableMessage(fake, messageId);
  return { title: String((m.embeds?.[0] as { title?: string } | undefined)?.title ?? ''), labels: buttons(m).map((b) => b.label) };
};

/** The first answer's ephemeral flag and text. */
async function privately(run: Promise<import('../support/fake-discord.ts').FakeInteraction>): Promise<string> {
  const it = await answered(run);
  await settle(fake);
  expect(it.callback?.ephemeral).toBe(true);
  return answerText(it);
}

describe('/settings', () => {
  it('is refused, privately and without a change, to a member without Manage Server', async () => {
    await expectRefused(
      fake,
      bot,
      () => fake.slash(bob, fake.channelId, 'settings', { language: 'de' }, { memberPermissions: '0' }),
      /^Only members with the \*\*Manage Server\*\* permission can change the bot's settings\.$/,
    );
    await expectRefused(fake, bot, () => fake.slash(bob, fake.channelId, 'settings', {}, { memberPermissions: '0' }), /Manage Server/);
    expect(await bot.settings.get(fake.guildId)).toEqual({});
    fake.setLocale(bob, 'de');
    await expectRefused(
      fake,
      bot,
      () => fake.slash(bob, fake.channelId, 'settings', { timezone: 'Europe/Berlin' }, { memberPermissions: '0' }),
      /^Nur Mitglieder mit der Berechtigung \*\*Server verwalten\*\* können die Einstellungen des Bots ändern\.$/,
    );
    expect(await bot.settings.get(fake.guildId)).toEqual({});
  });

  it('language:de switches an open lobby to German at once; language:server back to the server’s language', async () => {
    const created = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    const messageId = created.originalMessageId!;
    expect(lobbyOf(messageId)).toEqual({ title: 'Réunion · waiting for players', labels: ['Join', 'Leave', 'Start', 'Fill with bots'] });

    const answer = await privately(fake.slash(alice, fake.channelId, 'settings', { language: 'de' }));
    expect(answer).toContain("Language of public messages: **German** (before: the server's language (English)).");
    expect(await bot.settings.get(fake.guildId)).toEqual({ language: 'de' });
    expect(lobbyOf(messageId)).toEqual({
      title: 'Réunion · wartet auf Mitspieler',
      labels: ['Mitspielen', 'Aufstehen', 'Starten', 'Mit Computern auffüllen'],
    });
    expect(JSON.stringify(tableMessage(fake, messageId).embeds)).toContain('(Gastgeber)');

    // The table keeps the server's language whoever clicks; the clicker's own answers stay in theirs.
    await answered(fake.click(bob, tableMessage(fake, messageId), 'st:join'));
    await settle(fake);
    expect(lobbyOf(messageId).title).toBe('Réunion · wartet auf Mitspieler');
    expect(await privately(fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'join' }))).toBe('You are already seated at this table.');

    const back = await privately(fake.slash(alice, fake.channelId, 'settings', { language: 'server' }));
    expect(back).toContain("Language of public messages: **the server's language (English)** (before: German).");
    expect(await bot.settings.get(fake.guildId)).toEqual({});
    expect(lobbyOf(messageId).title).toBe('Réunion · waiting for players');
  });

  it('shows the settings, checks the time zone, and answers a de user in German', async () => {
    fake.setLocale(carol, 'de');
    const shown = await privately(fake.slash(carol, fake.channelId, 'settings', {}));
    expect(shown).toContain('**Einstellungen dieses Servers**');
    expect(shown).toContain('Sprache der öffentlichen Nachrichten: **die Sprache des Servers (Englisch)**');
    expect(shown).toContain('Zeitzone: **UTC**');

    await expectRefused(
      fake,
      bot,
      () => fake.slash(carol, fake.channelId, 'settings', { timezone: 'Mars/Olympus' }),
      /^„Mars\/Olympus“ ist keine Zeitzone/,
    );
    await expectRefused(fake, bot, () => fake.slash(carol, fake.channelId, 'settings', { timezone: 'CET' }), /Abkürzung oder ein fester Versatz/);
    await expectRefused(fake, bot, () => fake.slash(alice, fake.channelId, 'settings', { timezone: 'EST' }), /abbreviation or a fixed offset/);

    const zone = await privately(fake.slash(carol, fake.channelId, 'settings', { timezone: 'europe/berlin' }));
    expect(zone).toBe('Zeitzone: **Europe/Berlin** (vorher: UTC).');
    expect(await bot.settings.timeZone(fake.guildId)).toBe('Europe/Berlin');

    // Private answers follow the user's client, public ones the server: carol's refusals are German, the lobby English.
    await expectRefused(
      fake,
      bot,
      () => fake.slash(carol, fake.channelId, 'table', {}, { subcommand: 'status' }),
      /^In diesem Kanal gibt es keinen Tisch\. Eröffne einen mit `\/tisch neu`\.$/,
    );
    const created = await answered(fake.slash(carol, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'romme' }));
    await settle(fake);
    expect(lobbyOf(created.originalMessageId!).title).toBe('Rommé · waiting for players');
    await expectRefused(
      fake,
      bot,
      () => fake.slash(carol, fake.channelId, 'table', {}, { subcommand: 'join' }),
      /^Du sitzt schon an diesem Tisch\.$/,
    );
    const status = await privately(fake.slash(carol, fake.channelId, 'table', {}, { subcommand: 'status' }));
    expect(status).toContain('Zugzeit: **120 s** pro Zug');
    expect(JSON.stringify(fake.interactions.at(-1)!.callback?.data)).toContain('wartet auf Mitspieler');
  });

  it('follows a German server’s own language until English is chosen', async () => {
    await bot.stop();
    await fake.close();
    fake = await startFakeDiscord({ idleMs: 30 });
    fake.guildLocale = 'de';
    bot = await startTestBot(fake, prefix);
    const created = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'dreierles' }));
    await settle(fake);
    const messageId = created.originalMessageId!;
    expect(lobbyOf(messageId).title).toBe('Dreierles · wartet auf Mitspieler');
    const answer = await privately(fake.slash(alice, fake.channelId, 'settings', { language: 'en' }));
    expect(answer).toContain("Language of public messages: **English** (before: the server's language (German)).");
    expect(lobbyOf(messageId).title).toBe('Dreierles · waiting for players');
  });
});
