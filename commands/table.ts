/**
 * `/table new <game>` (one subcommand per game, with that game's options), `/table join|leave|start|status|cancel|takeover`
 * and `/table bot add|remove` — open and run the channel's table.
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder, type SlashCommandSubcommandBuilder } from 'discord.js';
import { openWebTable } from '../src/discord/web-open.ts';
import { BOT_LEVELS, type BotLevel } from '../src/bots/types.ts';
import {
  actorOf,
  addBot,
  cancelTable,
  channelOf,
  joinTable,
  leaveTable,
  removeBot,
  replyWithBoard,
  startTable,
  takeover,
} from '../src/discord/actions.ts';
import type { Command } from '../src/discord/context.ts';
import { afterChange } from '../src/discord/errors.ts';
import { privateLocale } from '../src/discord/language.ts';
import { choice, localized, named } from '../src/discord/localize.ts';
import { optionChoices, optionNameKey, turnTimerChoices } from '../src/discord/options.ts';
import { permissionNames, TABLE_CHANNEL_PERMISSIONS } from '../src/discord/permissions.ts';
import { renderStatus } from '../src/discord/render/index.ts';
import { replyPrivately } from '../src/discord/respond.ts';
import { GAMES, gameById, type TableGame } from '../src/tables/games.ts';
import { ENGLISH, type Locale } from '../src/i18n/index.ts';
import { DEFAULT_TURN_TIMER_S } from '../src/tables/deadlines.ts';
import { Refusal } from '../src/refusal.ts';

/** The option's name as `/table new <game>` takes it: the English default, e.g. `pierer_tiers` for `piererTiers`. */
const optionName = (key: string) => ENGLISH.t(`${optionNameKey(key)}.name`);

/** The players a game seats, as its `/table new` description says it: "3", "3–4". */
const players = (game: TableGame) => (game.minSeats === game.maxSeats ? `${game.minSeats}` : `${game.minSeats}–${game.maxSeats}`);

/**
 * `/table new <game>`: the game's own options from its `options` list (a switch, a whole number within limits, or
 * a choice of a few values) and the turn timer, which every game shares.
 */
function newTable(sub: SlashCommandSubcommandBuilder, game: TableGame): SlashCommandSubcommandBuilder {
  named(sub, game.id, (loc) => loc.t('commands:table.new.game_description', { game: game.name, players: players(game) }));
  for (const opt of game.options) {
    const key = optionNameKey(opt.key);
    const describe = (loc: Locale) => loc.t(`${game.id}:option.${opt.key}`);
    if (opt.type === 'boolean') sub.addBooleanOption((o) => localized(o, key, describe));
    else if (opt.type === 'choice') sub.addIntegerOption((o) => localized(o, key, describe).addChoices(...optionChoices(game, opt)));
    else sub.addIntegerOption((o) => localized(o, key, describe).setMinValue(opt.min).setMaxValue(opt.max));
  }
  return sub.addIntegerOption((o) =>
    localized(o, 'commands:table.new.turn_timer', (loc) =>
      loc.t('commands:table.new.turn_timer.description', { seconds: DEFAULT_TURN_TIMER_S }),
    ).addChoices(...turnTimerChoices()),
  );
}

/** The options given to `/table new <game>`, by the game's option keys (the turn timer apart). */
function givenOptions(interaction: ChatInputCommandInteraction, game: TableGame): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const opt of game.options) {
    const name = optionName(opt.key);
    const value = opt.type === 'boolean' ? interaction.options.getBoolean(name) : interaction.options.getInteger(name);
    if (value !== null) options[opt.key] = value;
  }
  return options;
}

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
    .addSubcommandGroup((group) => {
      localized(group, 'commands:table.new');
      for (const game of GAMES) group.addSubcommand((sub) => newTable(sub, game));
      return group;
    })
    .addSubcommand((sub) => localized(sub, 'commands:table.join'))
    .addSubcommand((sub) => localized(sub, 'commands:table.leave'))
    .addSubcommand((sub) => localized(sub, 'commands:table.start'))
    .addSubcommand((sub) => localized(sub, 'commands:table.status'))
    .addSubcommand((sub) => localized(sub, 'commands:table.cancel'))
    .addSubcommand((sub) => localized(sub, 'commands:table.takeover'))
    .addSubcommand((sub) => localized(sub, 'commands:table.open'))
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
      // Without a level: the game's default (src/tables/games.ts).
      const level = interaction.options.getString('level');
      if (level !== null && !(BOT_LEVELS as readonly string[]).includes(level))
        throw new Refusal('bad_input', 'refusal.no_level', { level: level.slice(0, 40) });
      return addBot(interaction, ctx, (level ?? undefined) as BotLevel | undefined);
    }
    if (group === 'new') {
      requireChannelPermissions(interaction);
      const game = gameById(subcommand ?? '');
      if (!game) throw new Refusal('unknown_game', 'refusal.unknown_game', { game: (subcommand ?? '').slice(0, 40) });
      const turnTimer = interaction.options.getInteger('turn_timer') ?? undefined;
      const created = await ctx.tables.create(channelOf(interaction), actorOf(interaction), game.id, givenOptions(interaction, game), { turnTimer });
      await afterChange({ key: 'done.table_open' }, async () => {
        await replyWithBoard(interaction, ctx, created, privateLocale(interaction).t('answer.table_open'));
      });
      return;
    }
    if (group !== null) throw new Refusal('bad_input', 'refusal.no_group', { group });
    switch (subcommand) {
      // `/table new` as it was before each game had its own subcommand: the registered commands are out of date.
      case 'new':
        throw new Refusal('bad_input', 'refusal.command_mismatch', { command: interaction.commandName });
      case 'join':
        return joinTable(interaction, ctx);
      case 'leave':
        return leaveTable(interaction, ctx);
      case 'start':
        return startTable(interaction, ctx);
      case 'status': {
        const current = await ctx.tables.require(channelOf(interaction).channelId);
        await replyPrivately(interaction, renderStatus(privateLocale(interaction), ctx.tables, current, interaction.user.id));
        return;
      }
      case 'cancel':
        return cancelTable(interaction, ctx);
      case 'takeover':
        return takeover(interaction, ctx);
      case 'open':
        return openWebTable(interaction, ctx);
      default:
        throw new Refusal('bad_input', 'refusal.no_subcommand', { subcommand: subcommand ?? '' });
    }
  },
};
