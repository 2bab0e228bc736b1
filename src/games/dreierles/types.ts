/**
 * Dreierles state, moves, events and views. Plain JSON throughout.
 * Rule source: docs/rules/dreierles.md.
 */
import type { CegoCard } from '../../cards/cego.ts';
import type { Seat } from '../types.ts';

/** Contracts, lowest first (§ Auction). */
export const CONTRACTS = ['dreier', 'zweier', 'einer', 'solo'] as const;
export type Contract = (typeof CONTRACTS)[number];

/**
 * Cards taken from the blind, and the factor, per contract. The contracts' names are the players' words, not the
 * engine's: `dreierles:contract.<id>` in src/i18n.
 */
export const CONTRACT_INFO: Record<Contract, { take: number; factor: number }> = {
  dreier: { take: 3, factor: 1 },
  zweier: { take: 2, factor: 2 },
  einer: { take: 1, factor: 3 },
  solo: { take: 0, factor: 4 },
};

/** Table options (§ Doubling, § Session). */
export interface DreierlesOptions {
  /** Rounds in the session; a round is one deal by each player. Default 1. */
  rounds: number;
  /** Play the last round as "Räuber or Solo". Default off. */
  lastRoundRaeuberOrSolo: boolean;
  /** Räuber value in that last round, in game points (default 4 instead of 2). */
  raisedRaeuberValue: number;
  /** Most knocks in a declarer game. Default 4. */
  maxKnocks: number;
  /** Count the Räuber Pfeife duty by the third trick of the deal, whatever is led (variant "seed"). Default off. */
  pfeifeByThirdTrick: boolean;
  /** Euro cents per game point, for display only (shown as euros). Default 10. */
  tariff: number;
}

export const DEFAULT_DREIERLES_OPTIONS: DreierlesOptions = {
  rounds: 1,
  lastRoundRaeuberOrSolo: false,
  raisedRaeuberValue: 4,
  maxKnocks: 4,
  pfeifeByThirdTrick: false,
  tariff: 10,
};

/**
 * Phases of a deal:
 * - `auction`: each active player speaks once (bid or pass), from forehand;
 * - `discard`: the declarer discards as many cards as taken from the blind;
 * - `declare`: the declarer may announce Zehn Druck and Pfeife raus, then says Fertig;
 * - `knock`: defenders (if allowed) and the declarer knock in turn;
 * - `raeuberKnock`: everyone passed; each player once, from forehand (a sitting-out dealer last), may knock;
 * - `play`: tricks; `over`: the session is finished.
 */
export type Phase = 'auction' | 'discard' | 'declare' | 'knock' | 'raeuberKnock' | 'play' | 'over';

export type DreierlesMove =
  | { type: 'bid'; contract: Contract }
  | { type: 'pass' }
  | { type: 'discard'; cards: CegoCard[] }
  | { type: 'zehnDruck' }
  | { type: 'pfeifeRaus' }
  | { type: 'fertig' }
  | { type: 'knock' }
  | { type: 'noKnock' }
  | { type: 'play'; card: CegoCard };

export interface Play {
  seat: Seat;
  card: CegoCard;
}

/** A payment in game points from one seat to another. */
export interface Payment {
  from: Seat;
  to: Seat;
  points: number;
  reason: 'contract' | 'zehnDruck' | 'trull' | 'vierKoenige' | 'pfeife' | 'pfeifeRaus' | 'pfeifeForced' | 'raeuber';
}

/** The score of one finished deal. */
export interface DealScore {
  dealNo: number;
  dealer: Seat;
  /** Null for Räuber. */
  contract: Contract | null;
  declarer: Seat | null;
  knocks: number;
  /** Declarer game: card points of the declarer's and the defenders' piles (always sum 70). */
  declarerPoints: number | null;
  defenderPoints: number | null;
  /** Räuber: card points per seat (a sitting-out dealer has 0). */
  raeuberPoints: number[] | null;
  won: boolean | null;
  /** Game points of the contract (or the Räuber value) before it is paid, after knocks. */
  value: number;
  payments: Payment[];
  /** Net game points per seat for this deal; sums to zero. */
  net: number[];
  /** The cards of the blind, revealed after the deal. */
  blind: CegoCard[];
}

/** The session result. */
export interface DreierlesResult {
  /** Net game points per seat over the session; sums to zero. */
  totals: number[];
  deals: DealScore[];
  /** Euro cents per game point (display only). */
  tariff: number;
}

/** Full game state. Every card is in exactly one of hands, blind, taken, discard, piles or the trick. */
export interface DreierlesState {
  game: 'dreierles';
  seed: string;
  options: DreierlesOptions;
  seats: number;
  /** 0-based deal number within the session. */
  dealNo: number;
  totalDeals: number;
  dealer: Seat;
  /** The three active seats in playing order, forehand first. */
  active: Seat[];
  phase: Phase;
  hands: CegoCard[][];
  /** The blind as dealt (6 cards, top first). */
  blind: CegoCard[];
  /** Auction: each active player's word in order (null = not yet spoken). */
  bids: (Contract | 'pass' | null)[];
  contract: Contract | null;
  declarer: Seat | null;
  /** Blind cards taken by the declarer (shown to all). */
  taken: CegoCard[];
  /** The declarer's discard (only the declarer sees it, except trumps discarded by necessity, which are shown). */
  discard: CegoCard[];
  /** Hands before play, for the hand bonuses (declarer after the exchange, defenders as dealt). */
  handsBeforePlay: CegoCard[][];
  zehnDruck: boolean;
  pfeifeRaus: boolean;
  knocks: number;
  /** Knocking: who is asked now, and the seats that have declined in the current round of asking. */
  knockTurn: Seat | null;
  knockDeclined: Seat[];
  /** Räuber: which seats have already had their one chance to knock. */
  raeuberKnocked: Seat[];
  trick: Play[];
  leader: Seat;
  lastTrick: { plays: Play[]; winner: Seat } | null;
  /** Completed tricks of the current deal, in order (public: every played card was shown face up). */
  tricks: { plays: Play[]; winner: Seat }[];
  /** Cards won per seat (declarer game: the declarer's and the defenders' piles are built at scoring). */
  won: CegoCard[][];
  tricksWon: number[];
  tricksPlayed: number;
  /** Tricks of this deal in which a trump was led (Räuber Pfeife duty). */
  trumpLeads: number;
  /** The declarer was forced to play an announced Pfeife early: play stopped. */
  pfeifeForced: boolean;
  deals: DealScore[];
}

/** Events for narration (no hidden card: the taken blind cards are public by rule). */
export type DreierlesEvent =
  | { type: 'dealt'; dealNo: number; dealer: Seat; lastRound: boolean }
  | { type: 'bid'; seat: Seat; contract: Contract }
  | { type: 'passed'; seat: Seat }
  | { type: 'declarer'; seat: Seat; contract: Contract; taken: CegoCard[] }
  | { type: 'raeuber' }
  | { type: 'discarded'; seat: Seat; count: number; shownTrumps: CegoCard[] }
  | { type: 'zehnDruck'; seat: Seat }
  | { type: 'pfeifeRaus'; seat: Seat }
  | { type: 'fertig'; seat: Seat }
  | { type: 'knocked'; seat: Seat; knocks: number }
  | { type: 'declinedKnock'; seat: Seat }
  | { type: 'played'; seat: Seat; card: CegoCard }
  | { type: 'trickWon'; trickNo: number; winner: Seat; plays: Play[] }
  | { type: 'pfeifeForced'; seat: Seat }
  | { type: 'dealScored'; score: DealScore }
  | { type: 'gameOver'; result: DreierlesResult };

/** What one seat (or the public, seat = null) may see. */
export interface DreierlesView {
  seat: Seat | null;
  seats: number;
  dealNo: number;
  totalDeals: number;
  lastRound: boolean;
  dealer: Seat;
  active: Seat[];
  phase: Phase;
  hand: CegoCard[];
  handSizes: number[];
  bids: (Contract | 'pass' | null)[];
  contract: Contract | null;
  declarer: Seat | null;
  /** Blind cards taken by the declarer (public). */
  taken: CegoCard[];
  /** The rest of the blind: shown to the two active defenders only, once the declarer is known. */
  blindRest: CegoCard[];
  /** Own discard (declarer), plus trumps discarded by necessity (public). */
  discard: CegoCard[];
  zehnDruck: boolean;
  pfeifeRaus: boolean;
  knocks: number;
  trick: Play[];
  leader: Seat;
  lastTrick: { plays: Play[]; winner: Seat } | null;
  /**
   * Completed tricks of the current deal, in order, with their winners (public: every played card was shown
   * face up). Lets a player count cards and see who failed to follow suit.
   */
  tricks: { plays: Play[]; winner: Seat }[];
  tricksPlayed: number;
  /** Tricks won per seat this deal. */
  tricksWon: number[];
  toAct: Seat[];
  /** This seat's legal moves now (the discard is described by `discardable` and `discardCount` instead). */
  legal: DreierlesMove[];
  /** Discarding: the cards this seat may put in its discard, and how many it must discard. */
  discardable: CegoCard[];
  discardCount: number;
  deals: DealScore[];
  totals: number[];
  result: DreierlesResult | null;
  tariff: number;
  /** The table options (public: agreed before the session). */
  options: DreierlesOptions;
}
