/**
 * The Dreierles engine: setup, apply, views and result for a session of N rounds. Pure and deterministic
 * from the seed and the move log. The deal is in deal.ts, the phase transitions before play in phases.ts,
 * card play and the end of a deal in play.ts. Rule source: docs/rules/dreierles.md.
 */
import { type CegoCard, isTrump } from '../../cards/cego.ts';
import { replaced } from '../immutable.ts';
import { applyOrThrowWith, replayWith } from '../replay.ts';
import type { ApplyResult, Seat } from '../types.ts';
import { type FixedDeal, deal } from './deal.ts';
import { checkMove, discardCount, discardable, isRaeuberOrSoloRound, legalMoves, seatToAct } from './legal.ts';
import { afterFertig, endAuction, knock } from './phases.ts';
import { play } from './play.ts';
import { result, totals } from './scoring.ts';
import type { Contract, DreierlesEvent, DreierlesMove, DreierlesOptions, DreierlesState, DreierlesView } from './types.ts';

export type { FixedDeal };
export { result, totals };

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

/** Apply a move by `seat`. Illegal moves are refused with a reason (a code from `REFUSAL_CODES` and its variables) and change nothing. */
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
