/**
 * Rommé state, moves, events and views. Plain JSON throughout. Cards are physical card ids (`7♥/1`).
 * Rule source: docs/rules/romme.md.
 */
import type { CardId, Suit } from './pack.ts';
import type { Seat } from '../types.ts';

/** Table options, every one from the digest, with its default (§ Pack, § Seating and deal, § A turn, § Melds, § Card values, § First meld, § Joker swap, § Going out, § Game). */
export interface RommeOptions {
  /** Jokers in the pack: 6 (default) or 4. */
  jokers: number;
  /** Penalty points of a joker left in hand: 30 (default), 25 or 20. */
  jokerValue: number;
  /** Value the first meld must reach: 40 (default) or 30. */
  firstMeldMinimum: number;
  /** No turn-up; the starting player gets a 14th card and starts without drawing. Default off. */
  startWith14: boolean;
  /** With startWith14: forehand (not the dealer) gets the 14th card and starts. Default off. */
  fourteenthToForehand: boolean;
  /** A card taken from the discard pile must be melded or laid off in the same turn. Default off. */
  discardPickupMustBeMelded: boolean;
  /** Runs may go around the corner (K-A-2). Default off. */
  aroundTheCorner: boolean;
  /** A joker in a set may only be taken when the set ends up as four natural cards. Default off. */
  strictSetSwap: boolean;
  /** Going out in one turn without having melded before doubles the others' penalty points. Default off. */
  handRomme: boolean;
  /** Deals in the game; 0 = one per player (default). */
  deals: number;
  /** Play until a player's penalty total reaches this; 0 = off (default). */
  penaltyLimit: number;
  /**
   * Players sit in the order of the cards they drew, highest first (seat 0 deals first). Not a players' choice: every
   * game started now has it (`romme.fixedOptions`); absent in games stored before, which sat in join order.
   */
  seatByDraw?: boolean;
  /**
   * A game by penalty limit runs until the limit, however many deals. Not a players' choice: every game started now
   * has it; absent in games stored before, which also stopped after 100 deals.
   */
  uncappedDeals?: boolean;
}

export const DEFAULT_ROMME_OPTIONS: RommeOptions = {
  jokers: 6,
  jokerValue: 30,
  firstMeldMinimum: 40,
  startWith14: false,
  fourteenthToForehand: false,
  discardPickupMustBeMelded: false,
  aroundTheCorner: false,
  strictSetSwap: false,
  handRomme: false,
  deals: 0,
  penaltyLimit: 0,
};

/**
 * A meld on the table, numbered from 1 in the order laid. A run keeps its cards in order from `start`
 * (the rank number of its first position: 1 = ace low … 14 = ace high; past 13 only around the corner),
 * so a joker's meaning is its position. A set has a rank; its jokers stand for missing suits, left open.
 */
export type Meld =
  | { no: number; owner: Seat; kind: 'run'; suit: Suit; start: number; cards: CardId[] }
  | { no: number; owner: Seat; kind: 'set'; rank: number; cards: CardId[] };

/** A group of cards to meld; `start` names the run's first rank when the jokers' places are ambiguous. */
export interface Group {
  cards: CardId[];
  start?: number;
}

export type RommeMove =
  | { type: 'draw'; from: 'stock' | 'discard' }
  /** Lay one or more new melds (a first meld: all of that turn's melds at once). */
  | { type: 'meld'; groups: Group[] }
  /** Add one card to a meld on the table; `end` says where a joker goes on a run when both ends fit. */
  | { type: 'layOff'; meld: number; card: CardId; end?: 'low' | 'high' }
  /** Put natural card(s) into meld `meld` for its joker(s), and meld the freed joker(s) at once with `cards`. */
  | { type: 'swap'; meld: number; naturals: CardId[]; cards: CardId[]; start?: number }
  | { type: 'discard'; card: CardId };

export type Phase = 'draw' | 'play' | 'over';

/** A finished deal. Penalty points are positive; lower is better. */
export interface DealScore {
  dealNo: number;
  dealer: Seat;
  /** Null when the stock ran out twice (no winner). */
  winner: Seat | null;
  handRomme: boolean;
  /** Penalty points per seat for this deal (doubled for Hand-Rommé). */
  penalties: number[];
}

export interface RommeResult {
  /** Penalty totals per seat. */
  totals: number[];
  /** Rank per seat, 1 = best (lowest total); equal totals share a rank. */
  ranks: number[];
  deals: DealScore[];
}

/** Full state. Every card is in exactly one of: hands, stock, discard pile, melds. */
export interface RommeState {
  game: 'romme';
  seed: string;
  options: RommeOptions;
  seats: number;
  /**
   * The draw: each round, the card each drawing seat drew (highest deals). With `seatByDraw` the seats are those
   * taken after the draw, and later rounds settle every tie, not only the highest.
   */
  draw: { seat: Seat; card: string }[][];
  /**
   * With `seatByDraw`: for each seat, the 0-based place in join order of the player who sits there (the table layer
   * moves its players accordingly when the game starts, `GameDefinition.seatOrder`). Absent otherwise.
   */
  seating?: Seat[];
  firstDealer: Seat;
  dealNo: number;
  dealer: Seat;
  phase: Phase;
  turn: Seat;
  hands: CardId[][];
  /** Face down; the top is the last element. */
  stock: CardId[];
  /** Face up; the top is the last element. */
  discardPile: CardId[];
  melds: Meld[];
  /** Whether each seat has made its first meld this deal. */
  hasMelded: boolean[];
  /** Whether the seat to move had melded before this turn began (joker swaps, Hand-Rommé). */
  meldedBeforeTurn: boolean;
  /** The first meld was made this turn: no lay-offs or swaps until next turn. */
  firstMeldThisTurn: boolean;
  /** The card taken from the discard pile this turn (may not be discarded again this turn). */
  takenFromDiscard: CardId | null;
  /** How many times the stock was rebuilt this deal (at most once). */
  restocks: number;
  /** Per seat, the cards it took from the discard pile this deal, in order (public: every pick-up is seen by all). */
  pileTaken: CardId[][];
  deals: DealScore[];
}

export type RommeEvent =
  | { type: 'dealt'; dealNo: number; dealer: Seat; turnUp: CardId | null }
  | { type: 'drew'; seat: Seat; from: 'stock' | 'discard'; card: CardId | null }
  | { type: 'restocked'; size: number }
  | { type: 'melded'; seat: Seat; melds: Meld[]; value: number }
  | { type: 'laidOff'; seat: Seat; meld: number; card: CardId }
  | { type: 'swapped'; seat: Seat; meld: number; naturals: CardId[]; newMeld: Meld }
  | { type: 'discarded'; seat: Seat; card: CardId }
  | { type: 'wentOut'; seat: Seat; handRomme: boolean }
  | { type: 'stockExhausted' }
  | { type: 'dealScored'; score: DealScore }
  | { type: 'gameOver'; result: RommeResult };

/** A lay-off the seat to move may make: `card` from its hand onto meld `meld`; a joker on a run names its `end`. */
export interface LayOffChoice {
  card: CardId;
  meld: number;
  end?: 'low' | 'high';
}

/**
 * What one seat (or the public, seat null) sees. `pileTaken` is public memory of this deal: per seat, the cards
 * it took from the discard pile, in order (each was face up when taken; some may since be melded or discarded).
 */
export interface RommeView {
  seat: Seat | null;
  seats: number;
  options: RommeOptions;
  dealNo: number;
  totalDeals: number | null;
  dealer: Seat;
  phase: Phase;
  turn: Seat;
  hand: CardId[];
  handSizes: number[];
  stockSize: number;
  discardTop: CardId | null;
  melds: Meld[];
  hasMelded: boolean[];
  /** For the seat to move: whether lay-offs and swaps are allowed now, and the card it may not discard (nor its twin). */
  mayLayOff: boolean;
  maySwap: boolean;
  /** For the seat to move (else empty): every lay-off it may make now (`legal.ts` `layOffChoices`). */
  layOffs: LayOffChoice[];
  takenFromDiscard: CardId | null;
  toAct: Seat[];
  totals: number[];
  deals: DealScore[];
  draw: { seat: Seat; card: string }[][];
  /** Per seat, the cards it took from the discard pile this deal, in order (public). */
  pileTaken: CardId[][];
  result: RommeResult | null;
}

/**
 * Every code a Rommé refusal can carry; the sentence for each is `romme:refusal.<code>` in src/i18n, filled in with
 * the reason's vars (`card` a card id, `meld` a meld number, `minimum` and `value` points, `why` the code of the
 * reason a freed joker could not be melded).
 */
export const ROMME_REFUSALS = [
  'game_over',
  'unknown_move',
  'not_your_turn',
  'already_drawn',
  'empty_pile',
  'unusable_pickup',
  'pickup_no_discard',
  'draw_first',
  'no_cards',
  'not_in_hand',
  'card_twice',
  'meld_too_short',
  'jokers_outnumber',
  'set_suits',
  'set_too_long',
  'not_a_meld',
  'ambiguous_joker',
  'first_meld_minimum',
  'keep_discard',
  'use_taken',
  'strands_taken',
  'lay_off_first_meld',
  'no_meld',
  'no_fit',
  'no_fit_end',
  'swap_first_meld',
  'no_swap',
  'no_swap_strict',
  'swap_no_meld',
  'discard_taken',
] as const;
export type RommeRefusal = (typeof ROMME_REFUSALS)[number];
