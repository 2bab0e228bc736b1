/**
 * Réunion state, moves, events and views. Plain JSON throughout.
 * Rule source: docs/rules/reunion.md.
 */
import type { Card, Suit } from '../../cards/french.ts';
import type { Seat } from '../types.ts';

/**
 * Table options (docs/rules/reunion.md § Game and settlement, § Variants). The number of players (3, 4 or 5) is the
 * number of seats, not an option. The Ekart options are optional in the type because options stored before they
 * existed lack them: absent means off.
 */
export interface ReunionOptions {
  /** Pierer tiers: losers pay 1 unit (under 150), 2 (under 100), 4 (0 points); no 3-unit tier. Default off. */
  piererTiers: boolean;
  /** Kleine Ekart: after the discard, a round of Staubaus announcements in the turned suit. Default off. */
  kleineEkart?: boolean;
  /**
   * Große Ekart: after everyone passed in the first round, a second round of Staubaus in another suit (the suit game,
   * every jack a trump). It needs the first round, so it implies Kleine Ekart even when `kleineEkart` is off. Default off.
   */
  grosseEkart?: boolean;
}

export const DEFAULT_OPTIONS: ReunionOptions = { piererTiers: false, kleineEkart: false, grosseEkart: false };

/** Active players in every deal: the dealer and the next two seats (§ Variants: with 4 or 5 players the others sit out). */
export const ACTIVE_PER_DEAL = 3;

/** Staubaus payment in units, per active opponent (§ Variants, Kleine Ekart). */
export const STAUBAUS_UNITS = 4;

/** Card points credited to each active player for a Staubaus deal, for the game totals (§ Variants, Kleine Ekart). */
export const STAUBAUS_CREDIT = 50;

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
 * - `staubaus`: announce Staubaus, in phase `announce`, by the seat whose turn it is. In the first round (Kleine
 *   Ekart) `suit` is absent or the turned suit; in the second round (Große Ekart) `suit` is required and must not be
 *   the turned suit: it becomes trumps for the deal.
 * - `pass`: decline Staubaus, in phase `announce`.
 * - `name`: the announcer names a card not in their own hand, in phase `name`; its holder hands it over at once.
 *   A card nobody holds (it lies in the dealer's discard) is refused with `name_in_discard`.
 * - `giveBack`: the announcer gives any card of their hand (the received one included) face down to the seat that
 *   handed over the named card, in phase `giveBack`.
 * - `play`: the seat to act, in phase `play`.
 */
export type ReunionMove =
  | { type: 'discard'; cards: [Card, Card] }
  | { type: 'staubaus'; suit?: Suit }
  | { type: 'pass' }
  | { type: 'name'; card: Card }
  | { type: 'giveBack'; card: Card }
  | { type: 'play'; card: Card };

/** One call in the Staubaus announcements (public): round 1 is Kleine Ekart, round 2 Große Ekart. */
export interface Announcement {
  seat: Seat;
  round: 1 | 2;
  call: 'pass' | 'staubaus';
  /** The Staubaus suit (trumps of the deal), for `staubaus` calls. */
  suit?: Suit;
}

/**
 * The Staubaus of a deal (§ Variants): the announcer undertakes to win all ten tricks.
 * `givenBack` is hidden: only the announcer and the holder (who received it) may see it.
 */
export interface Staubaus {
  announcer: Seat;
  /** 1: Kleine Ekart (the turned suit, ordinary trumps); 2: Große Ekart (another suit, every jack a trump). */
  round: 1 | 2;
  /** Trumps of the deal: the turned suit in round 1, the announced suit in round 2. */
  suit: Suit;
  /** The card named and handed over (public), null until then. */
  named: Card | null;
  /** The seat that held the named card and handed it over, null until then. */
  holder: Seat | null;
  /** The card given back to `holder`, face down; null until then (and in views of other seats). */
  givenBack: Card | null;
}

/** A payment of `units` units of payment from one seat to another. */
export interface Payment {
  from: Seat;
  to: Seat;
  units: number;
}

/**
 * A side payment, settled at the end of the deal (§ Side payments): bower capture or no trick (Stange); or the
 * Staubaus payment (§ Variants: 4 units between the announcer and each active opponent).
 */
export interface SidePayment extends Payment {
  reason: 'bower' | 'noTrick' | 'staubaus';
}

/** How a Staubaus deal ended (in `DealScore.staubaus`). */
export interface StaubausScore {
  announcer: Seat;
  round: 1 | 2;
  suit: Suit;
  /** The card handed over to the announcer. */
  named: Card;
  /** True when the announcer won all ten tricks. */
  won: boolean;
}

/**
 * How a deal's score is written for a seat: `slash` is the Stange "/" (no trick and nothing scored),
 * `underlined` a dealer who took no trick but scored through the discard, `plain` otherwise.
 */
export type ScoreMark = 'plain' | 'slash' | 'underlined';

/**
 * The score of one finished deal. Arrays are per seat (all seats of the table, 3 to 5).
 * An ordinary deal: card points per active seat include the last-trick 10 and the dealer's discard; they sum to 150.
 * A Staubaus deal: each active seat is credited 50 card points (sum 150); no discard points, marks all `plain`.
 * Seats sitting out (4–5 players) have 0 card points, 0 tricks, mark `plain` and no payments.
 */
export interface DealScore {
  dealNo: number;
  dealer: Seat;
  /** Trumps of the deal: the turned suit, or the Große Ekart Staubaus suit. */
  trump: Suit;
  turnUp: Card;
  /**
   * The three seats that played the deal, ascending. Absent in deals recorded before 4–5 players existed (all three
   * seats played). The engine always sets it.
   */
  active?: Seat[];
  /** Card points per seat for this deal (0 for a seat sitting out). */
  cardPoints: number[];
  /** Tricks taken per seat. */
  tricks: number[];
  /** Card points of the dealer's discard (included in the dealer's cardPoints); 0 in a Staubaus deal. */
  discardPoints: number;
  marks: ScoreMark[];
  sidePayments: SidePayment[];
  /** Set when the deal was a Staubaus (§ Variants); absent otherwise. */
  staubaus?: StaubausScore;
}

/** The whole game's result in units (§ Game and settlement). */
export interface ReunionResult {
  /** Card points per seat over the game's deals (one deal per seat, each seat active in 3; sum 150 per deal: 450 with 3 players). */
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

/**
 * `discard` (the dealer lays away two cards), `announce` (Staubaus or pass, Kleine/Große Ekart only), `name` and
 * `giveBack` (the Staubaus announcer's exchange), `play` (trick play), `over`.
 */
export type Phase = 'discard' | 'announce' | 'name' | 'giveBack' | 'play' | 'over';

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
  /**
   * The Staubaus calls of this deal so far, in order (Kleine/Große Ekart; empty otherwise). May be absent in a
   * state stored before the variants (read as empty).
   */
  announcements?: Announcement[];
  /** The Staubaus of this deal once announced; null or absent otherwise. */
  staubaus?: Staubaus | null;
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

/**
 * Public events, for narration. None carries a hidden card: `givenBack` names no card; `handedOver` carries the
 * named card, which was announced in public. `dealt` lists the seats `active` in the deal (ascending).
 * `trickWon.cardPoints` is the card points of the trick's cards (not scored in a Staubaus deal); `lastTrick` is true
 * when the last-trick bonus of 10 goes to the winner (never in a Staubaus deal, which ends with `staubausOver`: won,
 * and the announcer's tricks).
 */
export type ReunionEvent =
  | { type: 'dealt'; dealNo: number; dealer: Seat; trump: Suit; turnUp: Card; active: Seat[] }
  | { type: 'discarded'; seat: Seat }
  | { type: 'announced'; seat: Seat; round: 1 | 2; suit: Suit }
  | { type: 'passed'; seat: Seat; round: 1 | 2 }
  | { type: 'handedOver'; from: Seat; to: Seat; card: Card }
  | { type: 'givenBack'; from: Seat; to: Seat }
  | { type: 'staubausOver'; announcer: Seat; won: boolean; tricks: number }
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
  /** The three seats playing this deal, ascending; the others sit out (public). */
  active: Seat[];
  phase: Phase;
  /** Trumps in force (the Große Ekart suit once announced). */
  trump: Suit;
  turnUp: Card;
  /** The Staubaus calls of this deal so far (public). */
  announcements: Announcement[];
  /** The Staubaus of this deal, or null. `givenBack` is null except in the views of the announcer and the holder. */
  staubaus: Staubaus | null;
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
  /**
   * The legal moves of this seat now (empty for the public view or when not this seat's turn). While the Staubaus
   * announcer names a card: every card not in their hand (nor their own discard), since the discard is hidden; a
   * discarded card is then refused with `name_in_discard`.
   */
  legal: ReunionMove[];
  deals: DealScore[];
  /** Card points per seat over the deals finished so far (public: `standing` in scoring.ts); what the game is won on. */
  totals: number[];
  /** Net units per seat of the side payments of the deals finished so far, settled after each deal (sum zero). */
  sideUnits: number[];
  draw: DealerDraw;
  result: ReunionResult | null;
}
