/**
 * Dreierles phase transitions before play: the end of the auction (the declarer takes blind cards, or Räuber),
 * the end of the exchange (Fertig) and knocking. Each mutates the fresh copy `apply` made.
 * Rule source: docs/rules/dreierles.md § Auction, § Exchange, § Doubling (knocking), § Räuber.
 */
import type { CegoCard } from '../../cards/cego.ts';
import { replaced } from '../immutable.ts';
import type { Seat } from '../types.ts';
import { highestBid, knockers, raeuberKnockOrder } from './legal.ts';
import { CONTRACT_INFO, type DreierlesEvent, type DreierlesState } from './types.ts';

/** After the auction: the declarer takes the bid number of blind cards (shown), or everyone passed: Räuber. */
export function endAuction(s: DreierlesState, events: DreierlesEvent[]): void {
  const contract = highestBid(s);
  if (!contract) {
    events.push({ type: 'raeuber' });
    // docs/rules/dreierles.md § Räuber: max knocks caps Räuber knocks too; with 0 nobody is asked.
    if (s.options.maxKnocks === 0) startPlay(s);
    else s.phase = 'raeuberKnock';
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
export function afterFertig(s: DreierlesState): void {
  s.handsBeforePlay = s.hands.map((h) => h.slice());
  const first = knockers(s)[0];
  if (first === undefined || s.options.maxKnocks === 0) startPlay(s);
  else {
    s.phase = 'knock';
    s.knockTurn = first;
    s.knockDeclined = [];
  }
}

/** Into play: the declarer leads the first trick, in Räuber forehand does. */
function startPlay(s: DreierlesState): void {
  s.phase = 'play';
  s.knockTurn = null;
  s.leader = s.contract ? (s.declarer as Seat) : (s.active[0] as Seat);
}

/**
 * A knock decision by `seat` (`knocked` false: declines). In a declarer game a defender's knock passes the turn to
 * the declarer, who may knock back (the turn returns to the defenders) or decline; play starts when the declarer
 * declines, every defender in turn declines, or `maxKnocks` is reached. In Räuber each player decides once, in `raeuberKnockOrder`,
 * until `maxKnocks` knocks are made (docs/rules/dreierles.md § Räuber).
 */
export function knock(s: DreierlesState, seat: Seat, knocked: boolean, events: DreierlesEvent[]): void {
  if (knocked) {
    s.knocks += 1;
    events.push({ type: 'knocked', seat, knocks: s.knocks });
  } else events.push({ type: 'declinedKnock', seat });
  if (s.phase === 'raeuberKnock') {
    s.raeuberKnocked = [...s.raeuberKnocked, seat];
    // Once max knocks is reached, nobody after may knock: play starts without asking them.
    if (s.raeuberKnocked.length === raeuberKnockOrder(s).length || s.knocks >= s.options.maxKnocks) startPlay(s);
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
