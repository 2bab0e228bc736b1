/**
 * Helpers every engine shares: applying a move that must be legal, and rebuilding a game from its move log.
 */
import { type ApplyResult, IllegalMoveError, type Seat } from './types.ts';

/** `apply(state, seat, move)`, throwing `IllegalMoveError` with the engine's reason when it is refused. */
export function applyOrThrowWith<S, M, E>(
  apply: (s: S, seat: Seat, m: M) => ApplyResult<S, E>,
  state: S,
  seat: Seat,
  move: M,
): { state: S; events: E[] } {
  const r = apply(state, seat, move);
  if (!r.ok) throw new IllegalMoveError(r.reason);
  return r;
}

/** Apply a move log to `start`; throws `IllegalMoveError` on a move that does not apply. */
export function replayWith<S, M, E>(apply: (s: S, seat: Seat, m: M) => ApplyResult<S, E>, start: S, moves: readonly { seat: Seat; move: M }[]): S {
  let state = start;
  for (const m of moves) state = applyOrThrowWith(apply, state, m.seat, m.move).state;
  return state;
}

/** Net amount per seat from payments (`amount` reads units or game points); sums to zero. */
export function netOf<P extends { from: Seat; to: Seat }>(payments: readonly P[], seats: number, amount: (p: P) => number): number[] {
  const net = new Array<number>(seats).fill(0);
  for (const p of payments) {
    net[p.from] = (net[p.from] as number) - amount(p);
    net[p.to] = (net[p.to] as number) + amount(p);
  }
  return net;
}
