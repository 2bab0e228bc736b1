/**
 * Réunion state, moves, events and views. Plain JSON throughout.
 * Rule source: docs/rules/reunion.md.
 */
import type { Card, Suit } from '../../cards/french.ts';
import type { Seat } from '../types.ts';

/** Table options (docs/rules/reunion.md § Game and settlement, § Variants). */
export interface ReunionOptions {
  /** Pierer tiers: losers pay 1 unit (under 150), 2 (under 100), 4 (0 points); no 3-unit tier. Default off. */
  piererTiers: boolean;
}

export const DEFAULT_OPTIONS: ReunionOptions = { piererTiers: false };

/** Number of deals in a game: each of the three players deals once. */
export const DEALS_PER_GAME = 3;

/** A card played to the current trick. */
export interface Play {
  seat: Seat;
  card: Card;
}

/** A completed trick: the plays in order from the leader, and the seat that won it. */
export interface CompletedTrick {
  plays: Play[];
  winner: Seat;
}

/**
 * Moves. The dealer's discard is one move of exactly two cards (they go face down together).
 * - `discard`: dealer only, in phase `discard`.
 * - `play`: the seat to act, in phase `play`.
 */
export type ReunionMove = { type: 'discard'; cards: [Card, Card] } | { type: 'play'; card: Card };

/** A payment of `units` units of payment from one seat to another. */
export interface Payment {
  from: Seat;
  to: Seat;
  units: number;
}

/** A side payment, settled at the end of the deal (§ Side payments): bower capture or no trick (Stange). */
export interface SidePayment extends Payment {
  reason: 'bower' | 'noTrick';
}

/**
 * How a deal's score is written for a seat: `slash` is the Stange "/" (no trick and nothing scored),
 * `underlined` a dealer who took no trick but scored through the discard, `plain` otherwise.
 */
export type ScoreMark = 'plain' | 'slash' | 'underlined';

/** The score of one finished deal. Card points per seat include the last-trick 10 and the dealer's discard; they sum to 150. */
export interface DealScore {
  dealNo: number;
  dealer: Seat;
  trump: Suit;
  turnUp: Card;
  /** Card points per seat for this deal. */
  cardPoints: number[];
  /** Tricks taken per seat. */
  tricks: number[];
  /** Card points of the dealer's discard (included in the dealer's cardPoints). */
  discardPoints: number;
  marks: ScoreMark[];
  sidePayments: SidePayment[];
}

/** The whole game's result in units (§ Game and settlement). */
export interface ReunionResult {
  /** Card points per seat over the three deals (sum 450). */
  totals: number[];
  /** Seats sharing the highest total. */
  winners: Seat[];
  /** Settlement payments from each loser to each winner, in units. */
  settlement: Payment[];
  /** Net side payments per seat over the game, in units. */
  sideUnits: number[];
  /** Net settlement per seat, in units. */
  settlementUnits: number[];
  /** Net units per seat (side payments + settlement); sums to zero. */
  net: number[];
}

/** The draw for first dealer: one round per draw, each listing the card drawn by every seat that took part. */
export type DealerDraw = { seat: Seat; card: Card }[][];

export type Phase = 'discard' | 'play' | 'over';

/**
 * Full game state. `hands`, `discard` and `won` together with `trick` always hold the 32 cards once each.
 */
export interface ReunionState {
  game: 'reunion';
  seed: string;
  options: ReunionOptions;
  seats: number;
  draw: DealerDraw;
  firstDealer: Seat;
  /** 0-based index of the current deal. */
  dealNo: number;
  dealer: Seat;
  phase: Phase;
  trump: Suit;
  turnUp: Card;
  hands: Card[][];
  /** The dealer's two discarded cards (empty before the discard). Hidden from everyone but the dealer. */
  discard: Card[];
  /** Cards each seat has won in tricks this deal. */
  won: Card[][];
  tricksWon: number[];
  /** The trick being played. */
  trick: Play[];
  /** Seat that leads (or led) the current trick. */
  leader: Seat;
  /** The last completed trick of this deal, for display. */
  lastTrick: { plays: Play[]; winner: Seat } | null;
  /** Every completed trick of this deal, in order (all public: each card was played face up). */
  tricks: CompletedTrick[];
  /** Side payments so far in this deal. */
  sidePayments: SidePayment[];
  deals: DealScore[];
}

/** Public and per-seat events, for narration. None carries a hidden card. */
export type ReunionEvent =
  | { type: 'dealt'; dealNo: number; dealer: Seat; trump: Suit; turnUp: Card }
  | { type: 'discarded'; seat: Seat }
  | { type: 'played'; seat: Seat; card: Card }
  | { type: 'trickWon'; trickNo: number; winner: Seat; plays: Play[]; cardPoints: number; lastTrick: boolean }
  | { type: 'bowerCaptured'; from: Seat; to: Seat }
  | { type: 'dealScored'; score: DealScore }
  | { type: 'gameOver'; result: ReunionResult };

/**
 * What one seat (or the public, seat = null) may see: own hand and, for the dealer, own discard;
 * every card played is public (the current trick, and every completed trick of the deal in `tricks`); card points taken in tricks are public, the discard's points are not.
 */
export interface ReunionView {
  seat: Seat | null;
  seats: number;
  dealNo: number;
  dealer: Seat;
  phase: Phase;
  trump: Suit;
  turnUp: Card;
  /** Own hand (empty for the public view). */
  hand: Card[];
  /** Own discard, for the dealer after discarding; otherwise empty. */
  discard: Card[];
  /** Cards in each seat's hand. */
  handSizes: number[];
  trick: Play[];
  leader: Seat;
  lastTrick: { plays: Play[]; winner: Seat } | null;
  /**
   * The completed tricks of this deal in order, each with its plays from the leader and its winner. Public:
   * every card was played face up, and a player at the table remembers them (who failed to follow suit, which
   * cards are gone). Empty before the first trick is complete.
   */
  tricks: CompletedTrick[];
  tricksWon: number[];
  /** Card points taken in tricks this deal (public; excludes the discard). */
  trickPoints: number[];
  toAct: Seat[];
  /** The legal moves of this seat now (empty for the public view or when not this seat's turn). */
  legal: ReunionMove[];
  deals: DealScore[];
  draw: DealerDraw;
  result: ReunionResult | null;
}
