/**
 * A refusal: what the table layer, the weekly night, the record commands and the commands throw when they turn an
 * action down (no table, not your turn, a stale button, bad input…). The router answers it privately with its
 * message and changes nothing. Each carries a code for tests and logs and a sentence for the player.
 */
import { ENGLISH, type Text, type Vars } from './i18n/index.ts';

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

/**
 * A refused action. `key` (an i18n key, e.g. `refusal.not_seated` or `weekly:refusal.paused`) and `vars` are the
 * sentence for the player, translated where the answer is rendered (in the user's language).
 */
export class Refusal extends Error {
  readonly text: Text;
  constructor(
    readonly code: RefusalCode,
    key: string,
    vars?: Vars,
  ) {
    const text: Text = vars ? { key, vars } : { key };
    // The Error's own message is the English sentence, for logs and tests; players get theirs from `text`.
    super(ENGLISH.say(text));
    this.text = text;
    this.name = 'Refusal';
  }
}
