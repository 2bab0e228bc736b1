/**
 * The expert's exact endgame: a double-dummy alpha-beta search of a declarer game's remaining tricks with every
 * hand known — the declarer maximizes its net game points for the deal (`Board.declarerNet`: contract, Pfeife
 * and bonuses, as the engine pays them), the two defenders together minimize them. A transposition table keyed by
 * the cards still out, the leader and the declarer's pile so far holds bounds at trick starts; moves are ordered
 * winners-first (most valuable first) then losers (cheapest first). Rule source: docs/rules/dreierles.md § Play.
 */
import type { CegoCard } from '../../cards/cego.ts';
import type { Play } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import type { Board } from './board.ts';
import { beats, cardValue, cegoStrength, cegoSuit, winningPlay } from './card-facts.ts';

/** Bounds of a position's value: the value is within [lo, hi]. */
interface Bound {
  lo: number;
  hi: number;
}

/** The legal cards of the seat to play, in search order: cards that win the trick so far first (richest, strongest first), then the cheapest losers. */
function ordered(board: Board): CegoCard[] {
  const legal = board.legal();
  const n = legal.length;
  if (n < 2) return legal;
  const trick = board.s.trick;
  const best = trick.length ? winningPlay(trick).card : null;
  const led = trick.length ? cegoSuit((trick[0] as Play).card) : 'T';
  const keys: number[] = [];
  for (const c of legal) {
    const worth = cardValue(c) * 100 + cegoStrength(c);
    keys.push(best === null || beats(c, best, led) ? -10_000 - worth : worth);
  }
  // Insertion sort of the few cards by key.
  for (let i = 1; i < n; i++) {
    const k = keys[i] as number;
    const c = legal[i] as CegoCard;
    let j = i - 1;
    for (; j >= 0 && (keys[j] as number) > k; j--) {
      keys[j + 1] = keys[j] as number;
      legal[j + 1] = legal[j] as CegoCard;
    }
    keys[j + 1] = k;
    legal[j + 1] = c;
  }
  return legal;
}

/** Exact double-dummy search of a declarer game in play (see the file's comment). One solver per board. */
export class EndgameSolver {
  private readonly table = new Map<string, Bound>();
  /** Positions visited (for measuring the search). */
  nodes = 0;

  constructor(private readonly board: Board) {
    if (board.s.declarer === null || board.s.contract === null) throw new Error('the endgame solver needs a declarer game');
  }

  /** The declarer's net game points for the deal with best play from here by both sides. */
  value(): number {
    return this.search(-Infinity, Infinity);
  }

  /** The value (as in `value`) after the seat to play plays each of `cards` (legal), in the same order. */
  valuesOf(cards: readonly CegoCard[]): number[] {
    return cards.map((c) => {
      this.board.play(c);
      const v = this.search(-Infinity, Infinity);
      this.board.undo();
      return v;
    });
  }

  private search(alpha: number, beta: number): number {
    const board = this.board;
    this.nodes++;
    if (board.over) return board.declarerNet();
    const s = board.s;
    const declarer = s.declarer as Seat;
    let key: string | null = null;
    if (s.trick.length === 0) {
      key = `${board.lo},${board.hi},${s.leader},${board.declarerCards},${board.declarerRaw}`;
      const hit = this.table.get(key);
      if (hit) {
        if (hit.lo >= beta) return hit.lo;
        if (hit.hi <= alpha) return hit.hi;
        if (hit.lo === hit.hi) return hit.lo;
        alpha = Math.max(alpha, hit.lo);
        beta = Math.min(beta, hit.hi);
      }
    }
    const a0 = alpha;
    const b0 = beta;
    const max = board.toPlay === declarer;
    let best = max ? -Infinity : Infinity;
    for (const card of ordered(board)) {
      board.play(card);
      const v = this.search(alpha, beta);
      board.undo();
      if (max) {
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    if (key !== null) {
      const old = this.table.get(key) ?? { lo: -Infinity, hi: Infinity };
      if (best <= a0) old.hi = Math.min(old.hi, best);
      else if (best >= b0) old.lo = Math.max(old.lo, best);
      else old.lo = old.hi = best;
      this.table.set(key, old);
    }
    return best;
  }
}
