/**
 * The strong Réunion player: determinized search. It deals the hidden cards at random many times, consistent
 * with everything its seat has seen (./sample.ts), and in each such deal plays every candidate move followed by
 * the easy player's play for all seats to the end of the deal (./easy.ts, ./sim.ts). The move with the best mean
 * value (./evaluate.ts: side payments plus the expected game settlement, in units) is chosen. The same deals are
 * used for every candidate, so their comparison is fair.
 * - Card play: one card of each group of equivalent legal cards is a candidate (the easy player's card first).
 * - The dealer's discard: the easy player's best dozen discards (by its liking) are the candidates.
 * - Every 12 deals, candidates clearly worse than the best (3 standard errors, paired over the same deals) are
 *   dropped, so the samples go to the close calls. One legal move is answered without search.
 * - Staubaus (§ Variants): whether to announce, and in which suit, by ./announce.ts; the card to name (every card
 *   it may name without being refused, `safeNames`) and to give back (every card) by the same search, the announcer leading afterwards; in a Staubaus deal
 *   the rollouts play by ./staubaus.ts and a deal is worth the Staubaus payment.
 * - With 4 or 5 players it searches the deal of the three active seats (./seats.ts); the game standing counts
 *   every seat.
 * Bounded by the decision context's budget: it stops sampling once it is used up and answers with what it has
 * (the easy move if no deal was finished).
 * Rule source: docs/rules/reunion.md § Deal, § Play, § Side payments, § Game and settlement, § Variants.
 */
import { type Rng, seededRng } from '../../cards/random.ts';
import { STAUBAUS_CREDIT, type ReunionMove, type ReunionView } from '../../games/reunion/types.ts';
import type { DecisionContext, Policy } from '../types.ts';
import { announceMove } from './announce.ts';
import { cardIndex, fastRng, maskPoints } from './card-masks.ts';
import { easyPolicy, rankDiscards, safeNames } from './easy.ts';
import { evaluateDeal, type Standing, standingOf } from './evaluate.ts';
import { type Knowledge, knowledgeOf, sampleDeal } from './sample.ts';
import { compactView } from './seats.ts';
import { cloneSim, copySim, type DealSim, makeSim, playCard, rollout } from './sim.ts';
import { giveBackCard } from './staubaus.ts';

/** Deals sampled per decision by default. */
export const DEFAULT_SAMPLES = 200;
/** Discards evaluated by rollouts by default (the easy player's favourites). */
export const DEFAULT_DISCARD_SHORTLIST = 12;

/** Settings of the strong player. */
export interface StrongOptions {
  /** Deals sampled per decision (default `DEFAULT_SAMPLES`). */
  samples?: number;
  /** Discards evaluated (default `DEFAULT_DISCARD_SHORTLIST`). */
  discardShortlist?: number;
  /** Units per card point of a linear evaluation instead of the expected settlement (0 = settlement, the default). */
  linear?: number;
}

/** Net bower-capture units per seat in the completed tricks of the view (§ Side payments). */
function bowerUnitsOf(view: ReunionView, k: Knowledge): number[] {
  const units = [0, 0, 0];
  for (const tr of view.tricks) {
    const win = tr.plays.find((p) => p.seat === tr.winner);
    const lb = tr.plays.find((p) => cardIndex(p.card) === k.t.leftBower);
    if (win && lb && cardIndex(win.card) === k.t.rightBower) {
      units[lb.seat]!--;
      units[tr.winner]!++;
    }
  }
  return units;
}

/**
 * The deal model of one determinization, at the moment of the view (in play the acting seat to play; in a Staubaus
 * exchange the announcer, who leads next). A Staubaus deal credits each seat 50 card points.
 */
function simOf(view: ReunionView, k: Knowledge, bowerUnits: number[], hands: number[], discard: number): DealSim {
  const trick = { cards: view.trick.map((p) => cardIndex(p.card)), seats: view.trick.map((p) => p.seat) };
  if (view.staubaus) {
    const credit = [STAUBAUS_CREDIT, STAUBAUS_CREDIT, STAUBAUS_CREDIT];
    return makeSim(k.t, k.dealer, hands, k.played, trick, k.me, credit, view.tricksWon, [0, 0, 0], view.staubaus.announcer);
  }
  const points = view.trickPoints.slice();
  points[k.dealer]! += maskPoints(k.t, discard);
  return makeSim(k.t, k.dealer, hands, k.played, trick, k.me, points, view.tricksWon, bowerUnits);
}

/** A candidate move and how to apply it to a deal model of the moment of the view. */
interface Candidate {
  move: ReunionMove;
  /** Set `into` to `base` with the move made. */
  apply: (into: DealSim, base: DealSim) => void;
}

/**
 * The card plays worth comparing: one card of each group of equivalent cards (same effective suit and card
 * points, with only played cards between them in rank, so playing one or the other leads to the same deal).
 * The easy player's card comes first (it wins ties) and stands for its group.
 */
export function distinctPlays(view: ReunionView, k: Knowledge, first: ReunionMove): ReunionMove[] {
  const t = k.t;
  const legal = new Map<number, ReunionMove>();
  for (const m of view.legal) if (m.type === 'play') legal.set(cardIndex(m.card), m);
  const firstIndex = first.type === 'play' ? cardIndex(first.card) : -1;
  const out: ReunionMove[] = [first];
  for (const order of t.bySuitHighToLow) {
    let group: number[] = [];
    const close = () => {
      if (group.length && !group.includes(firstIndex)) out.push(legal.get(group[group.length - 1]!) as ReunionMove);
      group = [];
    };
    for (const c of order) {
      if (k.played & (1 << c)) continue;
      if (!legal.has(c)) close();
      else {
        if (group.length && t.points[group[0]!] !== t.points[c]) close();
        group.push(c);
      }
    }
    close();
  }
  return out;
}

/** Move card `c` from `from` to `to` in a deal model's hands. */
function hand(s: DealSim, c: number, from: number, to: number): void {
  s.hands[from] = s.hands[from]! & ~(1 << c);
  s.hands[to] = s.hands[to]! | (1 << c);
}

/**
 * The Staubaus exchange (§ Variants), as candidates: naming (every legal name, each followed by the give-back of
 * ./staubaus.ts) or giving back (every card of the hand, to the seat that handed over the named card).
 */
function exchangeCandidates(view: ReunionView, k: Knowledge): Candidate[] {
  return (view.phase === 'name' ? safeNames(view) : view.legal).flatMap((move) => exchangeCandidate(view, k, move) ?? []);
}

/** One naming or giving back as a candidate (see `exchangeCandidates`); null for any other move. */
function exchangeCandidate(view: ReunionView, k: Knowledge, move: ReunionMove): Candidate | null {
  const me = k.me;
  if (move.type === 'name') {
    const c = cardIndex(move.card);
    const apply = (s: DealSim, base: DealSim) => {
      copySim(s, base);
      const holder = s.hands[(me + 1) % 3]! & (1 << c) ? (me + 1) % 3 : (me + 2) % 3;
      hand(s, c, holder, me);
      hand(s, giveBackCard(s.t, s.hands[me]!), me, holder);
    };
    return { move, apply };
  }
  if (move.type === 'giveBack') {
    const c = cardIndex(move.card);
    const holder = view.staubaus?.holder ?? (me + 1) % 3;
    return { move, apply: (s, base) => (copySim(s, base), hand(s, c, me, holder)) };
  }
  return null;
}

/** The dealer's discard of `move` as a candidate. */
function discardCandidate(k: Knowledge, move: ReunionMove & { type: 'discard' }): Candidate {
  const pair = (1 << cardIndex(move.cards[0])) | (1 << cardIndex(move.cards[1]));
  return {
    move,
    apply: (s, base) => {
      copySim(s, base);
      s.hands[k.me] = s.hands[k.me]! & ~pair;
      s.points[k.me]! += maskPoints(k.t, pair);
      s.cardsLeft -= 2;
      s.toPlay = (k.dealer + 1) % 3;
    },
  };
}

/** Playing the card of `move` as a candidate. */
function playCandidate(move: ReunionMove): Candidate {
  return {
    move,
    apply: (s, base) => {
      copySim(s, base);
      if (move.type === 'play') playCard(s, cardIndex(move.card));
    },
  };
}

function candidatesOf(view: ReunionView, k: Knowledge, shortlist: number): Candidate[] {
  if (view.phase === 'name' || view.phase === 'giveBack') return exchangeCandidates(view, k);
  if (view.phase === 'discard') {
    return rankDiscards(view)
      .slice(0, shortlist)
      .map(({ move }) => discardCandidate(k, move as ReunionMove & { type: 'discard' }));
  }
  const first = easyPolicy(view, { seed: '', budgetMs: 0, now: () => 0 });
  return distinctPlays(view, k, first).map(playCandidate);
}

/** `move` as a candidate of the view's phase; null when the phase has no candidates of its kind. */
function candidateOf(view: ReunionView, k: Knowledge, move: ReunionMove): Candidate | null {
  if (move.type === 'discard') return discardCandidate(k, move);
  if (move.type === 'play') return playCandidate(move);
  return exchangeCandidate(view, k, move);
}

/** Samples between two checks for candidates that are clearly worse than the best (then dropped). */
const PRUNE_EVERY = 12;
/** A candidate is dropped when its mean paired difference to the best is this many standard errors below zero. */
const PRUNE_Z = 3;

/**
 * Mean value per candidate over up to `samples` determinizations, stopping early at the budget. Candidates
 * clearly worse than the best (paired over the same deals) stop being sampled; they are left out of the result.
 * `table` is the seat's view (3 to 5 seats; the deal is searched as a three-seat one).
 */
export function searchValues(
  table: ReunionView,
  ctx: DecisionContext,
  opts: StrongOptions = {},
): { moves: ReunionMove[]; values: number[]; samplesDone: number } {
  return valuesOf(table, ctx, opts, null);
}

/**
 * The strong player's scoring of one decision for a review (src/review): the mean value in units of each candidate
 * move over the same sampled deals, `played` always among them (added when it is not a candidate), none dropped.
 * Card plays, the discard and the Staubaus exchange; null in the announcements (./announce.ts decides those).
 */
export function scoreMoves(
  table: ReunionView,
  played: ReunionMove,
  ctx: DecisionContext,
  opts: StrongOptions = {},
): { moves: ReunionMove[]; values: number[]; samplesDone: number } | null {
  if (table.phase === 'announce' || table.legal.length < 2) return null;
  return valuesOf(table, ctx, opts, played);
}

/** `searchValues`, or with `played` set, every candidate and `played` scored without pruning (`scoreMoves`). */
function valuesOf(
  table: ReunionView,
  ctx: DecisionContext,
  opts: StrongOptions,
  played: ReunionMove | null,
): { moves: ReunionMove[]; values: number[]; samplesDone: number } {
  const start = ctx.now();
  const samples = opts.samples ?? DEFAULT_SAMPLES;
  const { view } = compactView(table);
  const k = knowledgeOf(view);
  const candidates = candidatesOf(view, k, opts.discardShortlist ?? DEFAULT_DISCARD_SHORTLIST);
  const extra = played && !candidates.some((c) => JSON.stringify(c.move) === JSON.stringify(played)) ? candidateOf(view, k, played) : null;
  if (extra) candidates.push(extra);
  const standing: Standing = standingOf(table);
  const rng: Rng = fastRng(seededRng(ctx.seed));
  const values = candidates.map(() => new Float64Array(samples));
  let active = candidates.map((_, i) => i);
  const bowerUnits = bowerUnitsOf(view, k);
  let scratch: DealSim | null = null;
  let done = 0;
  for (let i = 0; i < samples; i++) {
    if (ctx.now() - start >= ctx.budgetMs) break;
    const deal = sampleDeal(k, rng);
    if (!deal) break;
    const base = simOf(view, k, bowerUnits, deal.hands, deal.discard);
    const s = (scratch ??= cloneSim(base));
    for (const ci of active) {
      candidates[ci]!.apply(s, base);
      rollout(s);
      values[ci]![i] = evaluateDeal(s, k.me, standing, opts.linear ?? 0);
    }
    done++;
    if (!played && done % PRUNE_EVERY === 0 && active.length > 1) active = prune(values, active, done);
  }
  const mean = (ci: number) => {
    let sum = 0;
    for (let i = 0; i < done; i++) sum += values[ci]![i]!;
    return done ? sum / done : 0;
  };
  return { moves: active.map((ci) => candidates[ci]!.move), values: active.map(mean), samplesDone: done };
}

/** The candidates of `active` not clearly worse than the best one after `n` samples. */
function prune(values: Float64Array[], active: number[], n: number): number[] {
  const sums = active.map((ci) => values[ci]!.subarray(0, n).reduce((a, b) => a + b, 0));
  let best = 0;
  for (let j = 1; j < active.length; j++) if (sums[j]! > sums[best]! + 1e-9) best = j;
  const vb = values[active[best]!]!;
  return active.filter((ci, j) => {
    if (j === best) return true;
    const v = values[ci]!;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const d = v[i]! - vb[i]!;
      sum += d;
      sq += d * d;
    }
    const m = sum / n;
    const se = Math.sqrt(Math.max(0, sq / n - m * m) / (n - 1));
    return m + PRUNE_Z * se >= 0;
  });
}

/** The strong policy with the given settings (see `StrongOptions`); `strongPolicy()` is the registered default. */
export function strongPolicy(opts: StrongOptions = {}): Policy<ReunionView, ReunionMove> {
  return (view, ctx) => {
    if (view.legal.length === 0) throw new Error('no legal move for this seat');
    if (view.legal.length === 1) return view.legal[0] as ReunionMove;
    if (view.phase === 'announce') return announceMove(view, ctx, opts.samples ?? DEFAULT_SAMPLES);
    const { moves, values, samplesDone } = searchValues(view, ctx, opts);
    if (samplesDone === 0) return easyPolicy(view, ctx);
    let best = 0;
    for (let i = 1; i < values.length; i++) if (values[i]! > values[best]! + 1e-9) best = i;
    return moves[best] as ReunionMove;
  };
}
