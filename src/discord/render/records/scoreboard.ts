/**
 * The `/scoreboard` message: a ranked table of one game's players within one period, 10 to a page, with Prev/Next
 * buttons (`st:sb:…`, src/discord/customId.ts), in the reader's language. Pure: the rows in, the message body out.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { GameId } from '../../../tables/games.ts';
import type { BoardRow, BoardSort } from '../../../records/types.ts';
import { type StandingsPage, encodeId } from '../../customId.ts';
import { uiFor } from '../../games/index.ts';
import type { Payload } from '../../games/types.ts';
import { clip } from '../../kit/format.ts';
import type { Locale } from '../../../i18n/index.ts';
import { gameName, measureNumber, netColumn, playerName, ratingText, unitOf } from './measure.ts';

/** Rows per scoreboard page. */
export const STANDINGS_PAGE_SIZE = 10;

/** Widest player name in the table (longer names end in "…"). */
const NAME_WIDTH = 18;

/** Pages a board of `total` rows fills (at least 1). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / STANDINGS_PAGE_SIZE));

/** One page of a board as the renderer needs it: the page's identity, its rows and the board's size. */
export interface StandingsPageView extends StandingsPage {
  /** A readable period in the reader's language, e.g. "Q4 2026 season" (`periodLabel`). */
  periodLabel: string;
  /** This page's rows (at most `STANDINGS_PAGE_SIZE`), in board order. */
  rows: readonly BoardRow[];
  /** Rows of the whole board. */
  total: number;
}

/** How a sort reads in the header: "net units", "penalty points (fewest first)", "wins", "rating", "games played". */
export function sortLabel(loc: Locale, game: GameId, sort: BoardSort): string {
  if (sort !== 'net') return loc.t(`records:board.sort.${sort}`);
  return loc.t(uiFor(game).records.penalty ? 'records:board.sort.penalty' : 'records:board.sort.net', { unit: unitOf(loc, game) });
}

/** A name fit for a code block: no backticks, at most `NAME_WIDTH` characters. */
function cell(name: string): string {
  const clean = name.replace(/`/g, "'");
  return clip(clean, NAME_WIDTH);
}

/**
 * The table in a code block: position, player, games, wins, the summed measure in the game's unit (Réunion units,
 * Dreierles game points, Rommé penalty points) and the rating ordinal with one decimal; headings and numbers in
 * `loc`'s language, each column as wide as its heading needs.
 */
export function standingsTable(loc: Locale, game: GameId, rows: readonly BoardRow[]): string {
  // A computer player's entry is the bot's name in the language: never cut (a person's name is).
  const names = rows.map((r) => (r.bot ? playerName(loc, r) : cell(playerName(loc, r))));
  const heads = [
    loc.t('records:board.column.position'),
    loc.t('records:board.column.player'),
    loc.t('records:board.column.games'),
    loc.t('records:board.column.wins'),
    netColumn(loc, game),
    loc.t('records:board.column.rating'),
  ] as const;
  const cells = rows.map((r, i) => [
    loc.number(r.position),
    names[i] as string,
    loc.number(r.games),
    loc.number(r.wins),
    measureNumber(loc, game, r.net),
    ratingText(loc, r.rating),
  ]);
  const widths = [3, 6, 5, 4, 7, 6].map((least, c) => Math.max(least, (heads[c] as string).length, ...cells.map((row) => (row[c] as string).length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, c) => (c === 1 ? v.padEnd(widths[c] as number) : v.padStart(widths[c] as number)))
      .join('  ')
      .trimEnd();
  return ['```', line(heads), ...cells.map(line), '```'].join('\n');
}

/** Prev/Next buttons to the neighbouring pages (none when there is only one page). */
function pageButtons(loc: Locale, v: StandingsPageView, pages: number): ActionRowBuilder<ButtonBuilder>[] {
  const to = (page: number, label: string) =>
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'standings', page: { game: v.game, periodId: v.periodId, sort: v.sort, includeBots: v.includeBots, page } }))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary);
  const buttons = [
    ...(v.page > 1 ? [to(v.page - 1, loc.t('records:board.prev'))] : []),
    ...(v.page < pages ? [to(v.page + 1, loc.t('records:board.next'))] : []),
  ];
  return buttons.length ? [new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons)] : [];
}

/**
 * The scoreboard message in `loc`'s language: a header with the game, the period, the order and "page x/y", the
 * table, a footnote (players, whether computer players are shown, what the rating is), and Prev/Next buttons.
 * Mentions nobody.
 */
export function renderScoreboardPage(loc: Locale, v: StandingsPageView): Payload {
  const pages = pageCount(v.total);
  const header = loc.t('records:board.header', {
    game: gameName(v.game),
    period: v.periodLabel,
    sort: sortLabel(loc, v.game, v.sort),
    page: loc.number(v.page),
    pages: loc.number(pages),
  });
  const footnote = loc.t('records:board.footnote', {
    players: loc.t('records:board.players', { count: v.total }),
    bots: loc.t(v.includeBots ? 'records:board.botsShown' : 'records:board.botsHidden'),
  });
  const table = v.rows.length ? standingsTable(loc, v.game, v.rows) : loc.t('records:board.empty');
  return { content: [header, table, footnote].join('\n'), components: pageButtons(loc, v, pages), allowedMentions: { parse: [] } };
}
