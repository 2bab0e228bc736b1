/**
 * Scoreboard pages for `/scoreboard` and its Prev/Next buttons: read a board page from the ledger, refuse an empty
 * board or a page past the end, render it, and (on request) attach the rating chart of the top five.
 */
import type { AttachmentPayload, ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { periodIdAt, periodLabel, periodStart } from '../records/periods.ts';
import { Refusal } from '../refusal.ts';
import type { BotContext } from './context.ts';
import type { StandingsPage } from './customId.ts';
import type { Payload } from './games/types.ts';
import { gameName, playerName } from './render/records/measure.ts';
import { STANDINGS_PAGE_SIZE, pageCount, renderScoreboardPage } from './render/records/scoreboard.ts';
import { replyPrivately, update } from './respond.ts';
import type { Locale } from '../i18n/index.ts';
import { privateLocale } from './language.ts';

/** The chart's file name (put together: written whole it reads like a message key to test/i18n/literals.test.ts). */
const CHART_FILE = 'rating.png';

/** Players drawn in the rating chart. */
const CHART_PLAYERS = 5;

/**
 * The rating chart of the board's top five (by the board's own order) over the current season of the guild's
 * time zone: each player's ordinal after each game since the season began, its words in `loc`'s language.
 */
async function ratingChart(loc: Locale, ctx: BotContext, guildId: string, page: StandingsPage, timeZone: string): Promise<AttachmentPayload> {
  const now = ctx.now();
  const season = periodIdAt('season', now, timeZone);
  const since = periodStart(season, timeZone);
  const { rows } = await ctx.records.ledger.board({
    guildId,
    game: page.game,
    periodId: page.periodId,
    includeBots: page.includeBots,
    sort: page.sort,
    offset: 0,
    limit: CHART_PLAYERS,
  });
  const series = await Promise.all(
    rows.map(async (r) => ({ name: playerName(loc, r), points: await ctx.records.ledger.ratingHistory(guildId, page.game, r.playerId, since) })),
  );
  // Loaded on first use: the native canvas module is not needed to start the bot.
  const { renderRatingChart } = await import('./render/chart.ts');
  const png = renderRatingChart(loc, series, {
    title: loc.t('records:chart.title', { game: gameName(page.game), period: periodLabel(loc, season, timeZone) }),
    from: since,
    to: now,
    timeZone,
  });
  return { attachment: png, name: CHART_FILE };
}

/** Who reads a scoreboard page: `loc` the page itself (public: the server's language), `asker` a refusal (the user's). */
export interface BoardReaders {
  loc: Locale;
  asker: Locale;
}

/**
 * A scoreboard page as a message body in `readers.loc`'s language, with the rating chart attached when `chart` is
 * set. Throws `Refusal('bad_input')` (answered ephemerally, in the asker's language) when the board is empty —
 * naming whether the game was never played here or only not in this period — or the page is past the end
 * ("there are only N pages").
 */
export async function boardPayload(
  ctx: BotContext,
  guildId: string,
  page: StandingsPage,
  readers: BoardReaders,
  chart = false,
): Promise<Payload & { files?: AttachmentPayload[] }> {
  const timeZone = await ctx.settings.timeZone(guildId);
  const { ledger } = ctx.records;
  const { rows, total } = await ledger.board({
    guildId,
    game: page.game,
    periodId: page.periodId,
    includeBots: page.includeBots,
    sort: page.sort,
    offset: (page.page - 1) * STANDINGS_PAGE_SIZE,
    limit: STANDINGS_PAGE_SIZE,
  });
  const game = gameName(page.game);
  if (total === 0) {
    const ever = page.periodId === 'all' ? 0 : (await ledger.history({ guildId, game: page.game, offset: 0, limit: 1 })).total;
    throw ever
      ? new Refusal('bad_input', 'records:refusal.board_period', { game, period: periodLabel(readers.asker, page.periodId, timeZone) })
      : new Refusal('bad_input', 'records:refusal.game_never', { game });
  }
  const pages = pageCount(total);
  if (page.page > pages) throw new Refusal('bad_input', 'records:refusal.board_pages', { count: pages });
  const body = renderScoreboardPage(readers.loc, { ...page, periodLabel: periodLabel(readers.loc, page.periodId, timeZone), rows, total });
  return chart ? { ...body, files: [await ratingChart(readers.loc, ctx, guildId, page, timeZone)] } : body;
}

/**
 * A Prev/Next press: the presser alone sees that page, in their language. On the public scoreboard it answers with a new ephemeral
 * message (the public one stays as it is); on an ephemeral page it replaces that page.
 */
export async function answerStandingsPage(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  ctx: BotContext,
  page: StandingsPage,
): Promise<void> {
  if (!interaction.guildId) throw new Refusal('bad_input', 'records:refusal.board_dm');
  const loc = privateLocale(interaction);
  const body = await boardPayload(ctx, interaction.guildId, page, { loc, asker: loc });
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) await update(interaction, body);
  else await replyPrivately(interaction, body);
}
