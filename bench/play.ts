/**
 * Play one whole game with a computer policy at every seat, each given only its seat's view, as the table
 * layer does. Used by the tournament and the decision-time benchmark.
 */
import { seerMove } from '../src/bots/dreierles/seer.ts';
import { DEFAULT_BUDGET_MS, type DecisionContext, type PolicyLevel } from '../src/bots/types.ts';
import type { DreierlesState } from '../src/games/dreierles/types.ts';
import { decide, defaultOptions, gameById } from '../src/tables/games.ts';
import type { GameId } from '../src/tables/games.ts';
import { describeReason } from '../src/games/types.ts';

/**
 * The levels a benchmark seats: the policies, and `seer`, the all-seeing reference player (the expert's search on
 * the true deal; measurement only, never at a table; Dreierles only so far).
 */
export type BenchLevel = PolicyLevel | 'seer';

/** The move of `level` for `seat` in `state` (the seer sees the state; every other level only the seat's view). */
function benchMove(gameId: GameId, level: BenchLevel, state: unknown, seat: number, ctx: DecisionContext): unknown {
  if (level !== 'seer') return decide(gameId, level, gameById(gameId)?.view(state, seat), ctx);
  if (gameId !== 'dreierles') throw new Error(`no seer for ${gameId} yet`);
  return seerMove(state as DreierlesState, seat, ctx);
}

/** A finished game: its result and every decision's time in milliseconds, per seat. */
export interface PlayedGame {
  result: unknown;
  decisionMs: number[][];
}

/**
 * Play a game of `gameId` from `seed` with `levels[seat]` at each seat (one seat per entry) and the game's
 * default options unless `options` are given. Throws on an illegal move (the engine's reason) or a game
 * that does not end within 100,000 moves.
 */
export function playGame(gameId: GameId, levels: readonly BenchLevel[], seed: string, options?: Record<string, unknown>): PlayedGame {
  const game = gameById(gameId);
  if (!game) throw new Error(`unknown game ${gameId}`);
  let state = game.setup(options ?? defaultOptions(game), levels.length, seed);
  const decisionMs: number[][] = levels.map(() => []);
  for (let moveNo = 0; game.result(state) === null; moveNo++) {
    if (moveNo > 100_000) throw new Error(`${gameId} game ${seed} did not end`);
    const seat = (game.toAct(state) as number[])[0] as number;
    const level = levels[seat] as BenchLevel;
    const start = performance.now();
    const move = benchMove(gameId, level, state, seat, {
      seed: `${seed}:decision:${moveNo}`,
      budgetMs: DEFAULT_BUDGET_MS,
      now: () => performance.now(),
    });
    (decisionMs[seat] as number[]).push(performance.now() - start);
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error(`${level} ${gameId} player made an illegal move (${describeReason(applied.reason)}) in game ${seed}`);
    state = applied.state;
  }
  return { result: game.result(state), decisionMs };
}

/** What a game's result is measured in, and whether more is better. */
export const MEASURE: Record<GameId, { unit: string; higherIsBetter: boolean }> = {
  reunion: { unit: 'units', higherIsBetter: true },
  dreierles: { unit: 'game points', higherIsBetter: true },
  romme: { unit: 'penalty points', higherIsBetter: false },
};

/** A seat's result in the game's own measure: Réunion net units, Dreierles net game points, Rommé penalty points. */
export function scoreOf(gameId: GameId, result: unknown, seat: number): number {
  const r = result as { net?: number[]; totals?: number[] };
  const list = gameId === 'reunion' ? r.net : r.totals;
  const value = list?.[seat];
  if (value === undefined) throw new Error(`no ${gameId} result for seat ${seat}`);
  return value;
}
