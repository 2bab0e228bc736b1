/**
 * The `/scoreboard` message: a ranked table of one game's players within one period, 10 to a page, with Prev/Next
 * buttons (`st:sb:…`, src/discord/customId.ts). Pure: the rows in, the message body out.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { GameId } from '../../../tables/games.ts';
import type { BoardRow, BoardSort } from '../../../records/types.ts';
import { type BoardPage, encodeId } from '../../customId.ts';
import { uiFor } from '../../games/index.ts';
import type { Payload } from '../../games/types.ts';
import { clip } from '../format.ts';
import { gameName, measureNumber, netColumn, playerName, ratingText, unitOf } from './measure.ts';

/** Rows per scoreboard page. */
export const BOARD_PAGE_SIZE = 10;

/** Widest player name in the table (longer names end in "…"). */
const NAME_WIDTH = 18;

/** Pages a board of `total` rows fills (at least 1). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / BOARD_PAGE_SIZE));

/** One page of a board as the renderer needs it: the page's identity, its rows and the board's size. */
export interface BoardPageView extends BoardPage {
  /** A readable period, e.g. "Q4 2026 season" (`periodLabel`). */
  periodLabel: string;
  /** This page's rows (at most `BOARD_PAGE_SIZE`), in board order. */
  rows: readonly BoardRow[];
  /** Rows of the whole board. */
  total: number;
}

/** How a sort reads in the header: "net units", "penalty points (fewest first)", "wins", "rating", "games played". */
export function sortLabel(game: GameId, sort: BoardSort): string {
  if (sort === 'net') return uiFor(game).records.penalty ? `${unitOf(game)} (fewest first)` : `net ${unitOf(game)}`;
  return sort === 'games' ? 'games played' : sort;
}

/** A name fit for a code block: no backticks, at most `NAME_WIDTH` characters. */
function cell(name: string): string {
  const clean = name.replace(/`/g, "'");
  return clip(clean, NAME_WIDTH);
}

/**
 * The table in a code block: position, player, games, wins, the summed measure in the game's unit (Réunion units,
 * Dreierles game points, Rommé penalty points) and the rating ordinal with one decimal.
 */
export function boardTable(game: GameId, rows: readonly BoardRow[]): string {
  const names = rows.map((r) => cell(playerName(r)));
  const width = Math.max(6, ...names.map((n) => n.length));
  const line = (pos: string, name: string, games: string, wins: string, net: string, rating: string) =>
    `${pos.padStart(3)}  ${name.padEnd(width)}  ${games.padStart(5)}  ${wins.padStart(4)}  ${net.padStart(7)}  ${rating.padStart(6)}`.trimEnd();
  const head = line('#', 'Player', 'Games', 'Wins', netColumn(game), 'Rating');
  const body = rows.map((r, i) =>
    line(String(r.position), names[i] as string, String(r.games), String(r.wins), measureNumber(game, r.net), ratingText(r.rating)),
  );
  return ['```', head, ...body, '```'].join('\n');
}

/** Prev/Next buttons to the neighbouring pages (none when there is only one page). */
function pageButtons(v: BoardPageView, pages: number): ActionRowBuilder<ButtonBuilder>[] {
  const to = (page: number, label: string) =>
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'board', board: { game: v.game, periodId: v.periodId, sort: v.sort, includeBots: v.includeBots, page } }))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary);
  const buttons = [...(v.page > 1 ? [to(v.page - 1, '◀ Prev')] : []), ...(v.page < pages ? [to(v.page + 1, 'Next ▶')] : [])];
  return buttons.length ? [new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons)] : [];
}

/**
 * The scoreboard message: a header with the game, the period, the order and "page x/y", the table, a footnote
 * (players, whether computer players are shown, what the rating is), and Prev/Next buttons. Mentions nobody.
 */
export function renderBoard(v: BoardPageView): Payload {
  const pages = pageCount(v.total);
  const header = `**${gameName(v.game)} scoreboard** · ${v.periodLabel} · by ${sortLabel(v.game, v.sort)} · page ${v.page}/${pages}`;
  const players = `${v.total} ${v.total === 1 ? 'player' : 'players'}`;
  const bots = v.includeBots ? 'computer players included' : 'computer players not shown';
  const footnote = `-# ${players} · ${bots} · rating: conservative skill estimate (μ − 3σ)`;
  const table = v.rows.length ? boardTable(v.game, v.rows) : 'No games in this period.';
  return { content: [header, table, footnote].join('\n'), components: pageButtons(v, pages), allowedMentions: { parse: [] } };
}
