/**
 * Where computer decisions run. A search of up to the decision budget (300 ms by default) must never hold up the
 * event loop that answers people's clicks, so the bot hands each decision to a pool of worker threads
 * (tinypool; `BOT_WORKERS`, default 1); `BOT_WORKERS=0` decides inline (tests, and a fallback when the worker file
 * is missing). A decision is the policy's pure function of the seat's view and its seed, so the pool and inline
 * give the same move (when the budget is not reached; test/tables/decider.test.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Tinypool from 'tinypool';
import type { PolicyLevel } from '../bots/types.ts';
import { decide, type GameId } from './games.ts';

/** One decision as it crosses to a worker: plain JSON. */
export interface DecisionTask {
  game: GameId;
  level: PolicyLevel;
  /** The acting seat's view (`TableGame.view`), never the full state. */
  view: unknown;
  /** The decision's seed (src/tables/bots.ts `decisionSeed`). */
  seed: string;
  /** Time budget in milliseconds, measured by the deciding thread's monotonic clock. */
  budgetMs: number;
}

/** Makes computer decisions (see the file's comment). */
export interface Decider {
  /** The move the policy of `task.level` chooses. Rejects when the policy throws (e.g. a view without a move). */
  decide(task: DecisionTask): Promise<unknown>;
  /** Stop the workers (pending decisions are rejected). */
  close(): Promise<void>;
}

/** A decider on the calling thread, timed by `now` (default `performance.now`). */
export function inlineDecider(now: () => number = () => performance.now()): Decider {
  return {
    decide: (task) => Promise.resolve().then(() => decide(task.game, task.level, task.view, { seed: task.seed, budgetMs: task.budgetMs, now })),
    close: () => Promise.resolve(),
  };
}

/**
 * The worker's file: src/decide-worker.ts when running from the sources (started with `--import tsx`),
 * dist/decide-worker.js beside the built dist/index.js. Null when it is not there (e.g. a bundle without it).
 */
export function workerFile(): { url: URL; typescript: boolean } | null {
  const typescript = import.meta.url.endsWith('.ts');
  const url = new URL(typescript ? '../decide-worker.ts' : './decide-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? { url, typescript } : null;
}

/**
 * A pool of `workers` worker threads deciding (at least 1), or inline when `workers` is 0 or the worker's file is
 * missing (`workerFile`).
 */
export function createDecider(workers: number, now?: () => number): Decider {
  const file = workers > 0 ? workerFile() : null;
  if (!file) return inlineDecider(now);
  // Started at the first decision, so a process that never seats a computer player starts none.
  let pool: Tinypool | null = null;
  const start = (): Tinypool =>
    new Tinypool({
      filename: file.url.href,
      // The sources need tsx's loader: a child process started with it (worker threads do not take `--import`).
      ...(file.typescript ? { runtime: 'child_process' as const, execArgv: ['--import', 'tsx'] } : {}),
      minThreads: 1,
      maxThreads: workers,
    });
  return {
    decide: (task) => (pool ??= start()).run(task) as Promise<unknown>,
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
}
