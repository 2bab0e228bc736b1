/**
 * The strong player: the meld finder's rules in its own hand search (`split`) plus a heuristic evaluation —
 * expected penalty points at risk, where near-melds (pairs of a set, two cards of a run with a gap of at most
 * one, cards that fit a table meld) count by their live outs and jokers are kept. It
 * - draws: takes the pile's top card when that scores better than drawing from the stock, estimated over
 *   `samples` stock cards drawn from the unseen ones (the rules' pick-up limits checked by the engine);
 * - goes out whenever the whole hand can go down this turn (Hand-Rommé included);
 * - holds its first meld back while the deal is calm (no opponent near going out, stock not running low,
 *   hand value not huge) — the hand stays flexible and gives the others nothing to lay off on, and it may
 *   still go out all at once (Hand-Rommé doubles that); once an opponent gets close it melds as soon as it
 *   reaches the minimum, and afterwards melds and lays off what it can, and swaps jokers;
 * - discards the card whose loss costs its hand least, avoiding cards the next seat can use (a lay-off for a
 *   seat that has melded, or a partner of a card it took from the pile), never a joker by choice.
 * Rule source: docs/rules/romme.md (§ A turn, § Melds, § First meld, § Joker swap, § Going out).
 */
import { type CardId, handValue, isJoker } from '../../games/romme/pack.ts';
import { type Rng, seededRng } from '../../cards/random.ts';
import { legalMoves } from '../../games/romme/legal.ts';
import { isTakenCard } from '../../games/romme/turn-steps.ts';
import type { Group, RommeMove, RommeState, RommeView } from '../../games/romme/types.ts';
import type { DecisionContext, Policy } from '../types.ts';
import { easyMove } from './easy.ts';
import { type Knowledge, WEIGHTS, coverCosts, evalCosts, knowledgeOf, unseenPool } from './knowledge.ts';
import { type Split, meldCards, natOf, split, splitMeldValue } from './partition.ts';
import { isLegal, standIn } from './table.ts';

/** Stock cards sampled to value a blind draw against the pile's top card. */
export const DEFAULT_SAMPLES = 12;

/** Strong-player settings (for tests and the tournament). */
export interface StrongOptions {
  /** Stock cards sampled per draw decision (default `DEFAULT_SAMPLES`). */
  samples?: number;
}

/**
 * When to hold back the first meld: while urgency (see knowledge.ts) is under `holdCalm` and the hand's penalty
 * under `holdUnder`; with Hand-Rommé also while at most 3 cards would stay in hand. `later`: also hold later
 * melds while calm (measured no better; off). Tuned against the easy player (−34 → −42 penalty points a game).
 */
export const HOLD = { holdUnder: 200, holdCalm: 0.4, later: false };

/** Penalty-point surcharges on discards that help the next seat, and on giving away a joker. */
export const DISCARD_RISK = { layOff: 3, collects: 4, joker: 60, takeMargin: 1 };

/** Score of a hand for the seat (lower is better): the split's cost plus what the first meld still lacks. */
export function handScore(hand: readonly CardId[], k: Knowledge): number {
  const sp = split(hand, evalCosts(k));
  return sp.cost + (k.melded ? 0 : WEIGHTS.missingMinimum * Math.max(0, k.minimum - splitMeldValue(sp)));
}

/** Surcharge for discarding `card`: it helps the next seat, or it is a joker. */
export function discardRisk(card: CardId, k: Knowledge): number {
  if (isJoker(card)) return DISCARD_RISK.joker;
  const n = natOf(card);
  let risk = k.nextMelded && k.fits[n] ? DISCARD_RISK.layOff : 0;
  const r = n % 13;
  const s = Math.floor(n / 13);
  if (k.nextCollects.some((c) => (c % 13 === r && Math.floor(c / 13) !== s) || (Math.floor(c / 13) === s && c !== n && Math.abs((c % 13) - r) <= 2)))
    risk += DISCARD_RISK.collects;
  return risk;
}

const without = (hand: readonly CardId[], card: CardId): CardId[] => {
  const i = hand.indexOf(card);
  return i < 0 ? hand.slice() : [...hand.slice(0, i), ...hand.slice(i + 1)];
};

/** Discards of `hand` ranked best first: hand score after it plus its risk (`keep`: the card taken from the pile, which may not go, nor its twin). */
export function rankDiscards(hand: readonly CardId[], k: Knowledge, keep: CardId | null = null): { card: CardId; score: number }[] {
  const seen = new Set<string>();
  const out: { card: CardId; score: number }[] = [];
  for (const card of hand) {
    const label = card.slice(0, card.indexOf('/'));
    if (isTakenCard(keep, card) || seen.has(label)) continue;
    seen.add(label);
    out.push({ card, score: handScore(without(hand, card), k) + discardRisk(card, k) });
  }
  return out.sort((a, b) => a.score - b.score || (a.card < b.card ? -1 : 1));
}

/** Draw decision: the pile's top card when it beats the sampled value of a stock card. */
function chooseDraw(view: RommeView, ctx: DecisionContext, samples: number, state: RommeState): RommeMove {
  const stock: RommeMove = { type: 'draw', from: 'stock' };
  const top = view.discardTop;
  const take: RommeMove = { type: 'draw', from: 'discard' };
  if (!top || !isLegal(view, take, state)) return stock;
  const start = ctx.now();
  const k = knowledgeOf(view);
  const hand = view.hand;
  const taken = rankDiscards([...hand, top], k, top)[0];
  if (!taken) return stock;
  const current = rankDiscards(hand, k).slice(0, 3);
  const pool = unseenPool(k);
  if (pool.length === 0) return taken.score + DISCARD_RISK.takeMargin < (current[0]?.score ?? Infinity) ? take : stock;
  const rng: Rng = seededRng(ctx.seed);
  const keepDrawn = handScore(hand, k);
  let total = 0;
  let n = 0;
  for (let i = 0; i < samples; i++) {
    if (ctx.now() - start >= ctx.budgetMs) break;
    const card = pool[Math.floor(rng() * pool.length)] as CardId;
    const h = [...hand, card];
    let best = keepDrawn + discardRisk(card, k);
    for (const d of current) best = Math.min(best, handScore(without(h, d.card), k) + discardRisk(d.card, k));
    total += best;
    n++;
  }
  if (n === 0) return stock;
  return taken.score + DISCARD_RISK.takeMargin < total / n ? take : stock;
}

/** The meld groups of a split's melds (runs name their start). */
function groupsOf(sp: Split, melds = sp.melds): Group[] {
  const jokers = sp.jokers.slice();
  return melds.map((m) => {
    const cards = meldCards(m, sp.naturals, jokers);
    return m.kind === 'run' ? { cards, start: m.start } : { cards };
  });
}

const placed = (m: RommeMove): number =>
  m.type === 'meld'
    ? m.groups.reduce((t, g) => t + g.cards.length, 0)
    : m.type === 'swap'
      ? m.naturals.length + m.cards.length
      : m.type === 'layOff'
        ? 1
        : 0;

/** Play-phase decision: go out, swap, meld, lay off, or discard. */
function choosePlay(view: RommeView, state: RommeState): RommeMove {
  const seat = view.seat ?? view.turn;
  const legal = legalMoves(state, seat);
  const ok = (m: RommeMove) => isLegal(view, m, state);
  const k = knowledgeOf(view);
  const hand = view.hand;
  const layNow = view.mayLayOff;
  const mustUse = view.options.discardPickupMustBeMelded && view.takenFromDiscard !== null && hand.includes(view.takenFromDiscard);
  const layOffOf = (cards: readonly CardId[], jokersToo: boolean): RommeMove | undefined =>
    legal.find((m) => m.type === 'layOff' && (cards.includes(m.card) || (jokersToo && isJoker(m.card))));

  // Going out this turn: everything but at most one card goes down.
  const cover = split(hand, coverCosts(k, layNow));
  const goingOut = cover.cost <= 1 && !(cover.cost === 1 && hand.length === 1 && isTakenCard(view.takenFromDiscard, hand[0] as CardId));
  if (goingOut) {
    if (cover.melds.length > 0) {
      const m: RommeMove = { type: 'meld', groups: groupsOf(cover) };
      if (ok(m)) return m;
    }
    const lay = layOffOf(
      cover.laid.map((i) => cover.naturals[i] as CardId),
      cover.jokersLeft > 0,
    );
    if (lay) return lay;
  }

  // Joker swaps: the freed joker melds at once; take the one that places most cards.
  const swaps = legal.filter((m) => m.type === 'swap');
  if (swaps.length > 0) return swaps.reduce((a, b) => (placed(b) > placed(a) ? b : a));

  const sp = split(hand, evalCosts(k));
  let meld: RommeMove | undefined;
  if (!k.melded) {
    const calm = !mustUse && k.urgency < HOLD.holdCalm && view.stockSize > 2 * view.seats;
    const penalty = hand.reduce((t, c) => t + handValue(c, k.jokerValue), 0);
    const hold = calm && ((view.options.handRomme && cover.cost <= 3) || penalty < HOLD.holdUnder);
    if (!hold) {
      const mine: RommeMove = { type: 'meld', groups: groupsOf(sp) };
      if (sp.melds.length > 0 && splitMeldValue(sp) >= k.minimum && ok(mine)) meld = mine;
      else meld = legal.find((m) => m.type === 'meld');
    }
  } else if (sp.melds.length > 0 && !(HOLD.later && !mustUse && k.urgency < HOLD.holdCalm && view.stockSize > 2 * view.seats)) {
    const mine: RommeMove = { type: 'meld', groups: groupsOf(sp) };
    if (ok(mine)) meld = mine;
  }
  if (meld) return meld;
  if (layNow) {
    const keepJoker = sp.partials.length > 0 && hand.length > 3 && k.urgency < 0.5;
    const lay = layOffOf(
      hand.filter((c) => !isJoker(c)),
      !keepJoker,
    );
    if (lay) return lay;
  }
  if (mustUse) {
    const using = legal.filter((m) => m.type !== 'discard');
    if (using.length > 0) return using.reduce((a, b) => (placed(b) > placed(a) ? b : a));
  }
  const discards = new Set(legal.filter((m) => m.type === 'discard').map((m) => (m as { card: CardId }).card));
  const best = rankDiscards(hand, k, view.takenFromDiscard).find((d) => discards.has(d.card));
  if (best) return { type: 'discard', card: best.card };
  return legal[0] as RommeMove;
}

/** The strong policy (a factory: `samples` stock cards per draw decision). Always returns a legal move. */
export function strongPolicy(options: StrongOptions = {}): Policy<RommeView, RommeMove> {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  return (view, ctx) => {
    const state = standIn(view);
    const move = view.phase === 'draw' ? chooseDraw(view, ctx, samples, state) : choosePlay(view, state);
    if (isLegal(view, move, state)) return move;
    return easyMove(view);
  };
}
