/**
 * The steps of a Rommé turn that legality (./legal.ts) builds on: a group resolved to its reading, a meld move
 * checked and planned (the first-meld minimum, a card left to discard), and the state after a meld, lay-off or swap.
 * Rule source: docs/rules/romme.md § A turn, § Melds, § First meld, § Joker swap.
 */
import { type CardId, labelOf } from './pack.ts';
import { replaced, without } from '../immutable.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { type Reading, layOff, readings, meldReadings, readingValue, swapJoker, toMeld, whyNotMeld } from './melds.ts';
import type { Group, Meld, RommeMove, RommeOptions, RommeRefusal, RommeState } from './types.ts';

/** A refusal with its code and, if any, its message variables. */
export const refuse = (code: RommeRefusal, vars?: IllegalReason['vars']): IllegalReason => (vars ? { code, vars } : { code });

/** Whether `x` is a refusal (not a computed plan or reading). */
export const isReason = (x: unknown): x is IllegalReason => typeof x === 'object' && x !== null && 'code' in x;

/**
 * Resolve a group to its reading: the one starting at `group.start`, else the only one (`meldReadings`: a run of
 * natural cards has its best reading, never an open joker).
 */
export function resolve(group: Group, options: RommeOptions): Reading | IllegalReason {
  const all = readings(group.cards, options);
  if (all.length === 0) return whyNotMeld(group.cards);
  const chosen = all.find((r) => r.kind === 'run' && r.start === group.start);
  if (chosen) return chosen;
  const open = meldReadings(group.cards, options);
  return open.length === 1 ? (open[0] as Reading) : refuse('ambiguous_joker');
}

/**
 * Whether `card` may not be discarded this turn: the card just taken from the pile, or its identical twin (cards
 * are compared by label, so the other 7♥, or any joker after a joker was taken).
 */
export const isTakenCard = (taken: CardId | null, card: CardId): boolean => taken !== null && labelOf(card) === labelOf(taken);

/** A hand that must still be discarded from may not be left holding only the card just taken from the pile (or its twin). */
export function leavesPlayable(s: RommeState, hand: readonly CardId[]): boolean {
  return hand.length === 0 || hand.some((c) => !isTakenCard(s.takenFromDiscard, c));
}

/**
 * Check and compute a meld move: every group a valid meld, all cards in hand and distinct, the first-meld
 * minimum (unless the player goes out with it), and a card left to discard (not the card taken from the pile or its twin).
 */
export function planMeld(
  s: RommeState,
  seat: Seat,
  groups: readonly Group[],
): { readings: Reading[]; value: number; hand: CardId[] } | IllegalReason {
  if (!Array.isArray(groups) || groups.length === 0) return refuse('no_cards');
  const hand = s.hands[seat] as CardId[];
  const all = groups.flatMap((g) => (Array.isArray(g?.cards) ? g.cards : [null]));
  if (all.some((c) => typeof c !== 'string' || !hand.includes(c))) return refuse('not_in_hand');
  if (new Set(all).size !== all.length) return refuse('card_twice');
  const rs: Reading[] = [];
  for (const g of groups) {
    const r = resolve(g, s.options);
    if (isReason(r)) return r;
    rs.push(r);
  }
  const value = rs.reduce((t, r) => t + readingValue(r), 0);
  const rest = hand.filter((c) => !all.includes(c));
  const goingOut = rest.length === 0 || (rest.length === 1 && !isTakenCard(s.takenFromDiscard, rest[0] as CardId));
  if (!s.hasMelded[seat] && !goingOut && value < s.options.firstMeldMinimum)
    return refuse('first_meld_minimum', { minimum: s.options.firstMeldMinimum, value });
  if (!leavesPlayable(s, rest)) return refuse('keep_discard');
  return { readings: rs, value, hand: rest };
}

/** The state after a meld, lay-off or swap that legality allows (./legal.ts `checkRules`) (hands and melds only; the turn goes on). */
export function step(s: RommeState, seat: Seat, move: RommeMove): RommeState {
  const hand = s.hands[seat] as CardId[];
  if (move.type === 'meld') {
    const plan = planMeld(s, seat, move.groups) as { readings: Reading[]; hand: CardId[] };
    const melds = plan.readings.map((r, i) => toMeld(r, s.melds.length + i + 1, seat));
    const first = !s.hasMelded[seat];
    return {
      ...s,
      melds: [...s.melds, ...melds],
      hands: replaced(s.hands, seat, plan.hand),
      hasMelded: replaced(s.hasMelded, seat, true),
      firstMeldThisTurn: s.firstMeldThisTurn || first,
    };
  }
  const i = s.melds.findIndex((x) => x.no === (move as { meld: number }).meld);
  if (move.type === 'layOff')
    return {
      ...s,
      melds: replaced(s.melds, i, layOff(s.melds[i] as Meld, move.card, s.options, move.end) as Meld),
      hands: replaced(s.hands, seat, without(hand, move.card)),
    };
  const m = move as Extract<RommeMove, { type: 'swap' }>;
  const swapped = swapJoker(s.melds[i] as Meld, m.naturals, s.options.strictSetSwap) as { meld: Meld; freed: CardId[] };
  const reading = resolve({ cards: [...swapped.freed, ...m.cards], start: m.start }, s.options) as Reading;
  return {
    ...s,
    melds: [...replaced(s.melds, i, swapped.meld), toMeld(reading, s.melds.length + 1, seat)],
    hands: replaced(
      s.hands,
      seat,
      hand.filter((c) => !m.naturals.includes(c) && !m.cards.includes(c)),
    ),
  };
}

/** The group a reading was made from (a run keeps its start). */
export const groupOf = (r: Reading): Group => (r.kind === 'run' ? { cards: r.cards, start: r.start } : { cards: r.cards });

/**
 * `hand` with `taken` (the card taken from the pile) first: the finders use the first copy of each label and
 * the first jokers, so with the pick-up option they then propose the card that must be used, not its twin.
 */
export const takenFirst = (hand: readonly CardId[], taken: CardId | null): CardId[] =>
  taken !== null && hand.includes(taken) ? [taken, ...hand.filter((c) => c !== taken)] : hand.slice();
