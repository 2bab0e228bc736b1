/**
 * A deal in the play phase as the expert's search moves through it: the engine's state copied where play changes
 * it (hands, the trick, the piles), a card played and taken back in place, and the deal scored by the engine's
 * own rules (`playable`, `trickWinner`, `declarerPayments`) — the same rules as `playOut` in ./rollout.ts.
 * Rule source: docs/rules/dreierles.md § Play, § Scoring, § The Pfeife.
 */
import { type CegoCard, CEGO_54, cardValue } from '../../cards/cego.ts';
import { playable } from '../../games/dreierles/legal.ts';
import { trickWinner } from '../../games/dreierles/ranking.ts';
import { type PfeifeOutcome, contractValue, declarerPayments, netPoints } from '../../games/dreierles/scoring.ts';
import type { Contract, DreierlesState, Payment, Play } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import { PFEIFE, isTrump } from './card-facts.ts';
import { easyCard } from './easy.ts';

/** Each card's index in `CEGO_54` (0 … 53), for the set of cards still in the hands. */
const INDEX = new Map<CegoCard, number>(CEGO_54.map((c, i) => [c, i]));

/** What `play` changed, for `undo`. */
interface Step {
  seat: Seat;
  card: CegoCard;
  at: number;
  /** The trick this card completed (its winner's pile grew by it), or null. */
  done: { plays: Play[]; winner: Seat; leader: Seat; trumpLed: boolean } | null;
}

/** A deal in play (phase `play`) with a declarer or in Räuber, played and taken back card by card. */
export class Board {
  readonly s: DreierlesState;
  /** Cards still in the hands: bit i of `lo` for index i < 27, of `hi` for i − 27. */
  lo = 0;
  hi = 0;
  /** The declarer's announced Pfeife came out early: play stopped (only the score is left). */
  forced = false;
  /** The declarer's pile with its discard: raw card values summed, and how many cards (declarer games). */
  declarerRaw = 0;
  declarerCards = 0;
  /** The declarer's net game points that play cannot change: the hand bonuses (declarer games). */
  private readonly bonus: number = 0;
  private readonly steps: Step[] = [];

  constructor(s0: DreierlesState) {
    const s = { ...s0, hands: s0.hands.map((h) => h.slice()), trick: s0.trick.slice(), won: s0.won.map((w) => w.slice()) };
    this.s = s;
    for (const h of s.hands) for (const c of h) this.flip(c);
    if (s.declarer !== null && s.contract !== null) {
      for (const c of [...(s.won[s.declarer] as CegoCard[]), ...s.discard]) this.declarerRaw += cardValue(c);
      this.declarerCards = (s.won[s.declarer] as CegoCard[]).length + s.discard.length;
      const all = this.payments(35, 'none');
      this.bonus = (netPoints(all, s.seats)[s.declarer] as number) - (s.seats - 1) * contractValue(35, s.contract, s.knocks);
    }
  }

  /** The engine's payments of this declarer game with the declarer's `points` and Pfeife outcome. */
  private payments(points: number, pfeife: PfeifeOutcome): Payment[] {
    const s = this.s;
    return declarerPayments({
      seats: s.seats,
      declarer: s.declarer as Seat,
      contract: s.contract as Contract,
      knocks: s.knocks,
      declarerPoints: points,
      handsBeforePlay: s.handsBeforePlay,
      zehnDruckAnnounced: s.zehnDruck,
      pfeifeRaus: s.pfeifeRaus,
      pfeife,
    });
  }

  private flip(card: CegoCard): void {
    const i = INDEX.get(card) as number;
    if (i < 27) this.lo ^= 1 << i;
    else this.hi ^= 1 << (i - 27);
  }

  /** Whether the deal's play is over (16 tricks, or the early Pfeife). */
  get over(): boolean {
    return this.forced || this.s.tricksPlayed === 16;
  }

  /** Cards still in the hands of the active seats. */
  get cardsLeft(): number {
    let n = 0;
    for (const seat of this.s.active) n += (this.s.hands[seat] as CegoCard[]).length;
    return n;
  }

  /** The seat to play now. */
  get toPlay(): Seat {
    const a = this.s.active;
    return a[(a.indexOf(this.s.leader) + this.s.trick.length) % 3] as Seat;
  }

  /** The legal cards of the seat to play (the engine's `playable`). */
  legal(): CegoCard[] {
    return playable(this.s, this.toPlay);
  }

  /** Play `card` for the seat to play (legal: the caller's duty), completing the trick when it is the third card. */
  play(card: CegoCard): void {
    const s = this.s;
    const seat = this.toPlay;
    const hand = s.hands[seat] as CegoCard[];
    const at = hand.indexOf(card);
    hand.splice(at, 1);
    this.flip(card);
    s.trick.push({ seat, card });
    const step: Step = { seat, card, at, done: null };
    this.steps.push(step);
    if (s.contract && seat === s.declarer && card === PFEIFE && s.pfeifeRaus && s.tricksPlayed < 15) {
      this.forced = true;
      return;
    }
    if (s.trick.length < 3) return;
    const plays = s.trick;
    const winner = trickWinner(plays).seat;
    const pile = s.won[winner] as CegoCard[];
    for (const p of plays) pile.push(p.card);
    const trumpLed = isTrump((plays[0] as Play).card);
    if (trumpLed) s.trumpLeads += 1;
    if (winner === s.declarer) {
      for (const p of plays) this.declarerRaw += cardValue(p.card);
      this.declarerCards += 3;
    }
    step.done = { plays, winner, leader: s.leader, trumpLed };
    s.tricksPlayed += 1;
    s.trick = [];
    s.leader = winner;
  }

  /** Take back the last card played. */
  undo(): void {
    const step = this.steps.pop();
    if (!step) throw new Error('nothing to take back');
    const s = this.s;
    this.forced = false;
    if (step.done) {
      const { plays, winner, leader, trumpLed } = step.done;
      (s.won[winner] as CegoCard[]).length -= 3;
      if (winner === s.declarer) {
        for (const p of plays) this.declarerRaw -= cardValue(p.card);
        this.declarerCards -= 3;
      }
      if (trumpLed) s.trumpLeads -= 1;
      s.tricksPlayed -= 1;
      s.trick = plays;
      s.leader = leader;
    }
    s.trick.pop();
    (s.hands[step.seat] as CegoCard[]).splice(step.at, 0, step.card);
    this.flip(step.card);
  }

  /** The easy player's card for the seat to play. */
  easyCard(): CegoCard {
    const s = this.s;
    const seat = this.toPlay;
    return easyCard({
      seat,
      hand: s.hands[seat] as CegoCard[],
      legal: this.legal(),
      trick: s.trick,
      declarer: s.declarer,
      tricksPlayed: s.tricksPlayed,
    });
  }

  /** The Pfeife's outcome for the declarer's bonus, once play is over. */
  private pfeife(): PfeifeOutcome {
    if (this.forced) return 'forced';
    const last = this.steps.at(-1)?.done;
    const pf = last?.plays.find((p) => p.card === PFEIFE);
    return last && pf && pf.seat === this.s.declarer ? (last.winner === pf.seat ? 'wonLast' : 'lostLast') : 'none';
  }

  /** The declarer's card points now (`countPile` of its pile and discard). */
  declarerPoints(): number {
    const n = this.declarerCards;
    return n === 0 ? 0 : this.declarerRaw - 2 * Math.floor(n / 3) - (n % 3 ? 1 : 0);
  }

  /**
   * The declarer's net game points for the deal once play is over (`over`): contract, hand bonuses and the Pfeife,
   * as the engine pays them (`declarerPayments`; the bonuses computed once). Only for a declarer game.
   */
  declarerNet(): number {
    const s = this.s;
    const pf = this.pfeife();
    const pfeife = pf === 'forced' ? -2 : pf === 'none' ? 0 : (s.pfeifeRaus ? 2 : 1) * (pf === 'wonLast' ? 1 : -1);
    return (s.seats - 1) * (contractValue(this.declarerPoints(), s.contract as Contract, s.knocks) + pfeife) + this.bonus;
  }

  /** `declarerNet` computed by the engine's payments in full (tests check the two agree). */
  declarerNetByPayments(): number {
    return netPoints(this.payments(this.declarerPoints(), this.pfeife()), this.s.seats)[this.s.declarer as Seat] as number;
  }
}
