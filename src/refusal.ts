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
 * A refused action. `text` is the sentence for the player as a key into src/i18n with its variables, translated
 * where the answer is rendered (in the user's language); a plain sentence is English from before the move to src/i18n.
 */
export class Refusal extends Error {
  readonly text: Text;
  constructor(
    readonly code: RefusalCode,
    text: string | Text,
    vars?: Vars,
  ) {
    const t: Text = typeof text === 'string' ? { key: text, ...(vars ? { vars } : {}) } : text;
    // The Error's own message is the English sentence, for logs and tests; players get theirs from `text`.
    super(/\s/.test(t.key) ? t.key : ENGLISH.say(t));
    this.text = t;
    this.name = 'Refusal';
  }
}
