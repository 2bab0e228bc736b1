/**
 * Renderers that pick the right game UI and view. Renderers only ever see a view: the public view for
 * channel messages, a seat's own view for its hand.
 */
import { stampOf, type TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import { uiFor } from '../games/index.ts';
import type { Payload } from '../games/types.ts';
import { renderLobby } from './lobby.ts';

/** Names of the seated players, by seat. */
export const namesOf = (table: TableRecord): string[] => table.seats.map((s) => s.name);

/** The public message of a table: the lobby, or the table (while playing and at the end). */
export function renderPublic(tables: TableService, table: TableRecord): Payload {
  if (table.status === 'lobby') return renderLobby(table, tables.engine(table));
  const ui = uiFor(table.game);
  const view = tables.view(table, null);
  const mentions = ui.toAct(view).map((seat) => table.seats[seat]?.userId ?? '');
  return ui.table(view, namesOf(table), mentions);
}

/** The ephemeral hand of `seat`, rendered at the table's current version. */
export function renderHandFor(tables: TableService, table: TableRecord, seat: number, selection: readonly string[] = [], note?: string): Payload {
  return uiFor(table.game).hand(tables.view(table, seat), namesOf(table), `${stampOf(table)}.${seat}`, selection, note);
}
