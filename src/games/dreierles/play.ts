/**
 * Dreierles card play and the end of a deal: tricks, a forced announced Pfeife, scoring the finished deal and
 * dealing the next one. Each mutates the fresh copy `apply` made.
 * Rule source: docs/rules/dreierles.md § Play, § Scoring, § Räuber, § Session.
 */
import { type CegoCard, PFEIFE, countPile, isTrump } from '../../cards/cego.ts';
import { replaced, without } from '../immutable.ts';
import type { Seat } from '../types.ts';
import { HAND, deal } from './deal.ts';
import { isRaeuberOrSoloRound } from './legal.ts';
import { trickWinner } from './ranking.ts';
import { declarerPayments, netPoints, type PfeifeOutcome, raeuberPayments, result } from './scoring.ts';
import type { DealScore, DreierlesEvent, DreierlesResult, DreierlesState } from './types.ts';

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
export function play(s: DreierlesState, seat: Seat, card: CegoCard, events: DreierlesEvent[]): void {
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
