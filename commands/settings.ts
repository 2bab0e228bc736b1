/**
 * `/settings [language] [timezone]` — the bot's settings for this server, for members with Manage Server: the language
 * of its public messages (German, English, or the server's own: Discord's preferred locale of the server,
 * src/discord/language.ts) and the time zone of scoreboard periods and dates (an IANA name, checked as `/weekly setup`
 * checks it). Without options it shows the current settings. The answer is private, in the asker's language, and says
 * what changed; a table open in the channel is redrawn in the new language at once, every other table message
 * switches on its next update.
 */
import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { afterChange } from '../src/discord/errors.ts';
import { privateLocale } from '../src/discord/language.ts';
import { choice, localized } from '../src/discord/localize.ts';
import { replyPrivately } from '../src/discord/respond.ts';
import { isLang, type Lang, langOf, type Locale } from '../src/i18n/index.ts';
import { isTimeZone } from '../src/records/periods.ts';
import { Refusal } from '../src/refusal.ts';
import { canonicalTimeZone } from '../src/weekly/schedule.ts';

/** The `language` option's values: a language, or `server` for the server's own. */
const LANGUAGE_CHOICES = ['de', 'en', 'server'] as const;

/** The server's guild id; refuses outside a server and members without Manage Server. */
function requireManager(interaction: ChatInputCommandInteraction): string {
  if (!interaction.guildId) throw new Refusal('bad_input', 'refusal.settings_dm');
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw new Refusal('bad_input', 'refusal.manage_server', { permission: { key: 'permission.manage_guild' } });
  return interaction.guildId;
}

/** The `language` option: a language, null for the server's own, undefined when not given. */
function readLanguage(interaction: ChatInputCommandInteraction): Lang | null | undefined {
  const value = interaction.options.getString('language');
  if (value === null) return undefined;
  if (value === 'server') return null;
  if (!isLang(value)) throw new Refusal('bad_input', 'refusal.no_language', { language: value.slice(0, 40) });
  return value;
}

/**
 * The `timezone` option by its canonical IANA name ("europe/berlin" → "Europe/Berlin"), undefined when not given;
 * refuses what `/weekly setup` refuses: unknown names, abbreviations and fixed offsets (`canonicalTimeZone`).
 */
function readTimeZone(interaction: ChatInputCommandInteraction): string | undefined {
  const value = interaction.options.getString('timezone');
  if (value === null) return undefined;
  const zone = canonicalTimeZone(value);
  if (zone) return zone;
  const given = value.trim().slice(0, 64);
  throw new Refusal('bad_input', isTimeZone(given) ? 'refusal.timezone_fixed' : 'refusal.timezone_unknown', { zone: given });
}

/** A language setting as the asker reads it: "German", or "the server's language (English)". */
const languageName = (loc: Locale, lang: Lang | null, serverLocale: string | null): string =>
  lang ? loc.t(`settings.lang.${lang}`) : loc.t('settings.server_language', { language: loc.t(`settings.lang.${langOf(serverLocale)}`) });

export const settings: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:settings')
    .setDMPermission(false)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addStringOption((o) =>
      localized(o, 'commands:settings.language').addChoices(...LANGUAGE_CHOICES.map((v) => choice(`commands:settings.language.choice.${v}`, v))),
    )
    .addStringOption((o) => localized(o, 'commands:settings.timezone').setMaxLength(64)),
  async execute(interaction, ctx) {
    const guildId = requireManager(interaction);
    const lang = readLanguage(interaction);
    const timeZone = readTimeZone(interaction);
    const loc = privateLocale(interaction);
    const before = { lang: await ctx.languages.choice(guildId), timeZone: await ctx.settings.timeZone(guildId) };
    const shown = (l: Lang | null) => languageName(loc, l, interaction.guildLocale);
    if (lang === undefined && timeZone === undefined) {
      await replyPrivately(interaction, loc.t('settings.current', { language: shown(before.lang), timeZone: before.timeZone }));
      return;
    }
    const lines: string[] = [];
    if (lang !== undefined) {
      await ctx.languages.choose(guildId, lang);
      lines.push(loc.t('settings.language_set', { language: shown(lang), before: shown(before.lang) }));
    }
    if (timeZone !== undefined) {
      await ctx.settings.update(guildId, { timeZone });
      lines.push(loc.t('settings.timezone_set', { timeZone, before: before.timeZone }));
    }
    if (lang !== undefined) lines.push(loc.t('settings.tables_follow'));
    await afterChange({ key: 'done.settings' }, async () => {
      await replyPrivately(interaction, lines.join('\n'));
      const table = lang !== undefined && interaction.channelId ? await ctx.tables.get(interaction.channelId) : undefined;
      if (table) await ctx.views.refresh(table);
    });
  },
};
