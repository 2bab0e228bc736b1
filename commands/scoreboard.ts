/**
 * `/scoreboard [game] [period] [sort] [page] [include_bots] [chart]` — a game's ranking in this server, in public.
 * Defaults: the game of the latest finished game (Réunion if none), the current **season** (a calendar quarter in
 * the server's time zone: recent enough to be a race, long enough to mean something; `period:all` for all time),
 * the game's own order (`RECORD_RULES[game].defaultSort`: net, or wins for a game scored in penalty points), page 1,
 * without computer players. `chart:true` attaches the top five's ratings over the current season as a PNG.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { choice, gameChoices, localized } from '../src/discord/localize.ts';
import { defaultGame, guildOf, readChoice, readGame, readPage } from '../src/discord/record-options.ts';
import { replyPublicly } from '../src/discord/respond.ts';
import { boardPayload } from '../src/discord/scoreboard.ts';
import { RECORD_RULES } from '../src/records/rules.ts';
import { periodIdAt } from '../src/records/periods.ts';
import { BOARD_SORTS, PERIODS } from '../src/records/types.ts';
import { privateLocale } from '../src/discord/language.ts';

export const scoreboard: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:scoreboard')
    .setDMPermission(false)
    .addStringOption((o) => localized(o, 'commands:scoreboard.game').addChoices(...gameChoices()))
    .addStringOption((o) =>
      localized(o, 'commands:scoreboard.period').addChoices(
        ...(['week', 'month', 'season', 'all'] as const).map((p) => choice(`commands:scoreboard.period.choice.${p}`, p)),
      ),
    )
    .addStringOption((o) =>
      localized(o, 'commands:scoreboard.sort').addChoices(
        ...(['net', 'wins', 'rating', 'games'] as const).map((s) => choice(`commands:scoreboard.sort.choice.${s}`, s)),
      ),
    )
    .addIntegerOption((o) => localized(o, 'commands:scoreboard.page').setMinValue(1).setMaxValue(9999))
    .addBooleanOption((o) => localized(o, 'commands:scoreboard.include_bots'))
    .addBooleanOption((o) => localized(o, 'commands:scoreboard.chart')),
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
