/**
 * The Réunion engine: setup, apply, views and result. Pure and deterministic from the seed and the
 * move log. Rule source: docs/rules/reunion.md (§ Seating and first dealer, § Deal, § Play,
 * § Side payments, § Game and settlement, § Variants).
 */
import { type Card, FRENCH_32, naturalRank, suitOf } from '../../cards/french.ts';
import { drawForDealer as drawCards } from '../../cards/draw.ts';
import { seededRng, shuffle } from '../../cards/random.ts';
import { replaced } from '../immutable.ts';
import { applyOrThrowWith, replayWith } from '../replay.ts';
import type { ApplyResult, Seat } from '../types.ts';
import { announceTurn, checkMove, isSuitGame, legalMoves, seatToPlay } from './legal.ts';
import { leftBower, rightBower, sumPoints, trickWinnerIndex } from './ranking.ts';
import { scoreDeal, scoreStaubaus, settle, standing } from './scoring.ts';
import { activeSeats, isActive, playOrder } from './seats.ts';
import { afterDiscard, announce, giveBack, nameCard, staubausSuit } from './staubaus.ts';
import {
  ACTIVE_PER_DEAL,
  type DealerDraw,
  type Play,
  type ReunionEvent,
  type ReunionMove,
  type ReunionOptions,
  type ReunionResult,
  type ReunionState,
  type ReunionView,
  type SidePayment,
  type Staubaus,
} from './types.ts';

/** Seats at a Réunion table: three, or four or five of whom three play each deal (§ Variants). */
export const MIN_SEATS = 3;
export const MAX_SEATS = 5;

/**
 * The public draw for first dealer: each seat draws a card (A K Q J 10 9 8 7, suits equal); the lowest
 * deals; seats tied for lowest draw again. Returns every round and the first dealer.
 */
export function drawForDealer(seed: string, seats: number): { draw: DealerDraw; firstDealer: Seat } {
  return drawCards(seed, seats, FRENCH_32, naturalRank, 'lowest');
}

/**
 * Deal number `dealNo` into `state` (mutates the given copy): shuffle, turn up the bottom card for trumps,
 * deal 3-4-3 from forehand to the three active seats, the dealer takes the last two cards (including the turn-up)
 * and must discard two. Seats sitting out get no cards.
 */
function deal(state: ReunionState, dealNo: number): ReunionEvent {
  const dealer = (state.firstDealer + dealNo) % state.seats;
  const pack = shuffle(FRENCH_32, seededRng(`${state.seed}:deal:${dealNo}`));
  const turnUp = pack[pack.length - 1] as Card;
  const hands: Card[][] = Array.from({ length: state.seats }, () => []);
  let next = 0;
  for (const packet of [3, 4, 3])
    for (const seat of playOrder(state.seats, dealer)) for (let k = 0; k < packet; k++) (hands[seat] as Card[]).push(pack[next++] as Card);
  (hands[dealer] as Card[]).push(...(pack.slice(next) as Card[]));
  Object.assign(state, {
    dealNo,
    dealer,
    phase: 'discard',
    trump: suitOf(turnUp),
    turnUp,
    hands,
    discard: [],
    announcements: [],
    staubaus: null,
    won: Array.from({ length: state.seats }, () => []),
    tricksWon: new Array<number>(state.seats).fill(0),
    trick: [],
    leader: (dealer + 1) % state.seats,
    lastTrick: null,
    tricks: [],
    sidePayments: [],
  } satisfies Partial<ReunionState>);
  return { type: 'dealt', dealNo, dealer, trump: state.trump, turnUp, active: activeSeats(state.seats, dealer) };
}

/** Start a game: the draw for first dealer (all seats draw), then the first deal. Throws if `seats` is not 3 to 5. */
export function setup(options: ReunionOptions, seats: number, seed: string): ReunionState {
  if (!(seats >= MIN_SEATS && seats <= MAX_SEATS)) throw new Error(`Réunion needs ${MIN_SEATS} to ${MAX_SEATS} players, not ${seats}.`);
  const { draw, firstDealer } = drawForDealer(seed, seats);
  const state = { game: 'reunion', seed, options: { ...options }, seats, draw, firstDealer, deals: [] } as unknown as ReunionState;
  deal(state, 0);
  return state;
}

/**
 * A shallow copy of the state. Arrays are shared with the input and must be replaced, never mutated,
 * by `apply` (structural sharing keeps a move cheap; the input state is never changed).
 */
function copy(s: ReunionState): ReunionState {
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
    trump: s.trump,
    turnUp: s.turnUp,
    hands: s.hands,
    discard: s.discard,
    announcements: s.announcements ?? [],
    staubaus: s.staubaus ?? null,
    won: s.won,
    tricksWon: s.tricksWon,
    trick: s.trick,
    leader: s.leader,
    lastTrick: s.lastTrick,
    tricks: s.tricks,
    sidePayments: s.sidePayments,
    deals: s.deals,
  };
}

/**
 * Finish the current trick (all active seats have played): winner, bower capture, and the deal's end if it was the
 * last. In a Staubaus deal there are no bower payments, and the deal ends after the first trick the announcer loses.
 */
function finishTrick(state: ReunionState, events: ReunionEvent[]): void {
  const plays = state.trick;
  const cards = plays.map((p) => p.card);
  const staubaus = state.staubaus ?? null;
  const winner = (plays[trickWinnerIndex(cards, state.trump, isSuitGame(state))] as Play).seat;
  const winningCard = plays.find((p) => p.seat === winner)?.card;
  state.won = replaced(state.won, winner, [...(state.won[winner] as Card[]), ...cards]);
  state.tricksWon = replaced(state.tricksWon, winner, (state.tricksWon[winner] as number) + 1);
  const trickNo = state.tricksWon.reduce((a, b) => a + b, 0);
  const lost = staubaus !== null && winner !== staubaus.announcer;
  const lastTrick = (state.hands[winner] as Card[]).length === 0 || lost;
  const cardPoints = sumPoints(cards, state.trump);
  events.push({ type: 'trickWon', trickNo, winner, plays, cardPoints, lastTrick: lastTrick && !staubaus });
  if (!staubaus && winningCard === rightBower(state.trump)) {
    const victim = plays.find((p) => p.card === leftBower(state.trump));
    if (victim) {
      const payment: SidePayment = { from: victim.seat, to: winner, units: 1, reason: 'bower' };
      state.sidePayments = [...state.sidePayments, payment];
      events.push({ type: 'bowerCaptured', from: victim.seat, to: winner });
    }
  }
  state.lastTrick = { plays, winner };
  state.tricks = [...state.tricks, state.lastTrick];
  state.trick = [];
  state.leader = winner;
  if (!lastTrick) return;
  const active = activeSeats(state.seats, state.dealer);
  const finished = { dealNo: state.dealNo, dealer: state.dealer, trump: state.trump, turnUp: state.turnUp, active, tricks: state.tricksWon };
  let score;
  if (staubaus) {
    const { announcer, round, suit, named } = staubaus;
    score = scoreStaubaus({ ...finished, staubaus: { announcer, round, suit, named: named as Card, won: !lost } });
    events.push({ type: 'staubausOver', announcer, won: !lost, tricks: state.tricksWon[announcer] as number });
  } else {
    score = scoreDeal({ ...finished, won: state.won, discard: state.discard, lastTrickWinner: winner, bowerPayments: state.sidePayments });
  }
  state.deals = [...state.deals, score];
  events.push({ type: 'dealScored', score });
  if (state.deals.length === state.seats) {
    state.phase = 'over';
    events.push({ type: 'gameOver', result: settle(state.deals, state.seats, state.options) });
  } else {
    events.push(deal(state, state.dealNo + 1));
  }
}

/** Apply a move by `seat`. Illegal moves are refused with a reason (a code and its variables, see `REUNION_REFUSALS`) and change nothing. */
export function apply(state: ReunionState, seat: Seat, move: ReunionMove): ApplyResult<ReunionState, ReunionEvent> {
  const reason = checkMove(state, seat, move);
  if (reason) return { ok: false, reason };
  const next = copy(state);
  const events: ReunionEvent[] = [];
  const hand = next.hands[seat] as Card[];
  if (move.type === 'discard') {
    next.hands = replaced(
      next.hands,
      seat,
      hand.filter((c) => !move.cards.includes(c)),
    );
    next.discard = [...move.cards];
    afterDiscard(next);
    events.push({ type: 'discarded', seat });
  } else if (move.type === 'pass') {
    events.push(...announce(next, seat, null));
  } else if (move.type === 'staubaus') {
    events.push(...announce(next, seat, staubausSuit(next, move.suit)));
  } else if (move.type === 'name') {
    events.push(...nameCard(next, seat, move.card));
  } else if (move.type === 'giveBack') {
    events.push(...giveBack(next, seat, move.card));
  } else {
    next.hands = replaced(
      next.hands,
      seat,
      hand.filter((c) => c !== move.card),
    );
    next.trick = [...next.trick, { seat, card: move.card }];
    events.push({ type: 'played', seat, card: move.card });
    if (next.trick.length === ACTIVE_PER_DEAL) finishTrick(next, events);
  }
  return { ok: true, state: next, events };
}

/** Apply or throw `IllegalMoveError`. */
export const applyOrThrow = (state: ReunionState, seat: Seat, move: ReunionMove) => applyOrThrowWith(apply, state, seat, move);

/**
 * Seats that must act now: the dealer while discarding, the seat to announce or pass, the Staubaus announcer while
 * naming and giving back, the seat to play, nobody once the game is over.
 */
export function toAct(state: ReunionState): Seat[] {
  if (state.phase === 'discard') return [state.dealer];
  if (state.phase === 'announce') return [announceTurn(state).seat];
  if (state.phase === 'name' || state.phase === 'giveBack') return [(state.staubaus as Staubaus).announcer];
  if (state.phase === 'play') return [seatToPlay(state)];
  return [];
}

/** The result in units once every deal is played (one per seat); null before. */
export function result(state: ReunionState): ReunionResult | null {
  return state.phase === 'over' ? settle(state.deals, state.seats, state.options) : null;
}

/**
 * The moves a seat's view offers: the legal moves, except while the Staubaus announcer names a card: then every
 * card not in the announcer's hand (nor in their own discard, for the dealer), because listing only the cards
 * someone holds would tell where the discarded cards are. Naming a discarded card is refused (`name_in_discard`).
 */
function viewLegal(state: ReunionState, seat: Seat): ReunionMove[] {
  if (state.phase !== 'name' || seat !== state.staubaus?.announcer) return legalMoves(state, seat);
  const hand = state.hands[seat] as Card[];
  const known = seat === state.dealer ? state.discard : [];
  return FRENCH_32.filter((c) => !hand.includes(c) && !known.includes(c)).map((card) => ({ type: 'name', card }));
}

/**
 * What `seat` may see (null = the public channel): never another seat's hand, the discard only for the dealer, and
 * the card given back in a Staubaus only for the announcer and the seat that received it.
 */
export function view(state: ReunionState, seat: Seat | null): ReunionView {
  const own = seat !== null && seat >= 0 && seat < state.seats;
  const staubaus = state.staubaus ?? null;
  const seesGiven = own && staubaus !== null && (seat === staubaus.announcer || seat === staubaus.holder);
  return {
    seat,
    seats: state.seats,
    dealNo: state.dealNo,
    dealer: state.dealer,
    active: activeSeats(state.seats, state.dealer),
    phase: state.phase,
    trump: state.trump,
    turnUp: state.turnUp,
    announcements: (state.announcements ?? []).slice(),
    staubaus: staubaus && { ...staubaus, givenBack: seesGiven ? staubaus.givenBack : null },
    hand: own ? (state.hands[seat] as Card[]).slice() : [],
    discard: own && seat === state.dealer && isActive(state.seats, state.dealer, seat) ? state.discard.slice() : [],
    handSizes: state.hands.map((h) => h.length),
    trick: state.trick.slice(),
    leader: state.leader,
    lastTrick: state.lastTrick,
    tricks: state.tricks,
    tricksWon: state.tricksWon.slice(),
    trickPoints: state.won.map((w) => sumPoints(w, state.trump)),
    toAct: toAct(state),
    legal: own ? viewLegal(state, seat) : [],
    deals: state.deals,
    ...standing(state.deals, state.seats),
    draw: state.draw,
    result: result(state),
  };
}

/** Rebuild a game from its seed, options and move log; throws `IllegalMoveError` on a move that does not apply. */
export function replay(options: ReunionOptions, seats: number, seed: string, moves: readonly { seat: Seat; move: ReunionMove }[]): ReunionState {
  return replayWith(apply, setup(options, seats, seed), moves);
}

/**
 * The turn of play (see `GameDefinition.turnKey`): every card played, the dealer's discard, each Staubaus call, the
 * naming and the giving back is a turn of its own.
 */
export function turnKey(state: ReunionState): string {
  if (state.phase === 'announce') return `${state.dealNo}:announce:${(state.announcements ?? []).length}`;
  if (state.phase === 'name' || state.phase === 'giveBack') return `${state.dealNo}:${state.phase}`;
  return `${state.dealNo}:${state.phase}:${state.tricksWon.reduce((a, b) => a + b, 0)}:${state.trick.length}`;
}
