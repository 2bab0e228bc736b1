/**
 * The Dreierles engine: setup, apply, views and result for a session of N rounds. Pure and deterministic
 * from the seed and the move log. Rule source: docs/rules/dreierles.md.
 */
import { CEGO_54, type CegoCard, PFEIFE, countPile, isTrump } from '../../cards/cego.ts';
import { seededRng, shuffle } from '../../cards/random.ts';
import { replaced, without } from '../immutable.ts';
import { applyOrThrowWith, replayWith } from '../replay.ts';
import type { ApplyResult, Seat } from '../types.ts';
import {
  checkMove,
  discardCount,
  discardable,
  highestBid,
  isRaeuberOrSoloRound,
  knockers,
  legalMoves,
  raeuberKnockOrder,
  seatToAct,
} from './legal.ts';
import { trickWinner } from './ranking.ts';
import { declarerPayments, netPoints, type PfeifeOutcome, raeuberPayments } from './scoring.ts';
import {
  CONTRACT_INFO,
  type Contract,
  type DealScore,
  type DreierlesEvent,
  type DreierlesMove,
  type DreierlesOptions,
  type DreierlesResult,
  type DreierlesState,
  type DreierlesView,
} from './types.ts';

/** A deal given card by card (tests use it to set up the worked examples): hands by seat and the blind, top first. */
export interface FixedDeal {
  hands: CegoCard[][];
  blind: CegoCard[];
}

/** Cards per player and in the blind. */
const HAND = 16;
const BLIND = 6;

/**
 * Deal number `dealNo` into `s` (mutated; `s` is a fresh copy): the dealer takes the top six as the blind, then
 * 16 cards to each active player in two rounds of 8, forehand first. The first deal is dealt by seat 0.
 */
function deal(s: DreierlesState, dealNo: number, fixed?: FixedDeal): DreierlesEvent {
  const dealer = dealNo % s.seats;
  const active = s.seats === 3 ? [(dealer + 1) % 3, (dealer + 2) % 3, dealer] : [1, 2, 3].map((i) => (dealer + i) % s.seats);
  const hands: CegoCard[][] = Array.from({ length: s.seats }, () => []);
  let blind: CegoCard[];
  if (fixed) {
    fixed.hands.forEach((h, seat) => (hands[seat] = h.slice()));
    blind = fixed.blind.slice();
  } else {
    const pack = shuffle(CEGO_54, seededRng(`${s.seed}:deal:${dealNo}`));
    blind = pack.slice(0, BLIND);
    let next = BLIND;
    for (let round = 0; round < 2; round++) for (const seat of active) (hands[seat] as CegoCard[]).push(...pack.slice(next, (next += HAND / 2)));
  }
  Object.assign(s, {
    dealNo,
    dealer,
    active,
    phase: 'auction',
    hands,
    blind,
    bids: [null, null, null],
    contract: null,
    declarer: null,
    taken: [],
    discard: [],
    handsBeforePlay: [],
    zehnDruck: false,
    pfeifeRaus: false,
    knocks: 0,
    knockTurn: null,
    knockDeclined: [],
    raeuberKnocked: [],
    trick: [],
    leader: active[0] as Seat,
    lastTrick: null,
    tricks: [],
    won: Array.from({ length: s.seats }, () => []),
    tricksWon: new Array<number>(s.seats).fill(0),
    tricksPlayed: 0,
    trumpLeads: 0,
    pfeifeForced: false,
  } satisfies Partial<DreierlesState>);
  return { type: 'dealt', dealNo, dealer, lastRound: isRaeuberOrSoloRound(s) };
}

/**
 * Start a session for 3 or 4 players (with 4 the dealer sits out each deal). `fixedFirstDeal` replaces the
 * shuffle of the first deal (for tests). Throws for other player counts or bad options.
 */
export function setup(options: DreierlesOptions, seats: number, seed: string, fixedFirstDeal?: FixedDeal): DreierlesState {
  if (seats !== 3 && seats !== 4) throw new Error(`Dreierles needs 3 or 4 players, not ${seats}.`);
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('The session needs at least one round.');
  const s = { game: 'dreierles', seed, options: { ...options }, seats, totalDeals: options.rounds * seats, deals: [] } as unknown as DreierlesState;
  deal(s, 0, fixedFirstDeal);
  return s;
}

/**
 * A shallow copy: arrays are shared with the input and are replaced, never mutated, by `apply`
 * (see src/games/immutable.ts), so the input state never changes.
 */
function copy(s: DreierlesState): DreierlesState {
  // Listed field by field: much faster than an object spread on this hot path.
  return {
    game: s.game,
    seed: s.seed,
    options: s.options,
    seats: s.seats,
    dealNo: s.dealNo,
    totalDeals: s.totalDeals,
    dealer: s.dealer,
    active: s.active,
    phase: s.phase,
    hands: s.hands,
    blind: s.blind,
    bids: s.bids,
    contract: s.contract,
    declarer: s.declarer,
    taken: s.taken,
    discard: s.discard,
    handsBeforePlay: s.handsBeforePlay,
    zehnDruck: s.zehnDruck,
    pfeifeRaus: s.pfeifeRaus,
    knocks: s.knocks,
    knockTurn: s.knockTurn,
    knockDeclined: s.knockDeclined,
    raeuberKnocked: s.raeuberKnocked,
    trick: s.trick,
    leader: s.leader,
    lastTrick: s.lastTrick,
    tricks: s.tricks,
    won: s.won,
    tricksWon: s.tricksWon,
    tricksPlayed: s.tricksPlayed,
    trumpLeads: s.trumpLeads,
    pfeifeForced: s.pfeifeForced,
    deals: s.deals,
  };
}

/** After the auction: the declarer takes the bid number of blind cards (shown), or everyone passed: Räuber. */
function endAuction(s: DreierlesState, events: DreierlesEvent[]): void {
  const contract = highestBid(s);
  if (!contract) {
    s.phase = 'raeuberKnock';
    events.push({ type: 'raeuber' });
    return;
  }
  const declarer = s.active[s.bids.indexOf(contract)] as Seat;
  s.contract = contract;
  s.declarer = declarer;
  s.taken = s.blind.slice(0, CONTRACT_INFO[contract].take);
  s.hands = replaced(s.hands, declarer, [...(s.hands[declarer] as CegoCard[]), ...s.taken]);
  s.phase = s.taken.length ? 'discard' : 'declare';
  events.push({ type: 'declarer', seat: declarer, contract, taken: s.taken.slice() });
}

/** After Fertig: knocking if any defender may knock, else play. */
function afterFertig(s: DreierlesState): void {
  s.handsBeforePlay = s.hands.map((h) => h.slice());
  const first = knockers(s)[0];
  if (first === undefined || s.options.maxKnocks === 0) startPlay(s);
  else {
    s.phase = 'knock';
    s.knockTurn = first;
    s.knockDeclined = [];
  }
}

function startPlay(s: DreierlesState): void {
  s.phase = 'play';
  s.knockTurn = null;
  s.leader = s.contract ? (s.declarer as Seat) : (s.active[0] as Seat);
}

function knock(s: DreierlesState, seat: Seat, knocked: boolean, events: DreierlesEvent[]): void {
  if (knocked) {
    s.knocks += 1;
    events.push({ type: 'knocked', seat, knocks: s.knocks });
  } else events.push({ type: 'declinedKnock', seat });
  if (s.phase === 'raeuberKnock') {
    s.raeuberKnocked = [...s.raeuberKnocked, seat];
    if (s.raeuberKnocked.length === raeuberKnockOrder(s).length) startPlay(s);
    return;
  }
  const defenders = knockers(s);
  if (knocked && s.knocks >= s.options.maxKnocks) return startPlay(s);
  if (seat === s.declarer) {
    if (!knocked) return startPlay(s);
    s.knockDeclined = [];
    s.knockTurn = defenders[0] as Seat;
    return;
  }
  if (knocked) {
    s.knockTurn = s.declarer;
    return;
  }
  s.knockDeclined = [...s.knockDeclined, seat];
  const next = defenders.find((d) => !s.knockDeclined.includes(d));
  if (next === undefined) startPlay(s);
  else s.knockTurn = next;
}

/** Score the finished deal, then deal the next one or end the session. */
function finishDeal(s: DreierlesState, events: DreierlesEvent[], lastTrickPfeife: { seat: Seat; won: boolean } | null): void {
  let score: DealScore;
  const base = { dealNo: s.dealNo, dealer: s.dealer, knocks: s.knocks, blind: s.blind.slice() };
  if (s.contract && s.declarer !== null) {
    const declarer = s.declarer;
    const declarerPile = [...(s.won[declarer] as CegoCard[]), ...s.discard];
    const defenderPile = [...s.won.flatMap((w, seat) => (seat === declarer ? [] : w)), ...s.blind.slice(s.taken.length)];
    const declarerPoints = countPile(declarerPile);
    let pfeife: PfeifeOutcome = 'none';
    if (s.pfeifeForced) pfeife = 'forced';
    else if (lastTrickPfeife && lastTrickPfeife.seat === declarer) pfeife = lastTrickPfeife.won ? 'wonLast' : 'lostLast';
    const payments = declarerPayments({
      seats: s.seats,
      declarer,
      contract: s.contract,
      knocks: s.knocks,
      declarerPoints,
      handsBeforePlay: s.handsBeforePlay,
      zehnDruckAnnounced: s.zehnDruck,
      pfeifeRaus: s.pfeifeRaus,
      pfeife,
    });
    const contractPayment = payments.find((p) => p.reason === 'contract');
    score = {
      ...base,
      contract: s.contract,
      declarer,
      declarerPoints,
      defenderPoints: countPile(defenderPile),
      raeuberPoints: null,
      won: declarerPoints >= 36,
      value: contractPayment?.points ?? 0,
      payments,
      net: netPoints(payments, s.seats),
    };
  } else {
    const raeuberPoints = s.won.map((w, seat) => (s.active.includes(seat) ? countPile(w) : 0));
    const value = (isRaeuberOrSoloRound(s) ? s.options.raisedRaeuberValue : 2) * 2 ** s.knocks;
    const payments = raeuberPayments(
      raeuberPoints.map((p, seat) => (s.active.includes(seat) ? p : null)),
      value,
    );
    score = {
      ...base,
      contract: null,
      declarer: null,
      declarerPoints: null,
      defenderPoints: null,
      raeuberPoints,
      won: null,
      value,
      payments,
      net: netPoints(payments, s.seats),
    };
  }
  s.deals = [...s.deals, score];
  events.push({ type: 'dealScored', score });
  if (s.deals.length === s.totalDeals) {
    s.phase = 'over';
    events.push({ type: 'gameOver', result: result(s) as DreierlesResult });
  } else events.push(deal(s, s.dealNo + 1));
}

/** Play a card; completes the trick, handles a forced announced Pfeife, and ends the deal after 16 tricks. */
function play(s: DreierlesState, seat: Seat, card: CegoCard, events: DreierlesEvent[]): void {
  s.hands = replaced(s.hands, seat, without(s.hands[seat] as CegoCard[], card));
  s.trick = [...s.trick, { seat, card }];
  events.push({ type: 'played', seat, card });
  if (s.contract && seat === s.declarer && card === PFEIFE && s.pfeifeRaus && s.tricksPlayed < 15) {
    // Forced out early: play stops; this trick and all remaining cards go to the defenders.
    s.pfeifeForced = true;
    events.push({ type: 'pfeifeForced', seat });
    const defender = s.active.find((x) => x !== s.declarer) as Seat;
    s.won = replaced(s.won, defender, [...(s.won[defender] as CegoCard[]), ...s.trick.map((p) => p.card), ...s.hands.flat()]);
    s.hands = s.hands.map(() => []);
    s.trick = [];
    return finishDeal(s, events, null);
  }
  if (s.trick.length < 3) return;
  const plays = s.trick;
  const winner = trickWinner(plays).seat;
  s.won = replaced(s.won, winner, [...(s.won[winner] as CegoCard[]), ...plays.map((p) => p.card)]);
  s.tricksWon = replaced(s.tricksWon, winner, (s.tricksWon[winner] as number) + 1);
  if (isTrump((plays[0] as { card: CegoCard }).card)) s.trumpLeads += 1;
  s.tricksPlayed += 1;
  s.lastTrick = { plays, winner };
  s.tricks = [...s.tricks, s.lastTrick];
  s.trick = [];
  s.leader = winner;
  events.push({ type: 'trickWon', trickNo: s.tricksPlayed, winner, plays });
  if (s.tricksPlayed === HAND) {
    const pfeife = plays.find((p) => p.card === PFEIFE);
    finishDeal(s, events, pfeife ? { seat: pfeife.seat, won: winner === pfeife.seat } : null);
  }
}

/** Apply a move by `seat`. Illegal moves are refused with a readable reason and change nothing. */
export function apply(state: DreierlesState, seat: Seat, move: DreierlesMove): ApplyResult<DreierlesState, DreierlesEvent> {
  const reason = checkMove(state, seat, move);
  if (reason) return { ok: false, reason };
  const s = copy(state);
  const events: DreierlesEvent[] = [];
  switch (move.type) {
    case 'bid':
    case 'pass': {
      const pos = s.bids.indexOf(null);
      s.bids = replaced(s.bids, pos, move.type === 'bid' ? move.contract : 'pass');
      events.push(move.type === 'bid' ? { type: 'bid', seat, contract: move.contract } : { type: 'passed', seat });
      if (pos === 2) endAuction(s, events);
      break;
    }
    case 'discard': {
      s.hands = replaced(
        s.hands,
        seat,
        (s.hands[seat] as CegoCard[]).filter((c) => !move.cards.includes(c)),
      );
      s.discard = move.cards.slice();
      s.phase = 'declare';
      events.push({ type: 'discarded', seat, count: move.cards.length, shownTrumps: move.cards.filter(isTrump) });
      break;
    }
    case 'zehnDruck':
      s.zehnDruck = true;
      events.push({ type: 'zehnDruck', seat });
      break;
    case 'pfeifeRaus':
      s.pfeifeRaus = true;
      events.push({ type: 'pfeifeRaus', seat });
      break;
    case 'fertig':
      events.push({ type: 'fertig', seat });
      afterFertig(s);
      break;
    case 'knock':
    case 'noKnock':
      knock(s, seat, move.type === 'knock', events);
      break;
    case 'play':
      play(s, seat, move.card, events);
      break;
  }
  return { ok: true, state: s, events };
}

/** Apply or throw `IllegalMoveError`. */
export const applyOrThrow = (state: DreierlesState, seat: Seat, move: DreierlesMove) => applyOrThrowWith(apply, state, seat, move);

/** Seats that must act now (one, or none once the session is over). */
export function toAct(s: DreierlesState): Seat[] {
  const seat = seatToAct(s);
  return seat === null ? [] : [seat];
}

/** Net game points per seat over the deals played so far. */
export function totals(s: DreierlesState): number[] {
  const t = new Array<number>(s.seats).fill(0);
  for (const d of s.deals) d.net.forEach((n, seat) => (t[seat] = (t[seat] as number) + n));
  return t;
}

/** The session result once every deal is played; null before. */
export function result(s: DreierlesState): DreierlesResult | null {
  return s.phase === 'over' ? { totals: totals(s), deals: s.deals, tariff: s.options.tariff } : null;
}

/**
 * What `seat` may see (null = public): its own hand; the taken blind cards (public); the rest of the blind for
 * the active defenders once there is a declarer; its own discard (declarer), and trumps discarded by necessity;
 * the completed tricks of the deal (public) and the table options.
 */
export function view(s: DreierlesState, seat: Seat | null): DreierlesView {
  const own = seat !== null && seat >= 0 && seat < s.seats;
  const isDeclarer = own && seat === s.declarer;
  const defender = own && s.declarer !== null && !isDeclarer && s.active.includes(seat);
  const discarding = own && s.phase === 'discard' && isDeclarer;
  return {
    seat,
    seats: s.seats,
    dealNo: s.dealNo,
    totalDeals: s.totalDeals,
    lastRound: isRaeuberOrSoloRound(s),
    dealer: s.dealer,
    active: s.active.slice(),
    phase: s.phase,
    hand: own ? (s.hands[seat] as CegoCard[]).slice() : [],
    handSizes: s.hands.map((h) => h.length),
    bids: s.bids.slice(),
    contract: s.contract,
    declarer: s.declarer,
    taken: s.taken.slice(),
    blindRest: defender ? s.blind.slice(s.taken.length) : [],
    discard: isDeclarer ? s.discard.slice() : s.discard.filter(isTrump),
    zehnDruck: s.zehnDruck,
    pfeifeRaus: s.pfeifeRaus,
    knocks: s.knocks,
    trick: s.trick.slice(),
    leader: s.leader,
    lastTrick: s.lastTrick,
    tricks: s.tricks.slice(),
    tricksPlayed: s.tricksPlayed,
    tricksWon: s.tricksWon.slice(),
    toAct: toAct(s),
    legal: own && !discarding ? legalMoves(s, seat) : [],
    discardable: discarding ? discardable(s.hands[seat] as CegoCard[], discardCount(s)) : [],
    discardCount: discarding ? discardCount(s) : 0,
    deals: s.deals,
    totals: totals(s),
    result: result(s),
    tariff: s.options.tariff,
    options: { ...s.options },
  };
}

/** Rebuild a session from its seed, options and move log; throws `IllegalMoveError` on a move that does not apply. */
export function replay(
  options: DreierlesOptions,
  seats: number,
  seed: string,
  moves: readonly { seat: Seat; move: DreierlesMove }[],
): DreierlesState {
  return replayWith(apply, setup(options, seats, seed), moves);
}

export type { Contract };

/**
 * The turn of play (see `GameDefinition.turnKey`): in play every card is a turn; the declarer's exchange (discard,
 * Zehn Druck, Pfeife raus, Fertig) is one turn; each bid and each knock decision is a turn.
 */
export function turnKey(state: DreierlesState): string {
  if (state.phase === 'play') return `${state.dealNo}:play:${state.tricksPlayed}:${state.trick.length}`;
  if (state.phase === 'discard' || state.phase === 'declare') return `${state.dealNo}:exchange`;
  const spoken = state.bids.filter((b) => b !== null).length;
  return `${state.dealNo}:${state.phase}:${spoken}:${state.knocks}:${state.knockDeclined.length}:${state.raeuberKnocked.length}`;
}
