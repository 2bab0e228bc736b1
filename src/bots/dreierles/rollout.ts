/**
 * Rollouts: play a (sampled) full state to the end of the current deal with the easy player in every seat,
 * and read the deal's net game points (`DealScore.net`, from the engine's `dealScored` event).
 * Rule source: docs/rules/dreierles.md § Scoring, § Räuber.
 */
import { type CegoCard, countPile } from '../../cards/cego.ts';
import { apply, toAct } from '../../games/dreierles/engine.ts';
import { biddable, discardCount, discardable, isRaeuberOrSoloRound, playable } from '../../games/dreierles/legal.ts';
import { trickWinner } from '../../games/dreierles/ranking.ts';
import { type PfeifeOutcome, declarerPayments, netPoints, raeuberPayments } from '../../games/dreierles/scoring.ts';
import type { DreierlesEvent, DreierlesMove, DreierlesState, Play } from '../../games/dreierles/types.ts';
import { type Seat, describeReason } from '../../games/types.ts';
import { PFEIFE, isTrump } from './card-facts.ts';
import { easyBid, easyCard, easyDiscard, easyKnock, easyPfeifeRaus, easyRaeuberKnock } from './easy.ts';

/** The easy move of `seat` in a full state (the same rules as `easyMove` on a view, without building the view). */
export function easyMoveOnState(s: DreierlesState, seat: Seat): DreierlesMove {
  const hand = s.hands[seat] as CegoCard[];
  switch (s.phase) {
    case 'play':
      return {
        type: 'play',
        card: easyCard({ seat, hand, legal: playable(s, seat), trick: s.trick, declarer: s.declarer, tricksPlayed: s.tricksPlayed }),
      };
    case 'auction': {
      const c = easyBid(hand, biddable(s));
      return c ? { type: 'bid', contract: c } : { type: 'pass' };
    }
    case 'discard': {
      const n = discardCount(s);
      return { type: 'discard', cards: easyDiscard(hand, discardable(hand, n), n) };
    }
    case 'declare': {
      if (!s.zehnDruck && hand.filter(isTrump).length >= 10) return { type: 'zehnDruck' };
      if (!s.pfeifeRaus && hand.includes(PFEIFE) && easyPfeifeRaus(hand)) return { type: 'pfeifeRaus' };
      return { type: 'fertig' };
    }
    case 'knock':
      return s.knocks < s.options.maxKnocks && easyKnock(hand, seat === s.declarer) ? { type: 'knock' } : { type: 'noKnock' };
    case 'raeuberKnock':
      return s.knocks < s.options.maxKnocks && (!s.active.includes(seat) || easyRaeuberKnock(hand)) ? { type: 'knock' } : { type: 'noKnock' };
    default:
      throw new Error(`no move in phase ${s.phase}`);
  }
}

/** The net game points of `me` for the deal, if `events` hold its score. */
function scored(events: readonly DreierlesEvent[], me: Seat): number | null {
  for (const e of events) if (e.type === 'dealScored') return e.score.net[me] as number;
  return null;
}

/**
 * Play the tricks of a state in the `play` phase to the end with easy players, on a private mutable copy
 * (much faster than `apply` per card), and score the deal with the engine's own rules: legal cards from
 * `playable`, the trick winner from `trickWinner`, the payments from `declarerPayments` / `raeuberPayments`.
 * Returns `me`'s net game points for the deal (equal to what `apply` would score; a test checks it).
 */
export function playOut(s0: DreierlesState, me: Seat): number {
  const s: DreierlesState = { ...s0, hands: s0.hands.map((h) => h.slice()), trick: s0.trick.slice(), won: s0.won.map((w) => w.slice()) };
  const active = s.active;
  let seat = active[(active.indexOf(s.leader) + s.trick.length) % 3] as Seat;
  let forced = false;
  let lastPfeife: { seat: Seat; won: boolean } | null = null;
  for (;;) {
    const hand = s.hands[seat] as CegoCard[];
    const legal = playable(s, seat);
    const card = easyCard({ seat, hand, legal, trick: s.trick, declarer: s.declarer, tricksPlayed: s.tricksPlayed });
    hand.splice(hand.indexOf(card), 1);
    s.trick.push({ seat, card });
    if (s.contract && seat === s.declarer && card === PFEIFE && s.pfeifeRaus && s.tricksPlayed < 15) {
      forced = true;
      break;
    }
    if (s.trick.length < 3) {
      seat = active[(active.indexOf(seat) + 1) % 3] as Seat;
      continue;
    }
    const plays = s.trick;
    const winner = trickWinner(plays).seat;
    const pile = s.won[winner] as CegoCard[];
    for (const p of plays) pile.push(p.card);
    if (isTrump((plays[0] as Play).card)) s.trumpLeads += 1;
    s.tricksPlayed += 1;
    s.trick = [];
    s.leader = winner;
    seat = winner;
    if (s.tricksPlayed === 16) {
      const pf = plays.find((p) => p.card === PFEIFE);
      lastPfeife = pf ? { seat: pf.seat, won: winner === pf.seat } : null;
      break;
    }
  }
  if (s.contract && s.declarer !== null) {
    const declarer = s.declarer;
    let pfeife: PfeifeOutcome = 'none';
    if (forced) pfeife = 'forced';
    else if (lastPfeife && lastPfeife.seat === declarer) pfeife = lastPfeife.won ? 'wonLast' : 'lostLast';
    const payments = declarerPayments({
      seats: s.seats,
      declarer,
      contract: s.contract,
      knocks: s.knocks,
      declarerPoints: countPile([...(s.won[declarer] as CegoCard[]), ...s.discard]),
      handsBeforePlay: s.handsBeforePlay,
      zehnDruckAnnounced: s.zehnDruck,
      pfeifeRaus: s.pfeifeRaus,
      pfeife,
    });
    return netPoints(payments, s.seats)[me] as number;
  }
  const points = s.won.map((w, x) => (active.includes(x) ? countPile(w) : null));
  const value = (isRaeuberOrSoloRound(s) ? s.options.raisedRaeuberValue : 2) * 2 ** s.knocks;
  return netPoints(raeuberPayments(points, value), s.seats)[me] as number;
}

/**
 * Apply `move` for `seat` to `s`, then play the deal out with easy players (through `apply` up to the first
 * card, then `playOut`); returns `me`'s net game points for the deal, or null if the move is refused in this state.
 */
export function rolloutAfter(s: DreierlesState, seat: Seat, move: DreierlesMove, me: Seat): number | null {
  const first = apply(s, seat, move);
  if (!first.ok) return null;
  let net = scored(first.events, me);
  let state = first.state;
  for (let guard = 0; net === null && guard < 400; guard++) {
    if (state.phase === 'play') return playOut(state, me);
    const actor = toAct(state)[0];
    if (actor === undefined) break;
    const r = apply(state, actor, easyMoveOnState(state, actor));
    if (!r.ok) throw new Error(`rollout: the easy move was refused: ${describeReason(r.reason)}`);
    net = scored(r.events, me);
    state = r.state;
  }
  if (net === null) throw new Error('rollout: the deal did not end');
  return net;
}
