/**
 * The Rommé engine: seat draw and deal, turns (draw → meld, lay off, swap a joker → discard, or go out),
 * the stock rebuilt once, penalty scoring and the game's length. Pure and deterministic from the seed
 * and the move log. Rule source: ../shared/rules/romme.md.
 */
import { type CardId, handValue, isJoker, labelOf, rankNumber, rommePack } from '../../cards/romme.ts';
import { drawForDealer as drawCards } from '../../cards/draw.ts';
import { seededRng, shuffle } from '../../cards/random.ts';
import { replaced, without } from '../immutable.ts';
import { applyOrThrowWith, replayWith } from '../replay.ts';
import type { ApplyResult, IllegalReason, Seat } from '../types.ts';
import { bestMelds, findLayOffs, findMelds } from './finder.ts';
import { type Reading, layOff, readingValue, readings, swapJoker, toMeld, whyNotMeld } from './melds.ts';
import type { DealScore, Group, Meld, RommeEvent, RommeMove, RommeOptions, RommeResult, RommeState, RommeView } from './types.ts';

const refuse = (code: string, message: string): IllegalReason => ({ code, message });

/** Natural rank order for the seat draw, ace high: A 14, K 13 … 2. */
const drawRank = (label: string): number => (rankNumber(label) === 1 ? 14 : rankNumber(label));

/** The draw for first dealer: each seat draws a card from a 52-card pack; the highest deals; ties draw again. */
export function drawForDealer(seed: string, seats: number): { draw: { seat: Seat; card: string }[][]; firstDealer: Seat } {
  return drawCards(seed, seats, rommePack(0).slice(0, 52).map(labelOf), drawRank, 'highest');
}

/** Deals in the game (null: until the penalty limit). */
export const totalDeals = (s: Pick<RommeState, 'options' | 'seats'>): number | null =>
  s.options.penaltyLimit > 0 ? null : s.options.deals > 0 ? s.options.deals : s.seats;

/** Deal `dealNo` into `s` (a fresh copy): 13 cards each in packets 3-3-3-4 from the dealer's left, stock, turn-up. */
function deal(s: RommeState, dealNo: number): RommeEvent {
  const dealer = (s.firstDealer + dealNo) % s.seats;
  const pack = shuffle(rommePack(s.options.jokers), seededRng(`${s.seed}:deal:${dealNo}`));
  const hands: CardId[][] = Array.from({ length: s.seats }, () => []);
  for (const packet of [3, 3, 3, 4]) for (let i = 1; i <= s.seats; i++) (hands[(dealer + i) % s.seats] as CardId[]).push(...pack.splice(0, packet));
  let turnUp: CardId | null = null;
  let turn = dealer;
  let phase: RommeState['phase'] = 'draw';
  if (s.options.startWith14) {
    turn = s.options.fourteenthToForehand ? (dealer + 1) % s.seats : dealer;
    (hands[turn] as CardId[]).push(pack.shift() as CardId);
    phase = 'play';
  } else turnUp = pack.shift() as CardId;
  Object.assign(s, {
    dealNo,
    dealer,
    phase,
    turn,
    hands,
    stock: pack.reverse(),
    discardPile: turnUp ? [turnUp] : [],
    melds: [],
    hasMelded: new Array<boolean>(s.seats).fill(false),
    meldedBeforeTurn: false,
    firstMeldThisTurn: false,
    takenFromDiscard: null,
    restocks: 0,
    pileTaken: Array.from({ length: s.seats }, () => []),
  } satisfies Partial<RommeState>);
  return { type: 'dealt', dealNo, dealer, turnUp };
}

/** Start a game for 2–6 players. Throws for other counts. */
export function setup(options: RommeOptions, seats: number, seed: string): RommeState {
  if (seats < 2 || seats > 6) throw new Error(`Rommé needs 2 to 6 players, not ${seats}.`);
  const { draw, firstDealer } = drawForDealer(seed, seats);
  const s = { game: 'romme', seed, options: { ...options }, seats, draw, firstDealer, deals: [] } as unknown as RommeState;
  deal(s, 0);
  return s;
}

function copy(s: RommeState): RommeState {
  return {
    game: s.game,
    seed: s.seed,
    options: s.options,
    seats: s.seats,
    draw: s.draw,
    firstDealer: s.firstDealer,
    dealNo: s.dealNo,
    dealer: s.dealer,
    phase: s.phase,
    turn: s.turn,
    hands: s.hands,
    stock: s.stock,
    discardPile: s.discardPile,
    melds: s.melds,
    hasMelded: s.hasMelded,
    meldedBeforeTurn: s.meldedBeforeTurn,
    firstMeldThisTurn: s.firstMeldThisTurn,
    takenFromDiscard: s.takenFromDiscard,
    restocks: s.restocks,
    pileTaken: pileTakenOf(s),
    deals: s.deals,
  };
}

/** The pick-ups of this deal per seat (empty lists for a state stored before the field existed). */
const pileTakenOf = (s: RommeState): CardId[][] => s.pileTaken ?? Array.from({ length: s.seats }, () => []);

/** Resolve a group to its reading: the only one, or the one starting at `group.start`. */
function resolve(group: Group, options: RommeOptions): Reading | IllegalReason {
  const all = readings(group.cards, options);
  if (all.length === 0) return refuse('invalid_meld', whyNotMeld(group.cards));
  if (all.length === 1) return all[0] as Reading;
  const chosen = all.find((r) => r.kind === 'run' && r.start === group.start);
  return chosen ?? refuse('ambiguous_joker', 'Say what the joker stands for: it fits at either end of the run.');
}

const isReason = (x: unknown): x is IllegalReason => typeof x === 'object' && x !== null && 'code' in x && 'message' in x;

/** A hand that must still be discarded from may not be left holding only the card just taken from the pile. */
function leavesPlayable(s: RommeState, hand: readonly CardId[]): boolean {
  return hand.length === 0 || hand.some((c) => c !== s.takenFromDiscard);
}

/**
 * Check and compute a meld move: every group a valid meld, all cards in hand and distinct, the first-meld
 * minimum (unless the player goes out with it), and with the pick-up option the taken card used first.
 */
function planMeld(s: RommeState, seat: Seat, groups: readonly Group[]): { readings: Reading[]; value: number; hand: CardId[] } | IllegalReason {
  if (!Array.isArray(groups) || groups.length === 0) return refuse('invalid_meld', 'Choose the cards to meld.');
  const hand = s.hands[seat] as CardId[];
  const all = groups.flatMap((g) => (Array.isArray(g?.cards) ? g.cards : [null]));
  if (all.some((c) => typeof c !== 'string' || !hand.includes(c))) return refuse('not_in_hand', 'You can only meld cards from your hand.');
  if (new Set(all).size !== all.length) return refuse('invalid_meld', 'A card can be in only one meld.');
  const rs: Reading[] = [];
  for (const g of groups) {
    const r = resolve(g, s.options);
    if (isReason(r)) return r;
    rs.push(r);
  }
  const value = rs.reduce((t, r) => t + readingValue(r), 0);
  const rest = hand.filter((c) => !all.includes(c));
  const goingOut = rest.length === 0 || (rest.length === 1 && rest[0] !== s.takenFromDiscard);
  if (!s.hasMelded[seat] && !goingOut && value < s.options.firstMeldMinimum)
    return refuse('first_meld_minimum', `Your first meld must be worth at least ${s.options.firstMeldMinimum}; these melds are worth ${value}.`);
  if (!leavesPlayable(s, rest)) return refuse('keep_discard', 'Keep a card you may discard: the card just taken from the pile may not go back.');
  if (mustUseTaken(s, seat) && !all.includes(s.takenFromDiscard as CardId))
    return refuse('use_taken', `Meld or lay off ${labelOf(s.takenFromDiscard as CardId)} (taken from the pile) first.`);
  return { readings: rs, value, hand: rest };
}

/** With the pick-up option: the card taken from the pile is still in hand and must be used first. */
const mustUseTaken = (s: RommeState, seat: Seat): boolean =>
  s.options.discardPickupMustBeMelded && s.takenFromDiscard !== null && (s.hands[seat] as CardId[]).includes(s.takenFromDiscard);

/** Check a move by `seat`; null if legal. Shape, turn and phase are checked first. */
export function checkMove(s: RommeState, seat: Seat, move: RommeMove): IllegalReason | null {
  const m = move as Partial<Record<string, unknown>> | null;
  if (s.phase === 'over') return refuse('game_over', 'The game is over.');
  if (!m || typeof m.type !== 'string') return refuse('unknown_move', 'That is not a move in Rommé.');
  if (seat !== s.turn) return refuse('not_your_turn', 'It is not your turn.');
  const hand = s.hands[seat] as CardId[];
  if (m.type === 'draw') {
    if (s.phase !== 'draw') return refuse('already_drawn', 'You have already drawn this turn.');
    if (m.from === 'discard') {
      const top = s.discardPile[s.discardPile.length - 1];
      if (!top) return refuse('empty_pile', 'The discard pile is empty.');
      if (s.options.discardPickupMustBeMelded && !usable(s, seat, top))
        return refuse('unusable_pickup', `You could not meld or lay off ${labelOf(top)} this turn, so you may not take it.`);
      return null;
    }
    return m.from === 'stock' ? null : refuse('unknown_move', 'Draw from the stock or the discard pile.');
  }
  if (s.phase === 'draw') return refuse('draw_first', 'Draw first: from the stock or the discard pile.');
  switch (m.type) {
    case 'meld': {
      const plan = planMeld(s, seat, m.groups as Group[]);
      return isReason(plan) ? plan : null;
    }
    case 'layOff': {
      if (!s.hasMelded[seat] || s.firstMeldThisTurn)
        return refuse('lay_off_first_meld', 'You may lay off only after your first meld, from your next turn on.');
      const card = m.card as CardId;
      if (!hand.includes(card)) return refuse('not_in_hand', 'You do not hold that card.');
      const meld = s.melds.find((x) => x.no === m.meld);
      if (!meld) return refuse('no_meld', `There is no meld #${String(m.meld)}.`);
      if (!layOff(meld, card, s.options, m.end as 'low' | 'high' | undefined))
        return refuse('no_fit', `${labelOf(card)} does not fit on meld #${meld.no}${isJoker(card) && !m.end ? ' (say which end for a joker)' : ''}.`);
      if (!leavesPlayable(s, without(hand, card)))
        return refuse('keep_discard', 'Keep a card you may discard: the card just taken from the pile may not go back.');
      if (mustUseTaken(s, seat) && card !== s.takenFromDiscard)
        return refuse('use_taken', `Meld or lay off ${labelOf(s.takenFromDiscard as CardId)} (taken from the pile) first.`);
      return null;
    }
    case 'swap': {
      if (!s.meldedBeforeTurn) return refuse('swap_first_meld', 'You may swap a joker only from the turn after your first meld.');
      const naturals = m.naturals as CardId[];
      const cards = m.cards as CardId[];
      if (!Array.isArray(naturals) || !Array.isArray(cards)) return refuse('unknown_move', 'That is not a move in Rommé.');
      if ([...naturals, ...cards].some((c) => !hand.includes(c)) || new Set([...naturals, ...cards]).size !== naturals.length + cards.length)
        return refuse('not_in_hand', 'You can only use cards from your hand.');
      const meld = s.melds.find((x) => x.no === m.meld);
      if (!meld) return refuse('no_meld', `There is no meld #${String(m.meld)}.`);
      const swapped = swapJoker(meld, naturals, s.options.strictSetSwap);
      if (!swapped)
        return refuse(
          'no_swap',
          s.options.strictSetSwap && meld.kind === 'set'
            ? 'In a set, a joker may be taken only by completing four natural cards of four suits.'
            : `That card does not replace a joker in meld #${meld.no}.`,
        );
      if (mustUseTaken(s, seat) && ![...naturals, ...cards].includes(s.takenFromDiscard as CardId))
        return refuse('use_taken', `Meld or lay off ${labelOf(s.takenFromDiscard as CardId)} (taken from the pile) first.`);
      const group = resolve({ cards: [...swapped.freed, ...cards], start: m.start as number | undefined }, s.options);
      if (isReason(group)) return refuse(group.code, `The joker must go into a new meld at once: ${group.message}`);
      if (
        !leavesPlayable(
          s,
          hand.filter((c) => !naturals.includes(c) && !cards.includes(c)),
        )
      )
        return refuse('keep_discard', 'Keep a card you may discard.');
      return null;
    }
    case 'discard': {
      const card = m.card as CardId;
      if (!hand.includes(card)) return refuse('not_in_hand', 'You do not hold that card.');
      if (card === s.takenFromDiscard) return refuse('discard_taken', 'You may not discard the card you just took from the pile.');
      if (mustUseTaken(s, seat))
        return refuse('use_taken', `Meld or lay off ${labelOf(s.takenFromDiscard as CardId)} (taken from the pile) before you discard.`);
      return null;
    }
    default:
      return refuse('unknown_move', 'That is not a move in Rommé.');
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

/** Penalty points of a hand. */
export const handPenalty = (hand: readonly CardId[], jokerValue: number): number => hand.reduce((t, c) => t + handValue(c, jokerValue), 0);

/** Totals per seat so far. */
export function totals(s: RommeState): number[] {
  const t = new Array<number>(s.seats).fill(0);
  for (const d of s.deals) d.penalties.forEach((p, seat) => (t[seat] = (t[seat] as number) + p));
  return t;
}

/** Ranks from totals: 1 = lowest total; equal totals share the rank. */
export function ranksOf(t: readonly number[]): number[] {
  return t.map((x) => 1 + t.filter((y) => y < x).length);
}

/** End the deal (`winner` null: the stock ran out twice), score it, then deal again or end the game. */
function endDeal(s: RommeState, winner: Seat | null, events: RommeEvent[]): void {
  const handRomme = winner !== null && s.options.handRomme && !s.meldedBeforeTurn;
  const penalties = s.hands.map((h, seat) => (seat === winner ? 0 : handPenalty(h, s.options.jokerValue) * (handRomme ? 2 : 1)));
  if (winner !== null) events.push({ type: 'wentOut', seat: winner, handRomme });
  const score: DealScore = { dealNo: s.dealNo, dealer: s.dealer, winner, handRomme, penalties };
  s.deals = [...s.deals, score];
  events.push({ type: 'dealScored', score });
  const limit = s.options.penaltyLimit;
  const planned = totalDeals(s);
  const over = planned !== null ? s.deals.length >= planned : totals(s).some((t) => t >= limit) || s.deals.length >= 100;
  if (over) {
    s.phase = 'over';
    events.push({ type: 'gameOver', result: result(s) as RommeResult });
  } else events.push(deal(s, s.dealNo + 1));
}

/** Pass the turn to the next seat. */
function nextTurn(s: RommeState): void {
  s.turn = (s.turn + 1) % s.seats;
  s.phase = 'draw';
  s.meldedBeforeTurn = s.hasMelded[s.turn] as boolean;
  s.firstMeldThisTurn = false;
  s.takenFromDiscard = null;
}

/** After a meld, lay-off or swap: an empty hand goes out. */
function afterPlacing(s: RommeState, seat: Seat, events: RommeEvent[]): void {
  if ((s.hands[seat] as CardId[]).length === 0) endDeal(s, seat, events);
}

/** Apply a move by `seat`. Illegal moves are refused with a readable reason and change nothing. */
export function apply(state: RommeState, seat: Seat, move: RommeMove): ApplyResult<RommeState, RommeEvent> {
  const reason = checkMove(state, seat, move);
  if (reason) return { ok: false, reason };
  const s = copy(state);
  const events: RommeEvent[] = [];
  const hand = s.hands[seat] as CardId[];
  switch (move.type) {
    case 'draw': {
      if (move.from === 'discard') {
        const card = s.discardPile[s.discardPile.length - 1] as CardId;
        s.discardPile = s.discardPile.slice(0, -1);
        s.hands = replaced(s.hands, seat, [...hand, card]);
        s.takenFromDiscard = card;
        s.pileTaken = replaced(s.pileTaken, seat, [...(s.pileTaken[seat] as CardId[]), card]);
        s.phase = 'play';
        events.push({ type: 'drew', seat, from: 'discard', card });
        break;
      }
      if (s.stock.length === 0) {
        if (s.restocks >= 1 || s.discardPile.length < 2) {
          events.push({ type: 'stockExhausted' });
          endDeal(s, null, events);
          break;
        }
        const top = s.discardPile[s.discardPile.length - 1] as CardId;
        s.stock = shuffle(s.discardPile.slice(0, -1), seededRng(`${s.seed}:deal:${s.dealNo}:restock`));
        s.discardPile = [top];
        s.restocks += 1;
        events.push({ type: 'restocked', size: s.stock.length });
      }
      const card = s.stock[s.stock.length - 1] as CardId;
      s.stock = s.stock.slice(0, -1);
      s.hands = replaced(s.hands, seat, [...hand, card]);
      s.phase = 'play';
      events.push({ type: 'drew', seat, from: 'stock', card: null });
      break;
    }
    case 'meld': {
      const plan = planMeld(s, seat, move.groups) as { readings: Reading[]; value: number; hand: CardId[] };
      const melds = plan.readings.map((r, i) => toMeld(r, s.melds.length + i + 1, seat));
      s.melds = [...s.melds, ...melds];
      s.hands = replaced(s.hands, seat, plan.hand);
      if (!s.hasMelded[seat]) {
        s.hasMelded = replaced(s.hasMelded, seat, true);
        s.firstMeldThisTurn = true;
      }
      events.push({ type: 'melded', seat, melds, value: plan.value });
      afterPlacing(s, seat, events);
      break;
    }
    case 'layOff': {
      const i = s.melds.findIndex((x) => x.no === move.meld);
      s.melds = replaced(s.melds, i, layOff(s.melds[i] as Meld, move.card, s.options, move.end) as Meld);
      s.hands = replaced(s.hands, seat, without(hand, move.card));
      events.push({ type: 'laidOff', seat, meld: move.meld, card: move.card });
      afterPlacing(s, seat, events);
      break;
    }
    case 'swap': {
      const i = s.melds.findIndex((x) => x.no === move.meld);
      const swapped = swapJoker(s.melds[i] as Meld, move.naturals, s.options.strictSetSwap) as { meld: Meld; freed: CardId[] };
      const reading = resolve({ cards: [...swapped.freed, ...move.cards], start: move.start }, s.options) as Reading;
      const newMeld = toMeld(reading, s.melds.length + 1, seat);
      s.melds = [...replaced(s.melds, i, swapped.meld), newMeld];
      s.hands = replaced(
        s.hands,
        seat,
        hand.filter((c) => !move.naturals.includes(c) && !move.cards.includes(c)),
      );
      events.push({ type: 'swapped', seat, meld: move.meld, naturals: move.naturals.slice(), newMeld });
      afterPlacing(s, seat, events);
      break;
    }
    case 'discard': {
      s.hands = replaced(s.hands, seat, without(hand, move.card));
      s.discardPile = [...s.discardPile, move.card];
      events.push({ type: 'discarded', seat, card: move.card });
      if ((s.hands[seat] as CardId[]).length === 0) endDeal(s, seat, events);
      else nextTurn(s);
      break;
    }
  }
  return { ok: true, state: s, events };
}

/** Apply or throw `IllegalMoveError`. */
export const applyOrThrow = (state: RommeState, seat: Seat, move: RommeMove) => applyOrThrowWith(apply, state, seat, move);

export const toAct = (s: RommeState): Seat[] => (s.phase === 'over' ? [] : [s.turn]);

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

/** The result once the game is over; null before. */
export function result(s: RommeState): RommeResult | null {
  if (s.phase !== 'over') return null;
  const t = totals(s);
  return { totals: t, ranks: ranksOf(t), deals: s.deals };
}

/**
 * What `seat` may see (null = public): its own hand; melds, the discard pile's top, stock size, hand sizes, scores,
 * and the cards each seat took from the discard pile this deal (all seen face up when taken).
 */
export function view(s: RommeState, seat: Seat | null): RommeView {
  const own = seat !== null && seat >= 0 && seat < s.seats;
  const mover = own && seat === s.turn && s.phase === 'play';
  return {
    seat,
    seats: s.seats,
    options: s.options,
    dealNo: s.dealNo,
    totalDeals: totalDeals(s),
    dealer: s.dealer,
    phase: s.phase,
    turn: s.turn,
    hand: own ? (s.hands[seat] as CardId[]).slice() : [],
    handSizes: s.hands.map((h) => h.length),
    stockSize: s.stock.length,
    discardTop: s.discardPile[s.discardPile.length - 1] ?? null,
    melds: s.melds,
    hasMelded: s.hasMelded,
    mayLayOff: mover && !!s.hasMelded[seat] && !s.firstMeldThisTurn,
    maySwap: mover && s.meldedBeforeTurn,
    takenFromDiscard: mover ? s.takenFromDiscard : null,
    toAct: toAct(s),
    totals: totals(s),
    deals: s.deals,
    draw: s.draw,
    pileTaken: pileTakenOf(s),
    result: result(s),
  };
}

/** Rebuild a game from its seed, options and move log; throws `IllegalMoveError` on a move that does not apply. */
export function replay(options: RommeOptions, seats: number, seed: string, moves: readonly { seat: Seat; move: RommeMove }[]): RommeState {
  return replayWith(apply, setup(options, seats, seed), moves);
}

/** The turn of play (see `GameDefinition.turnKey`): a player's turn runs from the draw to the discard (or going out). */
export function turnKey(state: RommeState): string {
  return `${state.dealNo}:${state.turn}`;
}
