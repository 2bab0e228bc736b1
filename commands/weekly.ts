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
import { choice, gameChoices, localized } from '../src/discord/localize.ts';
import { Refusal } from '../src/refusal.ts';
import { NIGHT_FORMATS, WEEKDAYS } from '../src/weekly/types.ts';

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
  data: localized(new SlashCommandBuilder(), 'commands:weekly')
    .setDMPermission(false)
    .addSubcommand((sub) =>
      localized(sub, 'commands:weekly.setup')
        .addStringOption((o) =>
          localized(o, 'commands:weekly.setup.game')
            .setRequired(true)
            .addChoices(...gameChoices()),
        )
        .addStringOption((o) =>
          localized(o, 'commands:weekly.setup.day')
            .setRequired(true)
            .addChoices(...WEEKDAYS.map((d) => choice(`commands:weekly.setup.day.choice.${d}`, d))),
        )
        .addStringOption((o) => localized(o, 'commands:weekly.setup.time').setRequired(true).setMaxLength(5))
        .addStringOption((o) => localized(o, 'commands:weekly.setup.timezone').setRequired(true).setMaxLength(64))
        .addChannelOption((o) => localized(o, 'commands:weekly.setup.channel').setRequired(true).addChannelTypes(ChannelType.GuildText))
        .addRoleOption((o) => localized(o, 'commands:weekly.setup.role'))
        .addStringOption((o) =>
          localized(o, 'commands:weekly.setup.format').addChoices(...NIGHT_FORMATS.map((f) => choice(`commands:weekly.setup.format.choice.${f}`, f))),
        ),
    )
    .addSubcommand((sub) =>
      localized(sub, 'commands:weekly.standings').addStringOption((o) => localized(o, 'commands:weekly.standings.week').setMaxLength(8)),
    )
    .addSubcommand((sub) => localized(sub, 'commands:weekly.pause'))
    .addSubcommand((sub) => localized(sub, 'commands:weekly.resume'))
    .addSubcommand((sub) => localized(sub, 'commands:weekly.cancel')),

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
          format: interaction.options.getString('format') ?? undefined,
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
