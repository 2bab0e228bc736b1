/**
 * The strong Réunion player's Staubaus announcement (Kleine and Große Ekart, docs/rules/reunion.md § Variants).
 * It deals the hidden cards at random many times, consistent with its view (./sample.ts: the turn-up in the
 * dealer's hand, the discard unknown to a seat that is not the dealer), and in each deal values
 * - passing: the deal played out as an ordinary one by the easy rollouts (./sim.ts), worth its side payments
 *   and the expected settlement (./evaluate.ts);
 * - each Staubaus it may announce (round 1 the turned suit; round 2 each other suit, the suit game): the card that
 *   helps most named (among the cards it may name without being refused, `safeNameMask`) and the least useful one given back, by
 *   the rules of ./staubaus.ts, then the Staubaus rollout (the announcer leading, the opponents trying to take a
 *   trick), worth ±4 units per opponent and the settlement with 50 card points credited to each seat.
 * It announces the best suit when its mean value beats passing by `ANNOUNCE_MARGIN` units (a Staubaus lost costs
 * 8 units, and the rollouts' opponents play worse than a strong player: the margin keeps the close calls out).
 * Announcing pays about 16 · P(win) − 8 units, so against a pass worth about 0 this asks for P(win) above 0.56.
 */
import { seededRng } from '../../cards/random.ts';
import { STAUBAUS_CREDIT, type ReunionMove, type ReunionView } from '../../games/reunion/types.ts';
import type { DecisionContext } from '../types.ts';
import { fastRng, maskOf, maskPoints } from './card-masks.ts';
import { announcedTable, easyPolicy, safeNameMask } from './easy.ts';
import { evaluateDeal, standingOf } from './evaluate.ts';
import { knowledgeOf, sampleDeal } from './sample.ts';
import { compactView } from './seats.ts';
import { makeSim, rollout } from './sim.ts';
import { exchanged, losers } from './staubaus.ts';

/** Units by which a Staubaus's mean value must beat passing for the strong player to announce it. */
export const ANNOUNCE_MARGIN = 1;

/** Value per candidate of an announcement decision: passing first, then each Staubaus the view allows. */
export interface AnnounceValues {
  moves: ReunionMove[];
  /** Mean value in units per move (./evaluate.ts). */
  values: number[];
  /** Share of the sampled deals the Staubaus rollout won, per move (0 for the pass). */
  wins: number[];
  samplesDone: number;
}

/** Mean values of passing and of each Staubaus of the view (phase `announce`) over up to `samples` sampled deals. */
export function announceValues(table: ReunionView, ctx: DecisionContext, samples: number): AnnounceValues {
  const start = ctx.now();
  const { view } = compactView(table);
  const k = knowledgeOf(view);
  const standing = standingOf(table);
  const me = k.me;
  const pass = view.legal.find((m) => m.type === 'pass') ?? { type: 'pass' };
  const calls = view.legal.filter((m): m is ReunionMove & { type: 'staubaus' } => m.type === 'staubaus');
  const tables = calls.map((m) => announcedTable(view, m));
  const moves: ReunionMove[] = [pass, ...calls];
  const sums = moves.map(() => 0);
  const wins = moves.map(() => 0);
  const rng = fastRng(seededRng(ctx.seed));
  const credit = [STAUBAUS_CREDIT, STAUBAUS_CREDIT, STAUBAUS_CREDIT];
  const names = safeNameMask(view);
  let done = 0;
  for (let i = 0; i < samples; i++) {
    if (ctx.now() - start >= ctx.budgetMs) break;
    const deal = sampleDeal(k, rng);
    if (!deal) break;
    const points = [0, 0, 0];
    points[k.dealer] = maskPoints(k.t, deal.discard);
    const normal = makeSim(k.t, k.dealer, deal.hands, 0, { cards: [], seats: [] }, (k.dealer + 1) % 3, points, [0, 0, 0], [0, 0, 0]);
    rollout(normal);
    sums[0]! += evaluateDeal(normal, me, standing);
    tables.forEach((t, j) => {
      const open = (names & ~deal.hands[me]! & ~deal.discard) >>> 0;
      const ex = exchanged(t, deal.hands[me]!, open);
      const hands = deal.hands.slice();
      const holder = hands[(me + 1) % 3]! & (1 << ex.named) ? (me + 1) % 3 : (me + 2) % 3;
      hands[me] = ex.hand;
      hands[holder] = ((hands[holder]! & ~(1 << ex.named)) | (1 << ex.given)) >>> 0;
      const s = makeSim(t, k.dealer, hands, 0, { cards: [], seats: [] }, me, credit, [0, 0, 0], [0, 0, 0], me);
      rollout(s);
      if (!s.lost) wins[j + 1]!++;
      sums[j + 1]! += evaluateDeal(s, me, standing);
    });
    done++;
  }
  const n = Math.max(1, done);
  return { moves, values: sums.map((x) => x / n), wins: wins.map((x) => x / n), samplesDone: done };
}

/**
 * The strong player's call: the best Staubaus if it beats passing by `ANNOUNCE_MARGIN`, else pass (the easy call
 * without samples). Staubaus of equal value (say, each won in every sampled deal) go by the fewest `losers` of the
 * hand after the exchange.
 */
export function announceMove(view: ReunionView, ctx: DecisionContext, samples: number): ReunionMove {
  const { moves, values, samplesDone } = announceValues(view, ctx, samples);
  if (samplesDone === 0) return easyPolicy(view, ctx);
  const hand = maskOf(view.hand);
  const open = (safeNameMask(view) & ~hand) >>> 0;
  const plainLosers = (j: number): number => {
    const t = announcedTable(view, moves[j] as ReunionMove & { type: 'staubaus' });
    return losers(t, exchanged(t, hand, open).hand);
  };
  let best = 1;
  for (let j = 2; j < values.length; j++)
    if (values[j]! > values[best]! + 1e-9 || (values[j]! > values[best]! - 1e-9 && plainLosers(j) < plainLosers(best))) best = j;
  return best < values.length && values[best]! > values[0]! + ANNOUNCE_MARGIN ? (moves[best] as ReunionMove) : (moves[0] as ReunionMove);
}
