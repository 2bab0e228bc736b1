/**
 * What the Discord layer needs from each game's UI: renderers from views, the payload codec for
 * hand controls, narration of events and the rules summary. No rule logic: legality comes from the view.
 */
import type { BaseMessageOptions } from 'discord.js';
import type { Seat } from '../../games/types.ts';

/** A message body the bot can send, edit or use to update an interaction. */
export type Payload = Pick<BaseMessageOptions, 'content' | 'embeds' | 'components' | 'allowedMentions'>;

/** Names of the seated players, by seat. */
export type Names = readonly string[];

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
  /** The unit of the measure, plural: "units", "game points", "penalty points". */
  unit: string;
  /** The scoreboard column of the summed measure, e.g. "Units". */
  column: string;
  /** The measure is minus penalty points: shown as penalty points (unsigned, fewest first), not as a signed net. */
  penalty: boolean;
  /** One line for a deal (markdown on purpose, e.g. a score-sheet underline); `names` are markdown-escaped. */
  dealLine(deal: Deal, names: Names): string;
  /** The final result in one line from the seats best first and the engine's result. */
  resultLine(order: readonly RankedSeat[], result: Result): string;
  /** The game's own counts for /stats (the keys its record summary writes). */
  countsLine(counts: Record<string, number>): string;
}

/**
 * A game's Discord UI, typed by its engine's view, event, deal score and result (src/discord/games/index.ts
 * joins it with the engine, which checks that the types agree).
 */
export interface GameUi<View, Event, Deal, Result> {
  /** The public table message while playing or at the end. `mentions` are user ids of the seats to act. */
  table(view: View, names: Names, mentions: readonly string[]): Payload;
  /** A seat's ephemeral hand with the current `selection`; `stamp` (table id and version) goes into every control's custom_id. */
  hand(view: View, names: Names, stamp: string, selection: readonly string[], note?: string): Payload;
  /** Decode a hand control's payload (and a select menu's chosen `values`), checked against the seat's view; null if malformed. */
  parse(payload: string, view: View, values: readonly string[]): HandAction | null;
  /** Short public narration lines for events (finished tricks, deals, the game). */
  narrate(events: readonly Event[], names: Names, view: View): string[];
  /** The public line that introduces the game when it starts (e.g. the draw for first dealer). */
  opening(view: View, names: Names): string;
  /** The readable rules summary for `/rules`. */
  rules: string;
  /** Seats whose turn it is, from the public view. */
  toAct(view: View): Seat[];
  /** How its records read. */
  records: RecordUi<Deal, Result>;
}
