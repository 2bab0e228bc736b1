/**
 * The `/history` message: the latest finished games, 10 to a page — when (in the guild's time zone), which game,
 * the players and their result (`resultLine`, src/discord/render/deals.ts) and the record id for `/replay`.
 * Pure: records in, message body out.
 */
import type { GameId } from '../../../tables/games.ts';
import type { GameRecord } from '../../../records/types.ts';
import type { Payload } from '../../games/types.ts';
import { resultLine } from '../deals.ts';
import { clip, plainText } from '../../kit/format.ts';
import { dateTime, gameName } from './measure.ts';
import type { Locale } from '../../../i18n/index.ts';

/** Games per history page. */
export const HISTORY_PAGE_SIZE = 10;

/** Longest result line shown (ten lines and the header stay within Discord's 2,000 characters; `/replay` has it all). */
const MAX_RESULT = 120;

export interface HistoryView {
  /** This page's records, newest first. */
  records: readonly GameRecord[];
  /** Games matching the query in all. */
  total: number;
  /** 1-based. */
  page: number;
  /** The filters the page was asked for. */
  game?: GameId;
  playerName?: string;
  /** The guild's IANA time zone the dates are shown in. */
  timeZone: string;
}

/** Pages `total` games fill (at least 1). */
export const historyPages = (total: number): number => Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

/** "`3f9a0c21b4` · 1 Jun 2026 20:15 · Réunion · 🏆 anna +4 units (182 card points) · …", in `loc`'s language. */
export function historyLine(loc: Locale, record: GameRecord, timeZone: string): string {
  const shown = plainText(clip(resultLine(loc, record), MAX_RESULT));
  return `\`${record.id}\` · ${dateTime(loc, record.finishedAt, timeZone)} · **${gameName(record.game)}** · ${shown}`;
}

/**
 * The page in `loc`'s language: a header (filters, page x/y, how many games), one line per game, and a hint at
 * `/replay`. Mentions nobody.
 */
export function renderHistory(loc: Locale, v: HistoryView): Payload {
  const filters = [v.game ? gameName(v.game) : null, v.playerName ? loc.t('records:history.with', { name: plainText(v.playerName) }) : null].filter(
    (f) => f !== null,
  );
  const header = loc.t('records:history.header', {
    filters: filters.length ? ` (${filters.join(', ')})` : '',
    page: loc.number(v.page),
    pages: loc.number(historyPages(v.total)),
    games: loc.t('records:history.games', { count: v.total }),
  });
  const lines = v.records.length ? v.records.map((r) => historyLine(loc, r, v.timeZone)) : [loc.t('records:history.empty')];
  return { content: [header, ...lines, loc.t('records:history.hint')].join('\n'), allowedMentions: { parse: [] } };
}
