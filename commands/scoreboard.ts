/**
 * `/scoreboard [game] [period] [sort] [page] [include_bots] [chart]` — a game's ranking in this server, in public.
 * Defaults: the game of the latest finished game (Réunion if none), the current **season** (a calendar quarter in
 * the server's time zone: recent enough to be a race, long enough to mean something; `period:all` for all time),
 * the game's own order (`RECORD_RULES[game].defaultSort`: net, or wins for a game scored in penalty points), page 1,
 * without computer players. `chart:true` attaches the top five's ratings over the current season as a PNG.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { defaultGame, gameChoices, guildOf, readChoice, readGame, readPage } from '../src/discord/records.ts';
import { replyPublicly } from '../src/discord/respond.ts';
import { boardPayload } from '../src/discord/scoreboard.ts';
import { RECORD_RULES } from '../src/records/rules.ts';
import { periodIdAt } from '../src/records/periods.ts';
import { BOARD_SORTS, PERIODS } from '../src/records/types.ts';
import { privateLocale } from '../src/discord/language.ts';

export const scoreboard: Command = {
  data: new SlashCommandBuilder()
    .setName('scoreboard')
    .setDescription("This server's ranking in a game")
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription('Which game (default: the one played last here)')
        .addChoices(...gameChoices()),
    )
    .addStringOption((o) =>
      o
        .setName('period')
        .setDescription('Which period (default: this season, a calendar quarter)')
        .addChoices(
          { name: 'this week', value: 'week' },
          { name: 'this month', value: 'month' },
          { name: 'this season', value: 'season' },
          { name: 'all time', value: 'all' },
        ),
    )
    .addStringOption((o) =>
      o
        .setName('sort')
        .setDescription("Order (default: the game's own — net, or wins where fewer penalty points are better)")
        .addChoices(
          { name: 'net result', value: 'net' },
          { name: 'wins', value: 'wins' },
          { name: 'rating', value: 'rating' },
          { name: 'games played', value: 'games' },
        ),
    )
    .addIntegerOption((o) => o.setName('page').setDescription('Page (10 players each)').setMinValue(1).setMaxValue(9999))
    .addBooleanOption((o) => o.setName('include_bots').setDescription('Show computer players too (default: no)'))
    .addBooleanOption((o) => o.setName('chart').setDescription("Attach a chart of the top five's ratings this season")),
  async execute(interaction, ctx) {
    const guildId = guildOf(interaction);
    const game = readGame(interaction) ?? (await defaultGame(ctx, guildId));
    const period = readChoice(interaction, 'period', PERIODS, 'season');
    const sort = readChoice(interaction, 'sort', BOARD_SORTS, RECORD_RULES[game].defaultSort);
    const page = readPage(interaction);
    const periodId = periodIdAt(period, ctx.now(), await ctx.settings.timeZone(guildId));
    const includeBots = interaction.options.getBoolean('include_bots') ?? false;
    const asker = privateLocale(interaction);
    const readers = { loc: await ctx.languages.forInteraction(interaction), asker };
    const body = await boardPayload(
      ctx,
      guildId,
      { game, periodId, sort, includeBots, page },
      readers,
      interaction.options.getBoolean('chart') ?? false,
    );
    await replyPublicly(interaction, body, asker.t('records:note.scoreboard'));
  },
};
