/**
 * The server's frames of a table (src/web/protocol.ts), built from the stored table for one viewer: their seat's
 * view and legal moves — or the public view for a spectator, a person who left their seat, or anyone in the lobby.
 * Nothing else of the state goes out: the view is the only way a hidden card leaves a game.
 */
import type { Seat } from '../games/types.ts';
import type { TableGame } from '../tables/games.ts';
import type { FinishedGame, SeatInfo, TableRecord } from '../tables/types.ts';
import type { ClosedFrame, ResultFrame, SeatSummary, StateFrame, WebLang } from './protocol.ts';

/** The seat `userId` plays at `table` (null: a spectator, or a person who left the game: they see the public view). */
export function seatOfUser(table: Pick<TableRecord, 'seats'>, userId: string): Seat | null {
  const seat = table.seats.findIndex((s) => s.userId === userId);
  return seat < 0 || table.seats[seat]?.left ? null : seat;
}

/** Each seat as everyone may see it. */
export function seatSummaries(seats: readonly SeatInfo[], hostId: string, you: Seat | null): SeatSummary[] {
  return seats.map((s, i) => ({
    name: s.name,
    bot: s.bot ?? null,
    away: Boolean(s.away),
    left: Boolean(s.left),
    host: s.userId === hostId,
    you: i === you,
  }));
}

/** A number field of a view object, or null. */
const field = (view: unknown, key: string): unknown =>
  typeof view === 'object' && view !== null ? (view as Record<string, unknown>)[key] : undefined;

/** The `state` frame of `table` (lobby or playing) for the viewer at `seat` (null: public view). */
export function stateFrame(game: TableGame, table: TableRecord, seat: Seat | null, locale: WebLang): StateFrame {
  const playing = table.status === 'playing' && table.state !== null;
  const view = playing ? game.view(table.state, seat) : null;
  const turn = playing ? game.toAct(table.state) : [];
  const phase = field(view, 'phase');
  const dealer = field(view, 'dealer');
  const deadline = table.deadline;
  return {
    type: 'state',
    channel: table.channelId,
    tableId: table.id,
    version: table.version,
    game: table.game,
    status: playing ? 'playing' : 'lobby',
    phase: typeof phase === 'string' ? phase : null,
    seat,
    seats: seatSummaries(table.seats, table.hostId, seat),
    dealer: typeof dealer === 'number' ? dealer : null,
    turn,
    timer: deadline?.kind === 'turn' ? { seat: deadline.seat, at: deadline.at } : null,
    turnTimer: table.turnTimer,
    options: table.options as StateFrame['options'],
    view: view as StateFrame['view'],
    legal: playing && seat !== null && turn.includes(seat) ? (game.legalMoves(table.state, seat) as StateFrame['legal']) : [],
    locale,
  };
}

/** The `result` frame of a finished game. */
export function resultFrame(record: FinishedGame, you: string, locale: WebLang): ResultFrame {
  const seat = record.seats.findIndex((s) => s.userId === you);
  return {
    type: 'result',
    channel: record.channelId,
    guild: record.guildId,
    tableId: record.id,
    game: record.game,
    seats: seatSummaries(record.seats, '', seat < 0 ? null : seat),
    result: record.result as ResultFrame['result'],
    locale,
  };
}

/** The `closed` frame of a channel. */
export const closedFrame = (channel: string, reason: ClosedFrame['reason']): ClosedFrame => ({ type: 'closed', channel, reason });
