/**
 * Legality for Rommé: what a seat may do now — draw, meld (with the first-meld minimum), lay off, swap a
 * joker, discard — and the moves and lay-off choices the engine offers (the joker swaps a hand can make are
 * in ./swaps.ts; a meld checked and planned, and the state after a move, in ./turn-steps.ts). The only place rules
 * about what may be played live (with ./turn-steps.ts); `apply` checks every move here first.
 * Rule source: docs/rules/romme.md § A turn, § Melds, § First meld, § Joker swap.
 */
import { type CardId, isJoker, labelOf, suitOfCard } from './pack.ts';
import { replaced, without } from '../immutable.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { type Found, bestMelds, findLayOffs, findMelds } from './finder.ts';
import { layOff, swapJoker } from './melds.ts';
import { groupOf, isReason, isTakenCard, leavesPlayable, planMeld, refuse, resolve, step, takenFirst } from './turn-steps.ts';
import { swapMoves } from './swaps.ts';
import type { Group, LayOffChoice, RommeMove, RommeState, RommeView } from './types.ts';

/** With the pick-up option: the card taken from the pile is still in hand, so it must still be melded or laid off this turn. */
const mustUseTaken = (s: RommeState, seat: Seat): boolean =>
  s.options.discardPickupMustBeMelded && s.takenFromDiscard !== null && (s.hands[seat] as CardId[]).includes(s.takenFromDiscard);

/**
 * Check a move by `seat`; null if legal. Shape, turn and phase are checked first. With the pick-up option, a meld,
 * lay-off or swap that leaves the card taken from the pile in hand is refused when no way is left to place it.
 */
export function checkMove(s: RommeState, seat: Seat, move: RommeMove): IllegalReason | null {
  const reason = checkRules(s, seat, move);
  if (reason || !mustUseTaken(s, seat) || move.type === 'draw' || move.type === 'discard') return reason;
  const after = step(s, seat, move);
  return mustUseTaken(after, seat) && placeTaken(after, seat) === null ? refuse('strands_taken', { card: s.takenFromDiscard as CardId }) : null;
}

/** `checkMove` without the look-ahead for the card taken from the pile. */
function checkRules(s: RommeState, seat: Seat, move: RommeMove): IllegalReason | null {
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

/** Whether `card`, if taken from the pile, could be melded or laid off by `seat` in some way of playing out the turn (the pick-up option). */
function usable(s: RommeState, seat: Seat, card: CardId): boolean {
  const taken: RommeState = { ...s, phase: 'play', hands: replaced(s.hands, seat, [...(s.hands[seat] as CardId[]), card]), takenFromDiscard: card };
  return placeTaken(taken, seat) !== null;
}

/** Search budgets of `placeTaken`: meld combinations tried, and turn states visited after the first meld. */
const PLACE_BUDGET = { combinations: 20_000, states: 300 };

/**
 * With the pick-up option and the card taken from the pile still in `seat`'s hand: the first move of some legal
 * way to play out the turn that melds or lays off that card and then ends the turn (a discard of another card, or
 * going out), or null when there is none. Before the first meld (and in its turn) only melds count: one move of
 * melds that reach the minimum — or leave at most one card to discard, going out below it — with the card in one
 * of them. After an earlier first meld, melds, lay-offs and joker swaps are searched in any order, so the card may
 * also go on a run extended first. The searches are bounded (`PLACE_BUDGET`).
 */
export function placeTaken(s: RommeState, seat: Seat): RommeMove | null {
  const taken = s.takenFromDiscard as CardId;
  if (s.meldedBeforeTurn) return placeByPlay(s, seat, taken);
  const minimum = s.hasMelded[seat] ? 0 : s.options.firstMeldMinimum;
  return placeByMelds(s, seat, taken, minimum);
}

/**
 * `placeTaken` for the seat whose view this is (the hand's suggestions): a move that leads to placing the card it
 * took from the pile, or null when it holds no such card (or the option is off).
 */
export function placeTakenInView(view: RommeView): RommeMove | null {
  const seat = view.seat;
  const taken = view.takenFromDiscard;
  if (seat === null || taken === null || !view.options.discardPickupMustBeMelded || !view.hand.includes(taken)) return null;
  const s = {
    options: view.options,
    seats: view.seats,
    phase: 'play',
    turn: seat,
    hands: view.handSizes.map((_, i) => (i === seat ? view.hand.slice() : [])),
    stock: [],
    discardPile: [],
    melds: view.melds,
    hasMelded: view.hasMelded.slice(),
    meldedBeforeTurn: view.maySwap,
    firstMeldThisTurn: !!view.hasMelded[seat] && !view.mayLayOff,
    takenFromDiscard: taken,
  } as unknown as RommeState;
  return placeTaken(s, seat);
}

/** Melds only: one meld move using `taken` that is legal and leaves a card to discard (or none). */
function placeByMelds(s: RommeState, seat: Seat, taken: CardId, minimum: number): RommeMove | null {
  const hand = takenFirst(s.hands[seat] as CardId[], taken);
  const found = findMelds(hand, s.options).sort((a, b) => b.value - a.value);
  const keyOf = (c: CardId): string => (isJoker(c) ? 'Joker' : labelOf(c));
  const keys = [...new Set(hand.map(keyOf))];
  const slot = new Map(keys.map((k, i) => [k, i]));
  const have = keys.map((k) => hand.filter((c) => keyOf(c) === k).length);
  const L = slot.get(keyOf(taken)) as number;
  const needs = found.map((f) => {
    const n = new Map<number, number>();
    for (const c of f.cards) n.set(slot.get(keyOf(c)) as number, (n.get(slot.get(keyOf(c)) as number) ?? 0) + 1);
    return [...n];
  });
  const fits = (i: number): boolean => needs[i]!.every(([k, n]) => have[k]! >= n);
  const take = (i: number, sign: 1 | -1): void => {
    for (const [k, n] of needs[i]!) have[k] = have[k]! - sign * n;
  };
  const chosen: number[] = [];
  let steps = 0;
  const witness = (value: number): RommeMove | null => {
    const left = have.reduce((t, n) => t + n, 0);
    const others = left - (have[L] as number);
    if (!(left === 0 || (others > 0 && (value >= minimum || left === 1)))) return null;
    const pools = new Map(keys.map((k) => [k, hand.filter((c) => keyOf(c) === k)]));
    const move: RommeMove = {
      type: 'meld',
      groups: chosen.map((i) =>
        groupOf({ ...(found[i] as Found), cards: (found[i] as Found).cards.map((c) => pools.get(keyOf(c))!.shift() as CardId) }),
      ),
    };
    const plan = planMeld(s, seat, move.groups);
    return !isReason(plan) && !plan.hand.includes(taken) ? move : null;
  };
  const search = (from: number, value: number): RommeMove | null => {
    const w = witness(value);
    if (w) return w;
    for (let i = from; i < found.length && steps < PLACE_BUDGET.combinations; i++) {
      steps++;
      if (!fits(i)) continue;
      chosen.push(i);
      take(i, 1);
      const r = search(i, value + found[i]!.value);
      take(i, -1);
      chosen.pop();
      if (r) return r;
    }
    return null;
  };
  for (let i = 0; i < found.length && steps < PLACE_BUDGET.combinations; i++) {
    if (!(found[i] as Found).cards.some((c) => keyOf(c) === keyOf(taken))) continue;
    chosen.push(i);
    take(i, 1);
    const r = search(0, found[i]!.value);
    take(i, -1);
    chosen.pop();
    if (r) return r;
  }
  return null;
}

/**
 * After an earlier first meld: a depth-first search over the turn's melds, lay-offs and swaps, those that place
 * `taken` first, then lay-offs of other cards onto runs (which may open a place for it).
 */
function placeByPlay(s: RommeState, seat: Seat, taken: CardId): RommeMove | null {
  const seen = new Set<string>();
  const search = (t: RommeState): RommeMove | null | true => {
    const hand = t.hands[seat] as CardId[];
    if (!hand.includes(taken)) return true;
    const key = `${hand.slice().sort().join()}|${t.melds.map((m) => m.cards.join()).join(';')}`;
    if (seen.has(key) || seen.size >= PLACE_BUDGET.states) return null;
    seen.add(key);
    for (const move of turnMoves(t, seat, taken)) {
      if (checkRules(t, seat, move) !== null) continue;
      if (search(step(t, seat, move))) return move;
    }
    return null;
  };
  const r = search(s);
  return r === true ? null : r;
}

/** Candidate moves for `placeByPlay`: melds, lay-offs and swaps with `taken`, then lay-offs of other cards onto runs. */
function turnMoves(t: RommeState, seat: Seat, taken: CardId): RommeMove[] {
  const hand = takenFirst(t.hands[seat] as CardId[], taken);
  const out: RommeMove[] = [];
  for (const f of findMelds(hand, t.options)) if (f.cards.includes(taken)) out.push({ type: 'meld', groups: [groupOf(f)] });
  for (const meld of t.melds) {
    const ends = isJoker(taken) && meld.kind === 'run' ? (['low', 'high'] as const) : [undefined];
    for (const end of ends) out.push({ type: 'layOff', meld: meld.no, card: taken, ...(end ? { end } : {}) });
  }
  out.push(...swapMoves(t, hand).filter((m) => m.type === 'swap' && (m.naturals.includes(taken) || m.cards.includes(taken))));
  const runs = t.melds.filter((m) => m.kind === 'run' && (isJoker(taken) || m.suit === suitOfCard(taken)));
  for (const card of hand)
    if (card !== taken)
      for (const meld of runs) {
        const ends = isJoker(card) ? (['low', 'high'] as const) : [undefined];
        for (const end of ends) out.push({ type: 'layOff', meld: meld.no, card, ...(end ? { end } : {}) });
      }
  return out;
}

/**
 * Legal moves for `seat`: the draws; then the melds the finder proposes (the best first meld if it reaches
 * the minimum, or any single meld after it), every lay-off, joker swaps whose joker melds at once with the
 * hand, and every allowed discard; with the pick-up option, also the first move of a way to place the card taken
 * (`placeTaken`). Melds are the finder's proposals, not every possible grouping.
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
  if (!s.hasMelded[seat]) {
    const best = bestMelds(hand, s.options);
    if (best.melds.length) moves.push({ type: 'meld', groups: best.melds.map(groupOf) });
  } else for (const f of findMelds(hand, s.options)) moves.push({ type: 'meld', groups: [groupOf(f)] });
  for (const l of findLayOffs(hand, s.melds, s.options)) moves.push({ type: 'layOff', meld: l.meld, card: l.card, ...(l.end ? { end: l.end } : {}) });
  if (s.meldedBeforeTurn) moves.push(...swapMoves(s, hand));
  if (mustUseTaken(s, seat)) {
    const witness = placeTaken(s, seat);
    if (witness && !moves.some((m) => JSON.stringify(m) === JSON.stringify(witness))) moves.push(witness);
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
