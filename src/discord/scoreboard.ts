/**
 * Scoreboard pages for `/scoreboard` and its Prev/Next buttons: read a board page from the ledger, refuse an empty
 * board or a page past the end, render it, and (on request) attach the rating chart of the top five.
 */
import type { AttachmentPayload, ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { periodIdAt, periodLabel, periodStart } from '../records/periods.ts';
import { Refusal } from '../refusal.ts';
import type { BotContext } from './context.ts';
import type { BoardPage } from './customId.ts';
import type { Payload } from './games/types.ts';
import { gameName, playerName } from './render/records/measure.ts';
import { BOARD_PAGE_SIZE, pageCount, renderBoard } from './render/records/scoreboard.ts';
import { replyPrivately, update } from './respond.ts';

/** Players drawn in the rating chart. */
const CHART_PLAYERS = 5;

/**
 * The rating chart of the board's top five (by the board's own order) over the current season of the guild's
 * time zone: each player's ordinal after each game since the season began.
 */
async function ratingChart(ctx: BotContext, guildId: string, page: BoardPage, timeZone: string): Promise<AttachmentPayload> {
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
    rows.map(async (r) => ({ name: playerName(r), points: await ctx.records.ledger.ratingHistory(guildId, page.game, r.playerId, since) })),
  );
  // Loaded on first use: the native canvas module is not needed to start the bot.
  const { renderRatingChart } = await import('./render/chart.ts');
  const png = renderRatingChart(series, {
    title: `${gameName(page.game)} rating · ${periodLabel(season, timeZone)}`,
    from: since,
    to: now,
    timeZone,
  });
  return { attachment: png, name: 'rating.png' };
}

/**
 * A scoreboard page as a message body, with the rating chart attached when `chart` is set. Throws
 * `Refusal('bad_input')` (answered ephemerally) when the board is empty — naming whether the game was never
 * played here or only not in this period — or the page is past the end ("there are only N pages").
 */
export async function boardPayload(
  ctx: BotContext,
  guildId: string,
  page: BoardPage,
  chart = false,
): Promise<Payload & { files?: AttachmentPayload[] }> {
  const timeZone = await ctx.settings.timeZone(guildId);
  const label = periodLabel(page.periodId, timeZone);
  const { ledger } = ctx.records;
  const { rows, total } = await ledger.board({
    guildId,
    game: page.game,
    periodId: page.periodId,
    includeBots: page.includeBots,
    sort: page.sort,
    offset: (page.page - 1) * BOARD_PAGE_SIZE,
    limit: BOARD_PAGE_SIZE,
  });
  const name = gameName(page.game);
  if (total === 0) {
    const ever = page.periodId === 'all' ? 0 : (await ledger.history({ guildId, game: page.game, offset: 0, limit: 1 })).total;
    throw new Refusal(
      'bad_input',
      ever
        ? `No ${name} games were finished here in this period (${label}). Try \`period:all\`.`
        : `No ${name} games have been finished in this server yet.`,
    );
  }
  const pages = pageCount(total);
  if (page.page > pages) throw new Refusal('bad_input', `There ${pages === 1 ? 'is only 1 page' : `are only ${pages} pages`} in this scoreboard.`);
  const body = renderBoard({ ...page, periodLabel: label, rows, total });
  return chart ? { ...body, files: [await ratingChart(ctx, guildId, page, timeZone)] } : body;
}

/**
 * A Prev/Next press: the presser alone sees that page. On the public scoreboard it answers with a new ephemeral
 * message (the public one stays as it is); on an ephemeral page it replaces that page.
 */
export async function answerBoardPage(interaction: ButtonInteraction | StringSelectMenuInteraction, ctx: BotContext, page: BoardPage): Promise<void> {
  if (!interaction.guildId) throw new Refusal('bad_input', 'Scoreboards live in servers; this does not work in DMs.');
  const body = await boardPayload(ctx, interaction.guildId, page);
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) await update(interaction, body);
  else await replyPrivately(interaction, body);
}
