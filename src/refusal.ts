/**
 * A refusal: what the table layer, the weekly night, the record commands and the commands throw when they turn an
 * action down (no table, not your turn, a stale button, bad input…). The router answers it privately with its
 * message and changes nothing. Each carries a code for tests and logs and a sentence for the player.
 */

export type RefusalCode =
  | 'no_table'
  | 'table_exists'
  | 'already_seated'
  | 'table_full'
  | 'not_seated'
  | 'not_host'
  | 'not_enough_players'
  | 'not_in_lobby'
  | 'not_playing'
  | 'stale'
  | 'unknown_game'
  | 'no_bot'
  | 'no_away_seat'
  | 'not_away'
  | 'bad_input';

/** A refused action. `message` is shown to the player as it is. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
