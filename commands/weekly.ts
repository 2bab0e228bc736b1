/**
 * `/weekly setup|standings|pause|resume|cancel` — the server's weekly game night (src/weekly/). Setting it up,
 * pausing, resuming and cancelling need Manage Server; anyone may look at the standings.
 *
 * The command carries no default member permissions on purpose: Discord sets them per command, not per
 * subcommand, so `ManageGuild` there would hide `/weekly standings` from the members it is for. The handler
 * checks Manage Server for the other subcommands instead.
 */
import { type ChatInputCommandInteraction, ChannelType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { BotContext, Command } from '../src/discord/context.ts';
import { renderCancelled, renderPaused, renderReport, renderSetup } from '../src/discord/render/weekly.ts';
import { privateLocale } from '../src/discord/language.ts';
import { replyPrivately, replyPublicly } from '../src/discord/respond.ts';
import { GAMES } from '../src/tables/games.ts';
import { Refusal } from '../src/refusal.ts';
import { WEEKDAYS } from '../src/weekly/types.ts';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Refuse (`Refusal('bad_input')`) a member without Manage Server. */
function requireManageServer(interaction: ChatInputCommandInteraction): void {
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) throw new Refusal('bad_input', 'weekly:refusal.manage_server');
}

/** The running weekly service and the interaction's guild; throws outside a server. */
function scope(interaction: ChatInputCommandInteraction, ctx: BotContext) {
  if (!ctx.weekly || !interaction.guildId) throw new Refusal('bad_input', 'weekly:refusal.dm');
  return { weekly: ctx.weekly, guildId: interaction.guildId };
}

export const weekly: Command = {
  data: new SlashCommandBuilder()
    .setName('weekly')
    .setDescription("The server's weekly game night: reminders, sign-ups, tables and standings")
    .setDMPermission(false)
    .addSubcommand((sub) =>
      sub
        .setName('setup')
        .setDescription('Set up (or change) the weekly game night (Manage Server)')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setRequired(true)
            .addChoices(...Object.values(GAMES).map((g) => ({ name: g.name, value: g.id }))),
        )
        .addStringOption((o) =>
          o
            .setName('day')
            .setDescription('Weekday')
            .setRequired(true)
            .addChoices(...WEEKDAYS.map((d) => ({ name: capitalized(d), value: d }))),
        )
        .addStringOption((o) =>
          o.setName('time').setDescription('Start time, HH:MM on the 24-hour clock (e.g. 20:00)').setRequired(true).setMaxLength(5),
        )
        .addStringOption((o) => o.setName('timezone').setDescription('IANA time zone, e.g. Europe/Berlin').setRequired(true).setMaxLength(64))
        .addChannelOption((o) =>
          o
            .setName('channel')
            .setDescription('Text channel for reminders, table threads and standings')
            .setRequired(true)
            .addChannelTypes(ChannelType.GuildText),
        )
        .addRoleOption((o) => o.setName('role').setDescription('Role to mention in the reminders')),
    )
    .addSubcommand((sub) =>
      sub
        .setName('standings')
        .setDescription("A night's standings (default: the latest night)")
        .addStringOption((o) => o.setName('week').setDescription('ISO week, e.g. 2026-W49, or "last"').setMaxLength(8)),
    )
    .addSubcommand((sub) => sub.setName('pause').setDescription('No reminders or tables until resumed (Manage Server)'))
    .addSubcommand((sub) => sub.setName('resume').setDescription('Resume a paused game night (Manage Server)'))
    .addSubcommand((sub) => sub.setName('cancel').setDescription('End the weekly game night and delete its upcoming event (Manage Server)')),

  async execute(interaction, ctx) {
    const subcommand = interaction.options.getSubcommand(false);
    const { weekly: nights, guildId } = scope(interaction, ctx);
    const mine = privateLocale(interaction);
    if (subcommand === 'standings') {
      const report = await nights.report(guildId, interaction.options.getString('week') ?? undefined);
      const loc = await ctx.languages.forInteraction(interaction);
      await replyPublicly(interaction, renderReport(loc, report), mine.t('weekly:note.standings'));
      return;
    }
    requireManageServer(interaction);
    switch (subcommand) {
      case 'setup': {
        const channel = interaction.options.getChannel('channel', true);
        if (channel.type !== ChannelType.GuildText) throw new Refusal('bad_input', 'weekly:refusal.text_channel');
        const { config, eventError, resetSignUps } = await nights.setup({
          guildId,
          game: interaction.options.getString('game', true),
          day: interaction.options.getString('day', true),
          time: interaction.options.getString('time', true),
          timeZone: interaction.options.getString('timezone', true),
          channelId: channel.id,
          roleId: interaction.options.getRole('role')?.id ?? null,
          userId: interaction.user.id,
        });
        await replyPrivately(interaction, renderSetup(mine, config, eventError, resetSignUps));
        return;
      }
      case 'pause': {
        const config = await nights.pause(guildId);
        await replyPrivately(interaction, renderPaused(mine, config));
        return;
      }
      case 'resume': {
        const { config, eventError } = await nights.resume(guildId);
        await replyPrivately(interaction, renderSetup(mine, config, eventError));
        return;
      }
      case 'cancel': {
        await nights.cancel(guildId);
        await replyPrivately(interaction, renderCancelled(mine));
        return;
      }
      default:
        throw new Refusal('bad_input', 'weekly:refusal.no_subcommand', { subcommand: subcommand ?? '' });
    }
  },
};
