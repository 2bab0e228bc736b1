/**
 * What the seat to move knows about the cards (from its view only): which natural cards are still live (not
 * in its hand, on the table, on top of the pile or taken from the pile by another seat), which fit a meld on
 * the table, how close the others are to going out, and the cost model built from that for `split`.
 * Rule source: docs/rules/romme.md § A turn (public information), § Melds, § Card values.
 */
import { type CardId, isJoker } from '../../games/romme/pack.ts';
import { layOff } from '../../games/romme/melds.ts';
import type { Meld, RommeView } from '../../games/romme/types.ts';
import { type Costs, type Nat, natOf, penaltyOf } from './partition.ts';

/** Tunable weights of the hand evaluation (penalty-point units). */
export const WEIGHTS = {
  /** Completion chance per live out of a near-meld, and its cap. */
  perOut: 0.11,
  maxChance: 0.7,
  /** A live joker counts as this many outs for every near-meld. */
  jokerOut: 0.5,
  /** Share of its penalty a card that fits the table still risks before the first meld. */
  layBeforeMeld: 0.3,
  /** Cost of a spare joker in hand (plus a share of its penalty as the others near the end). */
  jokerLeft: 2,
  /** Per point still missing to the first-meld minimum. */
  missingMinimum: 0.12,
};

/** Public knowledge of the seat to move. */
export interface Knowledge {
  seat: number;
  melded: boolean;
  jokerValue: number;
  minimum: number;
  /** Natural cards that fit a table meld now (by index). */
  fits: boolean[];
  jokerFits: boolean;
  /** Copies of each natural card not seen anywhere (0–2). */
  unseen: number[];
  unseenJokers: number;
  /** 0 (no hurry) … 1 (an opponent is about to go out): how much near-melds are still worth waiting for. */
  urgency: number;
  /** Cards (by index) the next seat is known to collect: taken from the pile and not melded since. */
  nextCollects: Nat[];
  nextMelded: boolean;
}

/**
 * Build the seat's knowledge from its view. Seen: its hand, the table's melds, the pile's top, and the cards
 * other seats took from the pile and have not melded (they hold them, or discarded them again under the top).
 */
export function knowledgeOf(view: RommeView): Knowledge {
  const seat = view.seat ?? view.turn;
  const unseen = new Array<number>(52).fill(2);
  let unseenJokers = view.options.jokers;
  const seen = new Set<CardId>();
  const see = (c: CardId) => {
    if (seen.has(c)) return;
    seen.add(c);
    if (isJoker(c)) unseenJokers--;
    else unseen[natOf(c)]!--;
  };
  const onTable = new Set<CardId>(view.melds.flatMap((m) => m.cards));
  for (const c of view.hand) see(c);
  for (const c of onTable) see(c);
  if (view.discardTop && !view.hand.includes(view.discardTop)) see(view.discardTop);
  view.pileTaken.forEach((cards, s) => {
    if (s !== seat) for (const c of cards) if (!onTable.has(c) && c !== view.discardTop) see(c);
  });
  for (let i = 0; i < 52; i++) unseen[i] = Math.max(0, unseen[i]!);
  const fits = new Array<boolean>(52).fill(false);
  for (const m of view.melds) for (const n of fitting(m, view.options.aroundTheCorner)) fits[n] = true;
  const jokerFits = view.melds.some((m) => layOff(m, 'Joker/9', view.options, 'high') || layOff(m, 'Joker/9', view.options, 'low'));
  const next = (seat + 1) % view.seats;
  const nextCollects = (view.pileTaken[next] ?? []).filter((c) => !onTable.has(c) && !isJoker(c)).map(natOf);
  return {
    seat,
    melded: !!view.hasMelded[seat],
    jokerValue: view.options.jokerValue,
    minimum: view.options.firstMeldMinimum,
    fits,
    jokerFits,
    unseen,
    unseenJokers: Math.max(0, unseenJokers),
    urgency: urgencyOf(view, seat),
    nextCollects,
    nextMelded: !!view.hasMelded[next],
  };
}

/** Natural cards (by index) that could be laid off on `meld`: a missing suit of a set, the card at either end of a run. */
export function fitting(meld: Meld, aroundTheCorner: boolean): Nat[] {
  if (meld.kind === 'set') {
    if (meld.cards.length >= 4) return [];
    const suits = new Set(meld.cards.filter((c) => !isJoker(c)).map((c) => Math.floor(natOf(c) / 13)));
    return [0, 1, 2, 3].filter((s) => !suits.has(s)).map((s) => s * 13 + meld.rank - 1);
  }
  const suit = ['♣', '♠', '♥', '♦'].indexOf(meld.suit);
  const end = meld.start + meld.cards.length; // the position above the run
  const out: Nat[] = [];
  const at = (p: number) => suit * 13 + ((p - 1) % 13);
  if (meld.cards.length < (aroundTheCorner ? 13 : 14)) {
    if (meld.start > 1) out.push(at(meld.start - 1));
    else if (aroundTheCorner) out.push(at(13));
    if (end <= 14 || aroundTheCorner) out.push(at(end));
  }
  return out;
}

/** How near the deal's end is: the fewest cards a melded opponent holds, and the stock running out. */
export function urgencyOf(view: RommeView, seat: number): number {
  let u = 0;
  view.handSizes.forEach((size, s) => {
    if (s === seat) return;
    const melded = view.hasMelded[s];
    const v = melded ? (size <= 2 ? 0.85 : size <= 4 ? 0.55 : size <= 6 ? 0.3 : 0.1) : size <= 3 ? 0.3 : 0;
    u = Math.max(u, v);
  });
  if (view.stockSize < 2 * view.seats) u = Math.max(u, 0.5);
  return u;
}

/** The evaluation cost model: expected penalty at risk. */
export function evalCosts(k: Knowledge): Costs {
  const keep = 1 - k.urgency;
  return {
    loose: penaltyOf,
    lay: (n) => (k.melded ? 0 : penaltyOf(n) * WEIGHTS.layBeforeMeld),
    partial: (a, b, outs) => (penaltyOf(a) + penaltyOf(b)) * (1 - Math.min(WEIGHTS.maxChance, outs * WEIGHTS.perOut) * keep),
    jokerLeft: WEIGHTS.jokerLeft + (k.melded && k.jokerFits ? 0 : k.jokerValue * 0.5 * k.urgency),
    fits: (n) => !!k.fits[n],
    live: (n) => k.unseen[n] ?? 0,
    liveJokers: k.unseenJokers * WEIGHTS.jokerOut,
  };
}

/**
 * The coverage cost model: 1 per card that cannot go down this turn (melds always; lay-offs and spare jokers
 * only when `layNow`), so a split of cost ≤ 1 means the hand can go out.
 */
export function coverCosts(k: Knowledge, layNow: boolean): Costs {
  return {
    loose: () => 1,
    lay: () => (layNow ? 0 : 1),
    partial: () => 2,
    jokerLeft: layNow && k.jokerFits ? 0 : 1,
    fits: (n) => !!k.fits[n],
    live: () => 0,
    liveJokers: 0,
  };
}

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_LABELS = ['♣', '♠', '♥', '♦'];

/**
 * The unseen cards (stock, other hands, pile below the top) as card ids, to sample stock draws from. The ids
 * are stand-ins (`7♥/s0`): the view cannot say which copy is where, only how many are unseen.
 */
export function unseenPool(k: Knowledge): CardId[] {
  const pool: CardId[] = [];
  k.unseen.forEach((n, i) => {
    for (let c = 0; c < n; c++) pool.push(`${RANK_LABELS[i % 13]}${SUIT_LABELS[Math.floor(i / 13)]}/s${c}`);
  });
  for (let j = 0; j < k.unseenJokers; j++) pool.push(`Joker/s${j}`);
  return pool;
}
