/**
 * Computer decisions off the event loop (src/tables/decider.ts): the worker pool gives the same move as deciding
 * inline for the same view and seed, at every level of every game, and the pool keeps the event loop free while a
 * decision runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BOT_LEVELS } from '../../src/bots/types.ts';
import { createDecider, type Decider, type DecisionTask, inlineDecider, workerFile } from '../../src/tables/decider.ts';
import { GAME_IDS, decide, defaultOptions, gameById } from '../../src/tables/games.ts';

const pool = createDecider(1);
afterAll(() => pool.close());

/** Decision tasks from one seeded game of `game` played by easy players: the views at a few moves, each at every level. */
function tasks(game: (typeof GAME_IDS)[number]): DecisionTask[] {
  const g = gameById(game)!;
  let state = g.setup(defaultOptions(g), 3, `decider:${game}`);
  const out: DecisionTask[] = [];
  for (let moveNo = 0; g.result(state) === null && moveNo < 40; moveNo++) {
    const seat = (g.toAct(state) as number[])[0]!;
    const view = g.view(state, seat);
    // A budget no decision reaches: the move is then a function of the view and the seed alone.
    if (moveNo % 9 === 0) for (const level of BOT_LEVELS) out.push({ game, level, view, seed: `seed:${moveNo}`, budgetMs: 600_000 });
    const applied = g.apply(state, seat, decide(game, 'easy', view, { seed: `easy:${moveNo}`, budgetMs: 300, now: () => 0 }));
    if (!applied.ok) throw new Error('easy made an illegal move');
    state = applied.state;
  }
  return out;
}

describe('the decision pool', () => {
  it('has its worker file beside the sources', () => {
    expect(workerFile()).toMatchObject({ typescript: true });
  });

  it.each(GAME_IDS)('%s: the same view and seed give the same move in the pool as inline', async (game) => {
    const inline = inlineDecider();
    const all = tasks(game);
    expect(all.length).toBeGreaterThanOrEqual(BOT_LEVELS.length * 3);
    const pooled = await Promise.all(all.map((t) => pool.decide(t)));
    for (const [i, t] of all.entries()) expect(pooled[i], `${t.level} at ${t.seed}`).toEqual(await inline.decide(t));
  });

  it('keeps the event loop free while a decision runs in the worker', async () => {
    const [task] = tasks('dreierles').filter((t) => t.level === 'expert');
    await pool.decide(task!); // the worker is up
    // Each timer tick needs the event loop: it runs while the worker decides, never during an inline decision.
    const ticksDuring = async (decider: Decider): Promise<number> => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      await Promise.all(Array.from({ length: 4 }, (_, i) => decider.decide({ ...task!, seed: `busy:${i}` })));
      clearInterval(timer);
      return ticks;
    };
    expect(await ticksDuring(pool)).toBeGreaterThan(0);
    expect(await ticksDuring(inlineDecider())).toBe(0);
  });

  it('rejects a decision the policy cannot make, and BOT_WORKERS=0 decides inline', async () => {
    const task: DecisionTask = { game: 'reunion', level: 'strong', view: { not: 'a view' }, seed: 'x', budgetMs: 300 };
    await expect(pool.decide(task)).rejects.toThrow();
    const inline = createDecider(0);
    const [real] = tasks('romme');
    expect(await inline.decide(real!)).toEqual(await inlineDecider().decide(real!));
  });
});
