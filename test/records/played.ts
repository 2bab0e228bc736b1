/**
 * Whole seeded games played by the easy computer player at every seat, as the table layer would record them:
 * a `FinishedGame` (seats with names, options resolved, seed, move log, the engine's result), the final engine
 * state and every event, for the record and replay tests.
 */
import { decide, defaultOptions, gameById } from '../../src/tables/games.ts';
import type { GameId } from '../../src/tables/games.ts';
import { resolveOptions } from '../../src/tables/options.ts';
import type { FinishedGame, LoggedMove, SeatInfo } from '../../src/tables/types.ts';
import { describeReason } from '../../src/games/types.ts';

/** Seat names, none a part of another, so a line can be searched for each. */
export const NAMES = ['Anna', 'Bernd', 'Carl', 'Dora', 'Emil', 'Frieda'] as const;

export interface Played {
  finished: FinishedGame;
  /** The engine state at the end. */
  final: unknown;
  /** Every event the engine emitted, in order. */
  events: { type: string }[];
}

/**
 * Play `game` from `seed` with `seats` seats and the given options (the rest default). Odd seats are computer
 * seats (`bot: 'easy'`), even seats people; every seat is played by the easy policy from its own view.
 * Throws on an illegal move or a game that does not end.
 */
export function playFinished(gameId: GameId, seats: number, seed: string, options: Record<string, unknown> = {}): Played {
  const game = gameById(gameId);
  if (!game) throw new Error(`unknown game ${gameId}`);
  const resolved = resolveOptions(game, { ...defaultOptions(game), ...options });
  let state = game.setup(resolved, seats, seed);
  const moves: LoggedMove[] = [];
  const events: { type: string }[] = [];
  while (game.result(state) === null) {
    if (moves.length > 20_000) throw new Error(`${gameId} ${seed} did not end`);
    const seat = (game.toAct(state) as number[])[0] as number;
    const move = decide(gameId, 'easy', game.view(state, seat), { seed: `${seed}:${moves.length}`, budgetMs: 300, now: () => 0 });
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error(`${gameId} ${seed}: illegal move ${JSON.stringify(move)}: ${describeReason(applied.reason)}`);
    state = applied.state;
    events.push(...(applied.events as { type: string }[]));
    moves.push({ seat, move });
  }
  const seatInfo: SeatInfo[] = Array.from({ length: seats }, (_, i) =>
    i % 2 ? { userId: `bot:${i}`, name: NAMES[i] as string, bot: 'easy' } : { userId: `10000000000000000${i}`, name: NAMES[i] as string },
  );
  const finished: FinishedGame = {
    id: `t${seed.replace(/\W/g, '')}`,
    guildId: '900000000000000001',
    channelId: '900000000000000002',
    game: gameId,
    options: resolved,
    seats: seatInfo,
    startedAt: Date.UTC(2026, 10, 30, 19, 0),
    finishedAt: Date.UTC(2026, 10, 30, 20, 15, 30, 120),
    seed,
    moves,
    result: game.result(state),
  };
  return { finished, final: state, events };
}
