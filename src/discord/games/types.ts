/**
 * What the Discord layer needs from each game's UI: renderers from views, the payload codec for
 * hand controls, narration of events and the rules summary. No rule logic: legality comes from the view.
 */
import type { BaseMessageOptions } from 'discord.js';
import type { IllegalReason, Seat } from '../../games/types.ts';
import type { Locale } from '../../i18n/index.ts';
import type { TablePicture } from '../../faces/table-picture.ts';
import type { Names } from '../kit/format.ts';

/** A message body the bot can send, edit or use to update an interaction. */
export type Payload = Pick<BaseMessageOptions, 'content' | 'embeds' | 'components' | 'allowedMentions'>;

export type { Names };

/** What a click on a hand control means. */
export type HandAction =
  | { kind: 'move'; move: unknown }
  /** Only changes what the hand shows (e.g. cards selected for a discard); nothing is stored. `note` is shown above the hand. */
  | { kind: 'select'; selection: string[]; note?: string };

/** A seat of a finished game as its result line shows it, best first. */
export interface RankedSeat {
  seat: Seat;
  rank: number;
  /** The game's measure for the seat (see src/records/types.ts). */
  measure: number;
  /** "🏆 " for a winner, else "". */
  trophy: string;
  /** The recorded name, "🤖 " before a computer player's. */
  who: string;
}

/** How a game's records read in /history, /replay, /stats, /scoreboard and the weekly standings. */
export interface RecordUi<Deal, Result> {
  /** The unit of the measure for `count` of it: "units", "game points", "penalty points". */
  unit(loc: Locale, count: number): string;
  /** The scoreboard column of the summed measure, e.g. "Units". */
  column(loc: Locale): string;
  /** The measure is minus penalty points: shown as penalty points (unsigned, fewest first), not as a signed net. */
  penalty: boolean;
  /** One line for a deal (markdown on purpose, e.g. a score-sheet underline); `names` are markdown-escaped. */
  dealLine(loc: Locale, deal: Deal, names: Names): string;
  /** The final result in one line from the seats best first and the engine's result. */
  resultLine(loc: Locale, order: readonly RankedSeat[], result: Result): string;
  /** The game's own counts for /stats (the keys its record summary writes). */
  countsLine(loc: Locale, counts: Record<string, number>): string;
}

/**
 * A game's Discord UI, typed by its engine's view, event, deal score and result (src/discord/games/index.ts
 * joins it with the engine, which checks that the types agree). Every renderer takes the `Locale` of its reader first:
 * the server's language for public messages, the user's for their hand (src/discord/language.ts).
 */
export interface GameUi<View, Event, Deal, Result> {
  /** The public table message while playing or at the end. `mentions` are user ids of the seats to act. */
  table(loc: Locale, view: View, names: Names, mentions: readonly string[]): Payload;
  /**
   * The result message of a finished game (posted anew at the bottom of the channel): a podium with places, totals,
   * the net result and what its units mean, in the game's own terms.
   */
  result(loc: Locale, view: View, names: Names): Payload;
  /** A seat's ephemeral hand with the current `selection`; `stamp` (table id and version) goes into every control's custom_id. */
  hand(loc: Locale, view: View, names: Names, stamp: string, selection: readonly string[], note?: string): Payload;
  /** Decode a hand control's payload (and a select menu's chosen `values`), checked against the seat's view; null if malformed. */
  parse(loc: Locale, payload: string, view: View, values: readonly string[]): HandAction | null;
  /** Short public narration lines for events (finished tricks, deals, the game). */
  narrate(loc: Locale, events: readonly Event[], names: Names, view: View): string[];
  /** The public line that introduces the game when it starts (e.g. the draw for first dealer). */
  opening(loc: Locale, view: View, names: Names): string;
  /** The readable rules for `/rules` (a private answer: content and embeds within Discord's limits). */
  rules(loc: Locale): Payload;
  /** The sentence for a move the engine refused (its code and variables; card ids in them rendered as labels). */
  refusal(loc: Locale, reason: IllegalReason): string;
  /** Seats whose turn it is, from the public view. */
  toAct(view: View): Seat[];
  /**
   * What the board's picture shows (src/faces/table-picture.ts): the trick or the last one, Rommé's discard top and
   * melds; null when nothing is on the table or `view` is not the public view. `names` by seat, as the picture prints them.
   */
  picture(view: View, names: Names): TablePicture | null;
  /** How its records read. */
  records: RecordUi<Deal, Result>;
}

/** A game's words for its review: card lists, a move, a hidden pile (`kind`, whose it is), a cost in its measure. */
export interface ReviewText {
  cards(loc: Locale, cards: readonly string[]): string;
  move(loc: Locale, move: unknown): string;
  hidden(loc: Locale, kind: 'discard' | 'blind', name: string, cards: readonly string[]): string;
  cost(loc: Locale, cost: number): string;
}
