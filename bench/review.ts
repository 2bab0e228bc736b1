/**
 * Deal review time (`npm run bench -- --review`): seeded games with the strong player at every seat, each deal
 * reviewed for each seat that played it (src/review: the strong player's scoring of every decision from the seat's
 * view, fixed samples), timed on one core; p50 / p99 / max per review and the decisions scored per review.
 */
import { DEFAULT_BUDGET_MS } from '../src/bots/types.ts';
import { reviewFor } from '../src/review/index.ts';
import { defaultOptions, gameById, type GameId } from '../src/tables/games.ts';

/** Games played per game: three deals each, three seats per deal. */
const GAMES = 6;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A whole seeded game of `gameId` with three strong players: its options, seed and move log. */
function played(gameId: GameId, seed: string) {
  const game = gameById(gameId)!;
  const options = defaultOptions(game);
  let state = game.setup(options, 3, seed);
  const moves: { seat: number; move: unknown }[] = [];
  for (let n = 0; game.result(state) === null; n++) {
    const seat = game.toAct(state)[0]!;
    const move = game.decide('strong', game.view(state, seat), { seed: `${seed}:${n}`, budgetMs: DEFAULT_BUDGET_MS, now: () => performance.now() });
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error(`${gameId} ${seed}: move refused`);
    state = applied.state;
    moves.push({ seat, move });
  }
  return { source: { options, seats: 3, seed, moves }, deals: reviewFor(gameId)!.dealsOver(state) };
}

/** Print the review time per deal and seat for Réunion and Dreierles. */
export async function printReviewTimes(): Promise<void> {
  for (const gameId of ['reunion', 'dreierles'] as const) {
    const times: number[] = [];
    const decisions: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      const { source, deals } = played(gameId, `bench:review:${gameId}:${g}`);
      for (let deal = 0; deal < deals; deal++)
        for (const seat of [0, 1, 2]) {
          const start = performance.now();
          const review = await reviewFor(gameId)!.review(source, deal, seat, `bench-${g}`);
          if (!review) continue;
          times.push(performance.now() - start);
          decisions.push(review.reviewed);
        }
    }
    times.sort((a, b) => a - b);
    const mean = decisions.reduce((a, b) => a + b, 0) / decisions.length;
    console.log(
      `review of one deal for one seat, ${gameId} (${times.length} reviews, ${mean.toFixed(1)} decisions each): p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms`,
    );
  }
}
