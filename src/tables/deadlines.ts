/**
 * When a table's next timed event falls: the lobby's self-close, a computer move after a short pause, or a
 * human's turn timer (reminder at half time, the move made for them at expiry). Pure: the clock is passed in.
 */
import type { Seat } from '../games/types.ts';
import type { Deadline, TableRecord } from './types.ts';

/** Timing settings of the table layer, in milliseconds. */
export interface Timing {
  /** Pause before a computer move, so people can follow the play. */
  botDelayMs: number;
  /** A lobby not started this long after it opened closes itself (30 minutes). */
  lobbyTimeoutMs: number;
  /** Time budget of one computer decision. */
  decisionBudgetMs: number;
}

export const DEFAULT_TIMING: Timing = { botDelayMs: 1500, lobbyTimeoutMs: 30 * 60_000, decisionBudgetMs: 300 };

/** Default seconds per move for a new table; 0 turns the timer off. */
export const DEFAULT_TURN_TIMER_S = 120;
/** The longest turn timer a table may set, in seconds. */
export const MAX_TURN_TIMER_S = 3600;
/** After this many timed-out turns in a row a player is shown as away and the computer plays for them. */
export const AWAY_AFTER_TURNS = 3;

/**
 * The next deadline of `table` given the seats to act now (`toAct`) and the engine's turn key (`turn`), at time
 * `now`: a lobby closes at creation + `lobbyTimeoutMs`; while playing, a bot or away seat to act moves after
 * `botDelayMs`; a person with a turn timer has `turnTimer` seconds for the turn (reminded at half time) — a
 * turn of several moves keeps the timer it started with; otherwise none.
 */
export function nextDeadline(table: TableRecord, toAct: readonly Seat[], now: number, timing: Timing, turn = ''): Deadline | null {
  if (table.status === 'lobby') return { kind: 'lobby', at: table.createdAt + timing.lobbyTimeoutMs };
  const seat = toAct[0];
  if (table.status !== 'playing' || seat === undefined) return null;
  const info = table.seats[seat];
  if (info?.bot || info?.away) return { kind: 'bot', seat, at: now + timing.botDelayMs };
  const timer = table.turnTimer;
  if (timer <= 0) return null;
  const running = table.deadline;
  // The same turn goes on (e.g. a Rommé player drew and now melds): its timer keeps running.
  if (running?.kind === 'turn' && running.seat === seat && running.turn === turn) return running;
  return { kind: 'turn', seat, at: now + timer * 1000, remindAt: now + timer * 500, turn };
}

/** When the table next needs attention: the reminder if one is pending, else the deadline itself. */
export function dueAt(deadline: Deadline | null | undefined): number | null {
  if (!deadline) return null;
  return deadline.kind === 'turn' && deadline.remindAt !== null ? deadline.remindAt : deadline.at;
}
