/**
 * The all-seeing reference player (src/bots/dreierles/seer.ts, seated by bench/play.ts only): it plays legal
 * moves, its card in a declarer game's last four tricks is one the exact solver rates best on the true deal, and it
 * is no table level. Rules: docs/rules/dreierles.md.
 */
import { describe, expect, it } from 'vitest';
import { playGame, scoreOf } from '../../bench/play.ts';
import { Board } from '../../src/bots/dreierles/board.ts';
import { easyMove } from '../../src/bots/dreierles/easy.ts';
import { seerMove } from '../../src/bots/dreierles/seer.ts';
import { EndgameSolver } from '../../src/bots/dreierles/solver.ts';
import { BOT_LEVELS } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/dreierles/engine.ts';
import { DEFAULT_DREIERLES_OPTIONS, type DreierlesState } from '../../src/games/dreierles/types.ts';
import type { Seat } from '../../src/games/types.ts';

const ctx = (seed: string) => ({ seed, budgetMs: 600_000, now: () => performance.now() });

describe('the seer', () => {
  it('plays whole seeded sessions with legal moves only (the bench checks each with the engine), results summing to zero', () => {
    for (let i = 0; i < 3; i++) {
      const { result } = playGame('dreierles', ['seer', 'easy', 'easy'], `seer:${i}`);
      const total = [0, 1, 2].reduce((a, seat) => a + scoreOf('dreierles', result, seat), 0);
      expect(total).toBe(0);
    }
  });

  it('plays a card the exact solver rates best on the true deal in the last four tricks', () => {
    let checked = 0;
    for (let i = 0; checked < 10 && i < 100; i++) {
      let s: DreierlesState = setup(DEFAULT_DREIERLES_OPTIONS, 3, `seer-end:${i}`);
      while (s.phase !== 'play') {
        const seat = toAct(s)[0] as Seat;
        s = (apply(s, seat, easyMove(view(s, seat))) as { state: DreierlesState }).state;
      }
      if (s.declarer === null) continue;
      // Easy players down to 12 cards in hand, then the seer's move against the solver's values of every legal card.
      while (s.hands.reduce((a, h) => a + h.length, 0) > 12) {
        const seat = toAct(s)[0] as Seat;
        s = (apply(s, seat, easyMove(view(s, seat))) as { state: DreierlesState }).state;
      }
      const seat = toAct(s)[0] as Seat;
      const move = seerMove(s, seat, ctx(`seer-end:${i}`));
      if (move.type !== 'play') throw new Error('the seer did not play a card');
      const board = new Board(s);
      const legal = board.legal();
      const values = new EndgameSolver(board).valuesOf(legal);
      const sign = seat === s.declarer ? 1 : -1;
      const best = Math.max(...values.map((v) => sign * v));
      expect(sign * (values[legal.indexOf(move.card)] as number)).toBe(best);
      checked++;
    }
    expect(checked).toBe(10);
  });

  it('is no table level', () => {
    expect(BOT_LEVELS as readonly string[]).not.toContain('seer');
  });
});
