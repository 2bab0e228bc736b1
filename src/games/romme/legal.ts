/**
 * Legality for Rommé: what a seat may do now — draw, meld (with the first-meld minimum), lay off, swap a
 * joker, discard — and the moves and lay-off and swap choices the engine offers. The only place rules about
 * what may be played live; `apply` checks every move here first.
 * Rule source: docs/rules/romme.md § A turn, § Melds, § First meld, § Joker swap.
 */
import { type CardId, isJoker, labelOf, rankNumber } from './cards.ts';
import { without } from '../immutable.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { bestMelds, findLayOffs, findMelds } from './finder.ts';
import { type Reading, layOff, meldReadings, readings, readingValue, swapJoker, whyNotMeld } from './melds.ts';
import type { Group, LayOffChoice, RommeMove, RommeOptions, RommeRefusal, RommeState, RommeView } from './types.ts';

/**
 * A joker swap the selection allows: `naturals` replace the joker(s) of meld `meld`, which go with `cards` into
 * the new meld read as `reading` (`start` names a run's place for the move).
 */
export interface SwapChoice {
  meld: number;
  naturals: CardId[];
  cards: CardId[];
  reading: Reading;
  start?: number;
}

const refuse = (code: RommeRefusal, vars?: IllegalReason['vars']): IllegalReason => (vars ? { code, vars } : { code });

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
function leavesPlayable(s: RommeState, hand: readonly CardId[]): boolean {
  return hand.length === 0 || hand.some((c) => !isTakenCard(s.takenFromDiscard, c));
}

/**
 * Check and compute a meld move: every group a valid meld, all cards in hand and distinct, the first-meld
 * minimum (unless the player goes out with it), and with the pick-up option the taken card used first.
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
  if (mustUseTaken(s, seat) && !all.includes(s.takenFromDiscard as CardId)) return refuse('use_taken', { card: s.takenFromDiscard as CardId });
  return { readings: rs, value, hand: rest };
}

/** With the pick-up option: the card taken from the pile is still in hand and must be used first. */
const mustUseTaken = (s: RommeState, seat: Seat): boolean =>
  s.options.discardPickupMustBeMelded && s.takenFromDiscard !== null && (s.hands[seat] as CardId[]).includes(s.takenFromDiscard);

/** Check a move by `seat`; null if legal. Shape, turn and phase are checked first. */
export function checkMove(s: RommeState, seat: Seat, move: RommeMove): IllegalReason | null {
  const m = move as Partial<Record<string, unknown>> | null;
  if (s.phase === 'over') return refuse('game_over');
  if (!m || typeof m.type !== 'string') return refuse('unknown_move');
  if (seat !== s.turn) return refuse('not_your_turn');
  const hand = s.hands[seat] as CardId[];
  if (m.type === 'draw') {
    if (s.phase !== 'draw') return refuse('already_drawn');
    if (m.from === 'discard') {
      const top = s.discardPile[s.discardPile.length - 1];
      if (!top) return refuse('empty_pile');
      if (hand.every((c) => isTakenCard(top, c))) return refuse('pickup_no_discard', { card: top });
      if (s.options.discardPickupMustBeMelded && !usable(s, seat, top)) return refuse('unusable_pickup', { card: top });
      return null;
    }
    return m.from === 'stock' ? null : refuse('unknown_move');
  }
  if (s.phase === 'draw') return refuse('draw_first');
  switch (m.type) {
    case 'meld': {
      const plan = planMeld(s, seat, m.groups as Group[]);
      return isReason(plan) ? plan : null;
    }
    case 'layOff': {
      if (!s.hasMelded[seat] || s.firstMeldThisTurn) return refuse('lay_off_first_meld');
      const card = m.card as CardId;
      if (!hand.includes(card)) return refuse('not_in_hand');
      const meld = s.melds.find((x) => x.no === m.meld);
      if (!meld) return refuse('no_meld', { meld: String(m.meld) });
      if (!layOff(meld, card, s.options, m.end as 'low' | 'high' | undefined))
        return refuse(isJoker(card) && !m.end ? 'no_fit_end' : 'no_fit', { card, meld: meld.no });
      if (!leavesPlayable(s, without(hand, card))) return refuse('keep_discard');
      if (mustUseTaken(s, seat) && card !== s.takenFromDiscard) return refuse('use_taken', { card: s.takenFromDiscard as CardId });
      return null;
    }
    case 'swap': {
      if (!s.meldedBeforeTurn) return refuse('swap_first_meld');
      const naturals = m.naturals as CardId[];
      const cards = m.cards as CardId[];
      if (!Array.isArray(naturals) || !Array.isArray(cards)) return refuse('unknown_move');
      if ([...naturals, ...cards].some((c) => !hand.includes(c)) || new Set([...naturals, ...cards]).size !== naturals.length + cards.length)
        return refuse('not_in_hand');
      const meld = s.melds.find((x) => x.no === m.meld);
      if (!meld) return refuse('no_meld', { meld: String(m.meld) });
      const swapped = swapJoker(meld, naturals, s.options.strictSetSwap);
      if (!swapped) return refuse(s.options.strictSetSwap && meld.kind === 'set' ? 'no_swap_strict' : 'no_swap', { meld: meld.no });
      if (mustUseTaken(s, seat) && ![...naturals, ...cards].includes(s.takenFromDiscard as CardId))
        return refuse('use_taken', { card: s.takenFromDiscard as CardId });
      const group = resolve({ cards: [...swapped.freed, ...cards], start: m.start as number | undefined }, s.options);
      if (isReason(group)) return group.code === 'ambiguous_joker' ? group : refuse('swap_no_meld', { why: group.code });
      if (
        !leavesPlayable(
          s,
          hand.filter((c) => !naturals.includes(c) && !cards.includes(c)),
        )
      )
        return refuse('keep_discard');
      return null;
    }
    case 'discard': {
      const card = m.card as CardId;
      if (!hand.includes(card)) return refuse('not_in_hand');
      if (isTakenCard(s.takenFromDiscard, card)) return refuse('discard_taken');
      if (mustUseTaken(s, seat)) return refuse('use_taken', { card: s.takenFromDiscard as CardId });
      return null;
    }
    default:
      return refuse('unknown_move');
  }
}

/** Whether `card` could be melded or laid off by `seat` this turn if taken (for the pick-up option). */
function usable(s: RommeState, seat: Seat, card: CardId): boolean {
  const hand = takenFirst([...(s.hands[seat] as CardId[]), card], card);
  const melds = findMelds(hand, s.options).filter((f) => f.cards.includes(card));
  if (s.hasMelded[seat]) return melds.length > 0 || findLayOffs([card], s.melds, s.options).length > 0;
  const best = bestMelds(hand, s.options);
  return best.value >= s.options.firstMeldMinimum && best.melds.some((f) => f.cards.includes(card));
}

/**
 * `hand` with `taken` (the card taken from the pile) first: the finders use the first copy of each label and
 * the first jokers, so with the pick-up option they then propose the card that must be used, not its twin.
 */
const takenFirst = (hand: readonly CardId[], taken: CardId | null): CardId[] =>
  taken !== null && hand.includes(taken) ? [taken, ...hand.filter((c) => c !== taken)] : hand.slice();

/**
 * Legal moves for `seat`: the draws; then the melds the finder proposes (the best first meld if it reaches
 * the minimum, or any single meld after it), every lay-off, joker swaps whose joker melds at once with the
 * hand, and every allowed discard. Melds are the finder's proposals, not every possible grouping.
 */
export function legalMoves(s: RommeState, seat: Seat): RommeMove[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  const ok = (m: RommeMove) => checkMove(s, seat, m) === null;
  if (s.phase === 'draw')
    return (
      [
        { type: 'draw', from: 'stock' },
        { type: 'draw', from: 'discard' },
      ] as RommeMove[]
    ).filter(ok);
  const hand = takenFirst(s.hands[seat] as CardId[], s.takenFromDiscard);
  const moves: RommeMove[] = [];
  const group = (r: Reading): Group => (r.kind === 'run' ? { cards: r.cards, start: r.start } : { cards: r.cards });
  if (!s.hasMelded[seat]) {
    const best = bestMelds(hand, s.options);
    if (best.melds.length) moves.push({ type: 'meld', groups: best.melds.map(group) });
  } else for (const f of findMelds(hand, s.options)) moves.push({ type: 'meld', groups: [group(f)] });
  for (const l of findLayOffs(hand, s.melds, s.options)) moves.push({ type: 'layOff', meld: l.meld, card: l.card, ...(l.end ? { end: l.end } : {}) });
  if (s.meldedBeforeTurn)
    for (const meld of s.melds)
      for (const natural of hand) {
        if (isJoker(natural)) continue;
        const swapped = swapJoker(meld, [natural], false);
        if (!swapped) continue;
        const rest = hand.filter((c) => c !== natural);
        for (const f of findMelds([...swapped.freed, ...rest], s.options))
          if (swapped.freed.every((j) => f.cards.includes(j)))
            moves.push({
              type: 'swap',
              meld: meld.no,
              naturals: [natural],
              cards: f.cards.filter((c) => !swapped.freed.includes(c)),
              ...(f.kind === 'run' ? { start: f.start } : {}),
            });
      }
  for (const card of new Set(hand)) moves.push({ type: 'discard', card });
  return moves.filter(ok);
}

/**
 * Every lay-off `seat` may make now, card by card of its hand (both copies of a card, each joker), meld by meld;
 * a joker on a run names the end it goes to. Empty when the seat may not lay off now.
 */
export function layOffChoices(s: RommeState, seat: Seat): LayOffChoice[] {
  if (s.phase !== 'play' || seat !== s.turn || !s.hasMelded[seat] || s.firstMeldThisTurn) return [];
  const out: LayOffChoice[] = [];
  for (const card of s.hands[seat] as CardId[])
    for (const meld of s.melds) {
      const ends = isJoker(card) && meld.kind === 'run' ? (['low', 'high'] as const) : [undefined];
      for (const end of ends) {
        const move: RommeMove = { type: 'layOff', meld: meld.no, card, ...(end ? { end } : {}) };
        if (checkMove(s, seat, move) === null) out.push({ card, meld: meld.no, ...(end ? { end } : {}) });
      }
    }
  return out;
}

/**
 * The joker swaps `selected` (cards of the hand in `view`) allows: selected natural card(s) replace a joker in a
 * meld — one card, or under strict set swap every selected card of the set's rank — and the freed joker(s) meld
 * with the other selected cards, one choice per way that new meld can be read (a run names its `start`).
 * Empty when the seat may not swap now.
 */
export function swapChoices(view: RommeView, selected: readonly CardId[]): SwapChoice[] {
  if (!view.maySwap) return [];
  const out: SwapChoice[] = [];
  for (const meld of view.melds) {
    const strictSet = meld.kind === 'set' && view.options.strictSetSwap;
    const naturalsOf = selected.filter((c) => !isJoker(c));
    const choices = strictSet ? [naturalsOf.filter((c) => rankNumber(c) === meld.rank)] : naturalsOf.map((c) => [c]);
    for (const naturals of choices) {
      const swapped = naturals.length ? swapJoker(meld, naturals, view.options.strictSetSwap) : null;
      if (!swapped) continue;
      const cards = selected.filter((c) => !naturals.includes(c));
      for (const reading of meldReadings([...swapped.freed, ...cards], view.options))
        out.push({ meld: meld.no, naturals, cards, reading, ...(reading.kind === 'run' ? { start: reading.start } : {}) });
    }
  }
  return out;
}
