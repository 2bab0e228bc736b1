/**
 * Refusals from the table layer. Each carries a code for tests and logs and a sentence for the player.
 */

export type TableErrorCode =
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

/** A refused table action. `message` is shown to the player as it is. */
export class TableError extends Error {
  constructor(
    readonly code: TableErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TableError';
  }
}
