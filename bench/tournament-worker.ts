/**
 * Tournament worker: plays one seed of a match (every rotation of the seats) and returns the challenger's and
 * the opponents' mean results for that seed. Runs in a tinypool worker thread (see bench/tournament.ts).
 */
import type { GameId } from '../src/tables/games.ts';
import { defaultOptions, gameById } from '../src/tables/games.ts';
import { type BenchLevel, playGame, scoreOf } from './play.ts';

export interface SeedTask {
  game: GameId;
  challenger: BenchLevel;
  opponent: BenchLevel;
  seats: number;
  seed: string;
  /** Table options set over the game's defaults (none: the defaults). */
  options?: Record<string, unknown>;
}

/** Per seed: the challenger's mean result over the rotations, and the opponents' mean result per seat. */
export interface SeedResult {
  challenger: number;
  opponents: number;
  games: number;
}

export default function playSeed(task: SeedTask): SeedResult {
  const game = gameById(task.game);
  const options = game && task.options && Object.keys(task.options).length ? { ...defaultOptions(game), ...task.options } : undefined;
  let challenger = 0;
  let opponents = 0;
  for (let seat = 0; seat < task.seats; seat++) {
    const levels = Array.from({ length: task.seats }, (_, s) => (s === seat ? task.challenger : task.opponent));
    const { result } = playGame(task.game, levels, task.seed, options);
    challenger += scoreOf(task.game, result, seat);
    for (let s = 0; s < task.seats; s++) if (s !== seat) opponents += scoreOf(task.game, result, s) / (task.seats - 1);
  }
  return { challenger: challenger / task.seats, opponents: opponents / task.seats, games: task.seats };
}
