/**
 * A recorded game in readable lines for `/replay` and `/history`: one line per deal and one line with the final
 * result in the game's own measure. Built from the record only (its deals, outcomes and result): everything in it
 * was public when the game finished. Player names are the seats' names as recorded.
 */
import type { GameRecord } from '../../records/types.ts';
import { uiFor } from '../games/index.ts';
import type { Names } from '../games/types.ts';
import { plainText } from '../kit/format.ts';
import type { Locale } from '../../i18n/index.ts';

/** The players' names, markdown escaped (the lines themselves carry markdown on purpose). */
const namesOf = (record: GameRecord): Names => record.outcomes.map((o) => plainText(o.name));

/** One line per deal of the record, in order (the game's `RecordUi.dealLine`), in `loc`'s language. */
export function dealLines(loc: Locale, record: GameRecord): string[] {
  const names = namesOf(record);
  const { dealLine } = uiFor(record.game).records;
  return record.deals.map((d) => dealLine(loc, d, names));
}

/**
 * The final result in one line, best first (by the record's ranks, then seat order), in the game's own words
 * (`RecordUi.resultLine`) in `loc`'s language, e.g. Réunion "🏆 Anna +4 units (182 card points) · Bernd −1 unit (150 card points) · …",
 * Dreierles "🏆 Anna +12 game points · …", Rommé "1. Anna 12 penalty points · 2. …". A seat the computer played
 * for its person (`SeatOutcome.byComputer`) shows what it scored, as "🤖 for Anna", never with a trophy.
 */
export function resultLine(loc: Locale, record: GameRecord): string {
  // A seat the computer played for its person is shown with what it scored, as "🤖 for Erin", and no trophy.
  const order = record.outcomes
    .map((o, seat) => ({
      seat,
      rank: o.byComputer?.rank ?? o.rank,
      measure: o.byComputer?.measure ?? o.measure,
      trophy: o.win ? '🏆 ' : '',
      who: o.bot ? `🤖 ${o.name}` : o.byComputer ? loc.t('seat.for_computer', { name: o.name }) : o.name,
    }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return uiFor(record.game).records.resultLine(loc, order, record.result);
}
