/**
 * `/table new|join|leave|start|status|cancel|takeover` and `/table bot add|remove` — open and run the channel's table.
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { BOT_LEVELS, type BotLevel } from '../src/bots/types.ts';
import { actorOf, addBot, cancelTable, channelOf, joinTable, leaveTable, removeBot, startTable, takeover } from '../src/discord/actions.ts';
import type { Command } from '../src/discord/context.ts';
import { afterChange } from '../src/discord/errors.ts';
import { privateLocale } from '../src/discord/language.ts';
import { choice, gameChoices, localized } from '../src/discord/localize.ts';
import { permissionNames, TABLE_CHANNEL_PERMISSIONS } from '../src/discord/permissions.ts';
import { renderPublic, renderStatus } from '../src/discord/render/index.ts';
import { replyPrivately, replyPublicly } from '../src/discord/respond.ts';
import { GAMES } from '../src/tables/games.ts';
import { ENGLISH, type Locale } from '../src/i18n/index.ts';
import { DEFAULT_TURN_TIMER_S } from '../src/tables/deadlines.ts';
import { Refusal } from '../src/refusal.ts';

/** Turn timer choices, in seconds (0 = off). */
const TIMER_CHOICES = [30, 60, 120, 300, 600].map((s) =>
  choice(`commands:table.new.turn_timer.choice.${s === DEFAULT_TURN_TIMER_S ? 'default' : 'seconds'}`, s, { seconds: s }),
);

/** The option's name as `/table new` takes it: the English default, e.g. `pierer_tiers` for `piererTiers`. */
const optionName = (key: string) => ENGLISH.t(`commands:table.new.option.${key}.name`);

/** Refuse (`Refusal('bad_input')`) when the bot lacks a permission it needs in the interaction's channel. */
function requireChannelPermissions(interaction: ChatInputCommandInteraction): void {
  const missing = TABLE_CHANNEL_PERMISSIONS.filter(({ flag }) => !interaction.appPermissions.has(flag));
  // The names are the ones the asker's client shows: the refusal is answered in their language.
  if (missing.length)
    throw new Refusal('bad_input', 'refusal.missing_channel_permissions', {
      count: missing.length,
      permissions: permissionNames(privateLocale(interaction), missing),
    });
}

export const table: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:table')
    .setDMPermission(false)
    .addSubcommand((sub) => {
      localized(sub, 'commands:table.new')
        .addStringOption((o) =>
          localized(o, 'commands:table.new.game')
            .setRequired(true)
            .addChoices(...gameChoices()),
        )
        .addIntegerOption((o) =>
          localized(o, 'commands:table.new.turn_timer', (loc) =>
            loc.t('commands:table.new.turn_timer.description', { seconds: DEFAULT_TURN_TIMER_S }),
          ).addChoices(...TIMER_CHOICES, choice('commands:table.new.turn_timer.choice.off', 0)),
        );
      const seen = new Set<string>();
      for (const game of Object.values(GAMES))
        for (const opt of game.options)
          if (!seen.has(opt.key)) {
            seen.add(opt.key);
            const key = `commands:table.new.option.${opt.key}`;
            const describe = (loc: Locale) =>
              loc.t('commands:table.new.option_description', { game: game.name, label: loc.t(`${game.id}:option.${opt.key}`) });
            if (opt.type === 'boolean') sub.addBooleanOption((o) => localized(o, key, describe));
            else sub.addIntegerOption((o) => localized(o, key, describe).setMinValue(opt.min).setMaxValue(opt.max));
          }
      return sub;
    })
    .addSubcommand((sub) => localized(sub, 'commands:table.join'))
    .addSubcommand((sub) => localized(sub, 'commands:table.leave'))
    .addSubcommand((sub) => localized(sub, 'commands:table.start'))
    .addSubcommand((sub) => localized(sub, 'commands:table.status'))
    .addSubcommand((sub) => localized(sub, 'commands:table.cancel'))
    .addSubcommand((sub) => localized(sub, 'commands:table.takeover'))
    .addSubcommandGroup((group) =>
      localized(group, 'commands:table.bot')
        .addSubcommand((sub) =>
          localized(sub, 'commands:table.bot.add').addStringOption((o) =>
            localized(o, 'commands:table.bot.add.level').addChoices(...BOT_LEVELS.map((l) => choice(`commands:table.bot.add.level.choice.${l}`, l))),
          ),
        )
        .addSubcommand((sub) => localized(sub, 'commands:table.bot.remove')),
    ),

  async execute(interaction, ctx) {
    const group = interaction.options.getSubcommandGroup(false);
    const subcommand = interaction.options.getSubcommand(false);
    if (group === 'bot') {
      if (subcommand === 'remove') return removeBot(interaction, ctx);
      if (subcommand !== 'add') throw new Refusal('bad_input', 'refusal.no_bot_subcommand', { subcommand: subcommand ?? '' });
      const level = interaction.options.getString('level') ?? 'strong';
      if (!(BOT_LEVELS as readonly string[]).includes(level)) throw new Refusal('bad_input', 'refusal.no_level', { level: level.slice(0, 40) });
      return addBot(interaction, ctx, level as BotLevel);
    }
    if (group !== null) throw new Refusal('bad_input', 'refusal.no_group', { group });
    switch (subcommand) {
      case 'new': {
        requireChannelPermissions(interaction);
        const gameId = interaction.options.getString('game');
        if (!gameId) throw new Refusal('bad_input', 'refusal.choose_game');
        const options: Record<string, unknown> = {};
        for (const game of Object.values(GAMES))
          for (const opt of game.options) {
            const value =
              opt.type === 'boolean' ? interaction.options.getBoolean(optionName(opt.key)) : interaction.options.getInteger(optionName(opt.key));
            if (value !== null) options[opt.key] = value;
          }
        const turnTimer = interaction.options.getInteger('turn_timer') ?? undefined;
        const created = await ctx.tables.create(channelOf(interaction), actorOf(interaction), gameId, options, { turnTimer });
        await afterChange({ key: 'done.table_open' }, async () => {
          const messageId = await replyPublicly(
            interaction,
            renderPublic(await ctx.languages.forInteraction(interaction), ctx.tables, created),
            privateLocale(interaction).t('answer.table_open'),
          );
          if (messageId) await ctx.tables.setMessage(created.channelId, messageId);
        });
        return;
      }
      case 'join':
        return joinTable(interaction, ctx);
      case 'leave':
        return leaveTable(interaction, ctx);
      case 'start':
        return startTable(interaction, ctx);
      case 'status': {
        const current = await ctx.tables.require(channelOf(interaction).channelId);
        await replyPrivately(interaction, renderStatus(privateLocale(interaction), ctx.tables, current));
        return;
      }
      case 'cancel':
        return cancelTable(interaction, ctx);
      case 'takeover':
        return takeover(interaction, ctx);
      default:
        throw new Refusal('bad_input', 'refusal.no_subcommand', { subcommand: subcommand ?? '' });
    }
  },
};
