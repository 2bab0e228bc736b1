/**
 * The expert Dreierles player (src/bots/dreierles/expert.ts) and its endgame solver (solver.ts, board.ts): the
 * solver's value is the exact minimax value (against a plain search of every line), its scoring is the engine's,
 * a hand-built Pfeife ending where the right card is known by hand; the expert never makes an illegal move over
 * seeded sessions, and its move is a function of the view and the seed. Rules: docs/rules/dreierles.md.
 */
import { describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard, PFEIFE, STIESS } from '../../src/cards/cego.ts';
import { Board } from '../../src/bots/dreierles/board.ts';
import { easyMove } from '../../src/bots/dreierles/easy.ts';
import { expertPolicy } from '../../src/bots/dreierles/expert.ts';
import { playOut } from '../../src/bots/dreierles/rollout.ts';
import { EndgameSolver } from '../../src/bots/dreierles/solver.ts';
import type { DecisionContext } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/dreierles/engine.ts';
import { DEFAULT_DREIERLES_OPTIONS, type DreierlesState } from '../../src/games/dreierles/types.ts';
import { type Seat, describeReason } from '../../src/games/types.ts';

const ctx = (seed: string): DecisionContext => ({ seed, budgetMs: 600_000, now: () => performance.now() });

/** The first declarer game of a seeded session, at the start of play (easy players bid and discard), or null for Räuber. */
function declarerGameAtPlay(seed: string): DreierlesState | null {
  let s = setup(DEFAULT_DREIERLES_OPTIONS, 3, seed);
  while (s.phase !== 'play') {
    const seat = toAct(s)[0] as Seat;
    s = (apply(s, seat, easyMove(view(s, seat))) as { state: DreierlesState }).state;
  }
  return s.declarer === null ? null : s;
}

/** The minimax value by trying every line (no pruning, no table), checking the fast scoring at every end. */
function bruteForce(board: Board): number {
  if (board.over) {
    expect(board.declarerNet()).toBe(board.declarerNetByPayments());
    return board.declarerNet();
  }
  const max = board.toPlay === board.s.declarer;
  let best = max ? -Infinity : Infinity;
  for (const card of board.legal()) {
    board.play(card);
    const v = bruteForce(board);
    board.undo();
    best = max ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

describe('the endgame solver', () => {
  it('finds the exact minimax value of seeded endgames (9 cards left), the table and the pruning changing nothing', () => {
    let checked = 0;
    for (let i = 0; checked < 25 && i < 200; i++) {
      const s = declarerGameAtPlay(`solver:${i}`);
      if (!s) continue;
      const board = new Board(s);
      while (board.cardsLeft > 9) board.play(board.easyCard());
      const exact = bruteForce(board);
      const solver = new EndgameSolver(board);
      expect(solver.value(), `seed solver:${i}`).toBe(exact);
      // The search left the board as it found it.
      expect(board.cardsLeft).toBe(9);
      checked++;
    }
    expect(checked).toBe(25);
  });

  it('scores a forced line exactly as the engine-checked play-out does', () => {
    for (let i = 0; i < 40; i++) {
      const s = declarerGameAtPlay(`forced:${i}`);
      if (!s) continue;
      const board = new Board(s);
      // One card each left: the last trick is forced, so the value is the play-out's score.
      while (board.cardsLeft > 3) board.play(board.easyCard());
      const at: DreierlesState = {
        ...board.s,
        hands: board.s.hands.map((h) => h.slice()),
        trick: board.s.trick.slice(),
        won: board.s.won.map((w) => w.slice()),
      };
      expect(new EndgameSolver(board).value()).toBe(playOut(at, board.s.declarer as Seat));
    }
  });

  it('keeps the Pfeife for the last trick when it wins there (known by hand: worth 1 from each other seat)', () => {
    let s: DreierlesState | null = null;
    for (let i = 0; !s || s.pfeifeRaus; i++) s = declarerGameAtPlay(`pfeife:${i}`);
    const declarer = s.declarer as Seat;
    const [d1, d2] = s.active.filter((x) => x !== declarer) as [Seat, Seat];
    // Two tricks left: the declarer leads with the Stiess and the Pfeife; the defenders hold plain cards only.
    const hands: CegoCard[][] = s.hands.map(() => []);
    hands[declarer] = [PFEIFE, STIESS];
    const plain = CEGO_54.filter((c) => !s.discard.includes(c) && /♣|♠/.test(c)).slice(0, 4);
    hands[d1] = plain.slice(0, 2);
    hands[d2] = plain.slice(2, 4);
    const inHands = new Set(hands.flat());
    const rest = CEGO_54.filter((c) => !inHands.has(c) && !s.discard.includes(c));
    const won: CegoCard[][] = s.hands.map(() => []);
    won[d1] = rest;
    const endgame: DreierlesState = { ...s, hands, won, trick: [], leader: declarer, tricksPlayed: 14, tricks: [] };
    const [stiessFirst, pfeifeFirst] = new EndgameSolver(new Board(endgame)).valuesOf([STIESS, PFEIFE]) as [number, number];
    // The same six cards either way; only the Pfeife's last trick pays.
    expect(stiessFirst - pfeifeFirst).toBe(s.seats - 1);
  });
});

describe('the expert player', () => {
  /** Play a seeded session with the (few-sample) expert at `seat` and easy players elsewhere; every expert move is checked by the engine. */
  function session(seed: string, seat: Seat): number {
    const expert = expertPolicy({ samples: 4 });
    let s = setup(DEFAULT_DREIERLES_OPTIONS, 3, seed);
    let moves = 0;
    for (let n = 0; s.phase !== 'over'; n++) {
      const actor = toAct(s)[0] as Seat;
      const v = view(s, actor);
      const move = actor === seat ? expert(v, ctx(`${seed}:${n}`)) : easyMove(v);
      const r = apply(s, actor, move);
      if (!r.ok) throw new Error(`illegal ${JSON.stringify(move)} in ${seed}: ${describeReason(r.reason)}`);
      if (actor === seat) moves++;
      s = r.state;
    }
    return moves;
  }

  it('never makes an illegal move over seeded sessions, at every seat', () => {
    let moves = 0;
    for (let i = 0; i < 6; i++) moves += session(`expert-legal:${i}`, (i % 3) as Seat);
    expect(moves).toBeGreaterThan(100);
  });

  it('decides the same move from the same view and seed', () => {
    const expert = expertPolicy({ samples: 8 });
    let s = setup(DEFAULT_DREIERLES_OPTIONS, 3, 'expert-same');
    for (let n = 0; n < 30 && s.phase !== 'over'; n++) {
      const actor = toAct(s)[0] as Seat;
      const v = view(s, actor);
      const move = expert(v, ctx(`same:${n}`));
      expect(expert(v, ctx(`same:${n}`))).toEqual(move);
      s = (apply(s, actor, move) as { state: DreierlesState }).state;
    }
  });
});
