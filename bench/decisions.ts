/**
 * Decision time of each computer player: whole games with the same level at every seat, every decision timed
 * (the policy's own work on one core, from the seat's view to its move).
 */
import { DEFAULT_BUDGET_MS, type PolicyLevel } from '../src/bots/types.ts';
import type { GameId } from '../src/tables/games.ts';
import { playGame } from './play.ts';

/** Games played per game and level: enough decisions for a p99. */
const GAMES: Record<GameId, number> = { reunion: 30, dreierles: 12, romme: 20 };
const SEATS: Record<GameId, number> = { reunion: 3, dreierles: 3, romme: 3 };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Print p50 / p99 / max decision time per game and level, and how many strong and expert decisions reached the budget. */
export function printDecisionTimes(): void {
  for (const game of Object.keys(GAMES) as GameId[])
    // Expert only where it is its own player (Réunion's and Rommé's play as strong).
    for (const level of (game === 'dreierles' ? ['easy', 'strong', 'expert'] : ['easy', 'strong']) as PolicyLevel[]) {
      const times: number[] = [];
      for (let g = 0; g < GAMES[game]; g++)
        times.push(...playGame(game, Array(SEATS[game]).fill(level), `bench:decisions:${game}:${g}`).decisionMs.flat());
      times.sort((a, b) => a - b);
      const over = times.filter((t) => t >= DEFAULT_BUDGET_MS).length;
      console.log(
        `decision time, ${game} ${level} (${times.length} decisions): p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? NaN).toFixed(1)} ms${level !== 'easy' ? `; at the ${DEFAULT_BUDGET_MS} ms budget: ${over}` : ''}`,
      );
    }
}
