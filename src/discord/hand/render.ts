/**
 * A player's hand as a message: the seat's own view (never the full state) through the game's UI, with the stamp
 * (`<tableId>.<version>.<seat>`) its controls carry so an older hand is recognised as stale; on a practice table, a
 * **Hint** button.
 */
import type { Locale } from '../../i18n/index.ts';
import { stampOf, type TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import { uiFor } from '../games/index.ts';
import type { Payload } from '../games/types.ts';
import { namesOf } from '../render/index.ts';
import { reviewFor } from '../../review/index.ts';
import { withHintButton } from '../kit/review-components.ts';

/** The ephemeral hand of `seat` in its player's language `loc`, rendered at the table's current version. */
export function renderHandFor(
  loc: Locale,
  tables: TableService,
  table: TableRecord,
  seat: number,
  selection: readonly string[] = [],
  note?: string,
): Payload {
  const stamp = `${stampOf(table)}.${seat}`;
  const hand = uiFor(table.game).hand(loc, tables.view(table, seat), namesOf(loc, table), stamp, selection, note);
  // Only a practice table offers a hint (docs/playing.md § Practice): a game that counts never does.
  return table.practice && reviewFor(table.game) ? withHintButton(loc, hand, stamp) : hand;
}
