/**
 * The deal review (src/review): positions where the costliest decision is known by hand. Each case plays a seeded
 * game with the easy player in every seat, except that at the first position of a kind the reviewed seat makes a
 * blunder a card player sees at once; the review of that deal must name that decision first, with a better move of
 * the expected kind. And a review is only ever of a deal that is over.
 */
import { describe, expect, it } from 'vitest';
import { BID_THRESHOLDS } from '../../src/bots/dreierles/easy.ts';
import { handStrength } from '../../src/bots/dreierles/card-facts.ts';
import { biddable, DEFAULT_DREIERLES_OPTIONS, type DreierlesMove, type DreierlesState } from '../../src/games/dreierles/index.ts';
import { cardPoints, DEFAULT_OPTIONS, leftBower, reunion, rightBower, type ReunionMove, type ReunionState } from '../../src/games/reunion/index.ts';
import type { Seat } from '../../src/games/types.ts';
import { reviewFor } from '../../src/review/index.ts';
import { sameMove } from '../../src/review/core.ts';
import { gameById, type GameId } from '../../src/tables/games.ts';

/** A blunder of `seat` in `state`, or null when the position is not of the case's kind. */
type Blunder = (state: never, seat: Seat) => unknown;

/** A seeded game with easy players, `seat` making `blunder` once at the first position of its kind in deal 0. */
function playWithBlunder(game: GameId, options: Record<string, unknown>, seed: string, seat: Seat, blunder: Blunder) {
  const g = gameById(game)!;
  let state = g.setup(options, 3, seed);
  const moves: { seat: Seat; move: unknown }[] = [];
  let blunderAt = -1;
  for (let n = 0; g.toAct(state).length; n++) {
    const who = g.toAct(state)[0]!;
    const bad = who === seat && blunderAt < 0 && (state as { dealNo: number }).dealNo === 0 ? blunder(state as never, seat) : null;
    const move = bad ?? g.decide('easy', g.view(state, who), { seed: `${seed}:${n}`, budgetMs: 1000, now: () => 0 });
    if (bad) blunderAt = n;
    const r = g.apply(state, who, move);
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(move)}`);
    state = r.state;
    moves.push({ seat: who, move });
  }
  return { source: { options, seats: 3, seed, moves }, blunderAt };
}

/**
 * Réunion: last to a trick into which an opponent played the left bower, holding the right bower (it captures the
 * left bower: one unit from that player, § Side payments): it plays its cheapest other card instead.
 */
const spareTheLeftBower: Blunder = (s: ReunionState, seat) => {
  if (s.phase !== 'play' || s.trick.length !== 2 || !s.trick.some((p) => p.card === leftBower(s.trump))) return null;
  const legal = reunion.legalMoves(s, seat).flatMap((m) => (m.type === 'play' ? [m.card] : []));
  const others = legal.filter((c) => c !== rightBower(s.trump)).sort((a, b) => cardPoints(a, s.trump) - cardPoints(b, s.trump));
  return legal.includes(rightBower(s.trump)) && others.length ? ({ type: 'play', card: others[0]! } satisfies ReunionMove) : null;
};

/** Dreierles: to bid with a hand the easy player would bid an Einer on (far above a sure Dreier): it passes. */
const renounceASureGame: Blunder = (s: DreierlesState, seat) => {
  if (s.phase !== 'auction') return null;
  const hand = s.hands[seat]!;
  return handStrength(hand) >= BID_THRESHOLDS.einer && biddable(s).length ? ({ type: 'pass' } satisfies DreierlesMove) : null;
};

/** Seeded games (found by searching seeds for the blunder's position) and the seat that blunders. */
const CASES = [
  ...(
    [
      ['review-reunion-1304', 2],
      ['review-reunion-1757', 1],
      ['review-reunion-2204', 0],
      ['review-reunion-2962', 2],
    ] as const
  ).map(([seed, seat]) => ({
    game: 'reunion' as const,
    seed,
    seat,
    options: { ...DEFAULT_OPTIONS },
    blunder: spareTheLeftBower,
    what: 'spares the left bower',
    // The better move captures the left bower: the right bower, the jack of the deal's trumps.
    better: (m: unknown) => sameMove(m, { type: 'play', card: rightBower(reunion.setup(DEFAULT_OPTIONS, 3, seed).trump) }),
    atLeast: 1,
  })),
  ...(
    [
      ['review-dreierles-203', 0],
      ['review-dreierles-303', 1],
      ['review-dreierles-530', 2],
      ['review-dreierles-718', 0],
    ] as const
  ).map(([seed, seat]) => ({
    game: 'dreierles' as const,
    seed,
    seat,
    options: { ...DEFAULT_DREIERLES_OPTIONS },
    blunder: renounceASureGame,
    what: 'passes an Einer hand',
    better: (m: unknown) => (m as DreierlesMove).type === 'bid',
    atLeast: 5,
  })),
];

describe('the review names the blunder a card player sees at once', () => {
  it.each(CASES)('$game $seed: seat $seat $what: the costliest decision, with the better move', async (c) => {
    const { source, blunderAt } = playWithBlunder(c.game, c.options, c.seed, c.seat, c.blunder as Blunder);
    expect(blunderAt).toBeGreaterThanOrEqual(0);
    const review = await reviewFor(c.game)!.review(source, 0, c.seat, c.seed);
    const worst = review!.costliest[0]!;
    expect(worst.index).toBe(blunderAt);
    expect(sameMove(worst.played, source.moves[blunderAt]!.move)).toBe(true);
    expect(c.better(worst.best)).toBe(true);
    expect(worst.cost).toBeGreaterThanOrEqual(c.atLeast);
    expect(review!.costliest.length).toBeLessThanOrEqual(3);
  });

  it('is the same review every time (seeded sampling, fixed samples)', async () => {
    const c = CASES[0]!;
    const { source } = playWithBlunder(c.game, c.options, c.seed, c.seat, c.blunder as Blunder);
    const a = await reviewFor(c.game)!.review(source, 0, c.seat, c.seed);
    const b = await reviewFor(c.game)!.review(source, 0, c.seat, c.seed);
    expect(b).toEqual(a);
  });
});

describe('a review is only of a deal that is over', () => {
  it.each(['reunion', 'dreierles'] as const)('%s: no review of the deal in play, nor of a seat not dealt in', async (game) => {
    const c = CASES.find((x) => x.game === game)!;
    const { source } = playWithBlunder(c.game, c.options, c.seed, c.seat, c.blunder as Blunder);
    const handle = reviewFor(game)!;
    // The log cut in the middle of deal 1: deal 0 is over, deal 1 is not.
    let state = gameById(game)!.setup(c.options, 3, c.seed);
    let cut = 0;
    while (handle.dealsOver(state) < 1) {
      const { seat, move } = source.moves[cut++]!;
      const r = gameById(game)!.apply(state, seat, move);
      if (!r.ok) throw new Error('refused');
      state = r.state;
    }
    const running = { ...source, moves: source.moves.slice(0, cut + 4) };
    expect(handle.dealsOver(state)).toBe(1);
    for (const seat of [0, 1, 2]) expect(await handle.review(running, 1, seat, 'k')).toBeNull();
    expect(await handle.review(running, 0, c.seat, 'k')).not.toBeNull();
    expect(await handle.review(running, 0, 3, 'k')).toBeNull();
  });
});
