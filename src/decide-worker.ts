/**
 * The decision worker (src/tables/decider.ts): one computer decision per task, by the same policies as inline,
 * timed by this thread's monotonic clock. Built to dist/decide-worker.js beside dist/index.js.
 */
import type { DecisionTask } from './tables/decider.ts';
import { decide } from './tables/games.ts';

/** The move for `task` (tinypool calls the default export). */
export default function decideTask(task: DecisionTask): unknown {
  return decide(task.game, task.level, task.view, { seed: task.seed, budgetMs: task.budgetMs, now: () => performance.now() });
}
