/**
 * Practice tables (docs/playing.md § Practice from a replay): a finished game played again from its start or from
 * a chosen move, by the person who asked, against computer players of the game's default level in every other seat. The table is the
 * recorded game's seed, options and first `fromMove` logged moves, so its state is exactly the recorded state at that
 * move (replay equality); it is never recorded on the scoreboard (src/tables/moves.ts), and its end shows the real
 * result beside the practice one. Pure: the caller gives the ids and the time.
 */
import type { Seat } from '../games/types.ts';
import { defaultBotLevel, gameById } from './games.ts';
import { Refusal } from '../refusal.ts';
import type { FinishedGame, SeatInfo, TableRecord } from './types.ts';

/** What a practice table is built from: the finished game, the move to start after, who plays and where. */
export interface PracticeRequest {
  source: FinishedGame;
  /** Moves of the recorded log replayed before the practice starts: 0 (from the start) to the log's length − 1. */
  fromMove: number;
  /** The person practising: their name, user id, and the seat they play. */
  player: { userId: string; name: string };
  seat: Seat;
  channel: { guildId: string; channelId: string };
  id: string;
  /** Epoch milliseconds. */
  now: number;
}

/** The computer's seat in a practice table for the real game's seat `real` (named after its player, the game's default level). */
const computerFor = (real: SeatInfo, seat: Seat, game: string): SeatInfo => ({
  userId: `bot:${seat + 1}`,
  name: real.startedBy?.name ?? real.name,
  bot: defaultBotLevel(game),
});

/**
 * The seat `userId` played in the finished game (the seat's starter counts, `SeatInfo.startedBy`), or the first seat
 * a person played when they did not play it (0 when nobody did).
 */
export function practiceSeat(source: FinishedGame, userId: string): Seat {
  const own = source.seats.findIndex((s) => (s.startedBy?.userId ?? s.userId) === userId);
  if (own >= 0) return own;
  return Math.max(
    0,
    source.seats.findIndex((s) => !s.bot),
  );
}

/**
 * The state of `source` after its first `moves` logged moves, rebuilt with its engine from its seed and options.
 * Throws when the log does not replay (a record that was not made by these engines).
 */
export function stateAt(source: Pick<FinishedGame, 'game' | 'options' | 'seats' | 'seed' | 'moves'>, moves: number): unknown {
  const game = gameById(source.game);
  if (!game) throw new Refusal('unknown_game', 'refusal.unknown_game', { game: source.game });
  let state = game.setup(source.options, source.seats.length, source.seed);
  for (const { seat, move } of source.moves.slice(0, moves)) {
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error(`move ${seat}: ${JSON.stringify(move)} does not replay`);
    state = applied.state;
  }
  return state;
}

/**
 * A practice table (status `playing`, turn timer off, no deadline yet: the caller schedules it). Throws
 * `Refusal('bad_input')` when `fromMove` is not a move of the game before its end.
 */
export function practiceTable(req: PracticeRequest): TableRecord {
  const { source, fromMove } = req;
  const last = source.moves.length - 1;
  if (!Number.isInteger(fromMove) || fromMove < 0 || fromMove > last) throw new Refusal('bad_input', 'refusal.practice_move', { max: last });
  const seats = source.seats.map((real, i) =>
    i === req.seat ? { userId: req.player.userId, name: req.player.name } : computerFor(real, i, source.game),
  );
  // The logged moves replayed as they are: who made them in the real game does not count here (never recorded).
  const moves = source.moves.slice(0, fromMove).map(({ seat, move }) => ({ seat, move }));
  return {
    id: req.id,
    channelId: req.channel.channelId,
    guildId: req.channel.guildId,
    game: source.game,
    options: source.options,
    seats,
    hostId: req.player.userId,
    status: 'playing',
    version: 1,
    seed: source.seed,
    moves,
    state: stateAt(source, fromMove),
    turnTimer: 0,
    deadline: null,
    messageId: null,
    createdAt: req.now,
    startedAt: req.now,
    updatedAt: req.now,
    practice: { recordId: source.id, fromMove, seats: source.seats, moves: source.moves, result: source.result },
  };
}
