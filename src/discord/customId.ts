/**
 * The custom_id codec. Every component the bot sends carries one of:
 * - `st:join`, `st:leave`, `st:start`, `st:fill` — lobby buttons (public message; Fill seats computer players)
 * - `st:back` — an away player takes their seat back (public message)
 * - `st:hand` — open or refresh the presser's own hand (public message and hand controls)
 * - `st:open` — open the web table (the board, where the web table is on: src/discord/web-open.ts)
 * - `st:g:<stamp>:<payload>` — a game control on a player's ephemeral hand; `stamp` is `<tableId>.<version>.<seat>`,
 *   the table and its version when the hand was rendered (so a hand from an earlier turn, or from an earlier
 *   game in the same channel, is never applied); `payload` is the game UI's own encoding (may name the
 *   owner's cards: these only ever appear on ephemeral messages).
 * - `st:sb:<game>:<periodId>:<sort>:<bots>:<page>` — a scoreboard page (kind `standings`; `board` is the table message) (`/scoreboard`'s Prev/Next): the game, the
 *   period id (`all`, `2026-W49`, `2026-11`, `2026-Q4`), the sort, `1` with computer players or `0` without, and
 *   the 1-based page; every part is checked strictly (a known game and sort, a real period, page 1…9999).
 * - `st:wk:in:<occurrence>`, `st:wk:out:<occurrence>` — sign up for (or withdraw from) a weekly game night on its
 *   reminder (public message); `occurrence` is the night's local date `yyyy-MM-dd`, so a button from an earlier
 *   week is recognised as stale.
 * - `st:rv:<tableId>:<deal>` — review deal `deal` (0-based) of a table or finished game (the board, after a deal);
 *   `st:rv:<tableId>` — the same as a select menu whose value is the deal (a game's result, `/replay`). Only a player
 *   of a deal that is over gets an answer (src/discord/review/answer.ts).
 * - `st:hint:<stamp>` — a hint on a practice table's hand (`stamp` as for game controls).
 * Public messages never carry a card in a custom_id.
 */
import { gameById } from '../tables/games.ts';
import type { GameId } from '../tables/games.ts';
import { periodStart } from '../records/periods.ts';
import { BOARD_SORTS, type BoardSort } from '../records/types.ts';

export type ComponentId =
  | { kind: SimpleKind }
  | { kind: 'game'; stamp: string; payload: string }
  | { kind: 'standings'; page: StandingsPage }
  | { kind: 'weekly'; joining: boolean; occurrence: string }
  /** `deal` null: a select menu whose chosen value is the deal. */
  | { kind: 'review'; table: string; deal: number | null }
  | { kind: 'hint'; stamp: string };

/** A scoreboard page as its buttons carry it. */
export interface StandingsPage {
  game: GameId;
  periodId: string;
  sort: BoardSort;
  includeBots: boolean;
  /** 1-based. */
  page: number;
}

const SIMPLE_KINDS = ['join', 'leave', 'start', 'fill', 'back', 'hand', 'open'] as const;
type SimpleKind = (typeof SIMPLE_KINDS)[number];
const SIMPLE = new Set<string>(SIMPLE_KINDS);
const GAME = /^st:g:([a-z0-9]{1,16}\.\d{1,12}\.\d):([^:]{1,70})$/;
const REVIEW = /^st:rv:([a-z0-9]{1,16})(?::(\d{1,3}))?$/;
const HINT = /^st:hint:([a-z0-9]{1,16}\.\d{1,12}\.\d)$/;
const WEEKLY = /^st:wk:(in|out):(\d{4}-\d{2}-\d{2})$/;
const STANDINGS = /^st:sb:([a-z]{1,16}):(all|\d{4}-W\d{2}|\d{4}-\d{2}|\d{4}-Q[1-4]):([a-z]{1,8}):([01]):([1-9]\d{0,3})$/;

/** A scoreboard page from a custom_id's parts, or null when a part is not a known game, a real period or a sort. */
function decodeStandings(m: RegExpExecArray): StandingsPage | null {
  const [, game, periodId, sort, bots, page] = m as unknown as [string, string, string, string, string, string];
  if (!gameById(game) || !(BOARD_SORTS as readonly string[]).includes(sort)) return null;
  try {
    periodStart(periodId, 'UTC'); // throws on e.g. week 60 or month 13
  } catch {
    return null;
  }
  return { game: game as GameId, periodId, sort: sort as BoardSort, includeBots: bots === '1', page: Number(page) };
}

/** Encode a component id (always ≤ 100 characters). */
export function encodeId(id: ComponentId): string {
  if (id.kind === 'review') return `st:rv:${id.table}${id.deal === null ? '' : `:${id.deal}`}`;
  if (id.kind === 'hint') return `st:hint:${id.stamp}`;
  if (id.kind === 'weekly') return `st:wk:${id.joining ? 'in' : 'out'}:${id.occurrence}`;
  if (id.kind === 'standings') {
    const b = id.page;
    return `st:sb:${b.game}:${b.periodId}:${b.sort}:${b.includeBots ? 1 : 0}:${b.page}`;
  }
  return id.kind === 'game' ? `st:g:${id.stamp}:${id.payload}` : `st:${id.kind}`;
}

/** Decode a custom_id; null if it is not one of ours or is malformed. */
export function decodeId(customId: string): ComponentId | null {
  if (customId.length > 100 || !customId.startsWith('st:')) return null;
  const kind = customId.slice(3);
  if (SIMPLE.has(kind)) return { kind: kind as SimpleKind };
  const review = REVIEW.exec(customId);
  if (review) return { kind: 'review', table: review[1] as string, deal: review[2] === undefined ? null : Number(review[2]) };
  const hint = HINT.exec(customId);
  if (hint) return { kind: 'hint', stamp: hint[1] as string };
  const weekly = WEEKLY.exec(customId);
  if (weekly) return { kind: 'weekly', joining: weekly[1] === 'in', occurrence: weekly[2] as string };
  const standings = STANDINGS.exec(customId);
  if (standings) {
    const page = decodeStandings(standings);
    return page ? { kind: 'standings', page } : null;
  }
  const m = GAME.exec(customId);
  return m ? { kind: 'game', stamp: m[1] as string, payload: m[2] as string } : null;
}
