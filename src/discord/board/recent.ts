/**
 * The board's last few public events ("Recent" on the table message): narration lines of the latest moves of the
 * current deal (a new deal starts them afresh from the finished deal's score), in the server's language, that used
 * to be posted one message per trick or discard. Kept in memory per channel (at most `TABLES_KEPT` tables, the least
 * recently used dropped first) with the game state they were told up to. When this process missed moves (another
 * process made them), only the missed moves are applied to that state and told; the whole log is replayed from the
 * seed only when the table is not in memory (a restart, dropped from the cache) or too many moves were missed. A turn
 * the timer played for a person is told from its logged move (`LoggedMove.timeout`: "(auto)", or now away), so those
 * lines come back after a restart too; the other noted lines (a seat left or taken over, a practice table opened) are
 * kept in memory only. Built only from public events and the public view: never a hidden card.
 */
import type { Locale } from '../../i18n/index.ts';
import type { TableService } from '../../tables/service.ts';
import type { LoggedMove, TableRecord } from '../../tables/types.ts';
import { uiFor } from '../games/index.ts';
import { namesOf } from '../render/index.ts';

/** How many lines the board shows. */
const RECENT_LINES = 5;
/** Moves replayed with their views when the lines are rebuilt (enough for five lines in every game). */
const REPLAYED = 60;
/** Tables whose lines (and state) are kept in memory: about 5 kB each mid-game. */
export const TABLES_KEPT = 2_000;

/** Events that name the cards of the deal they belong to (tricks, discards, draws, melds): not told once a new deal is dealt. */
const OF_THE_DEAL = new Set(['played', 'trickWon', 'discarded', 'drew', 'melded', 'laidOff', 'swapped']);

/**
 * The events of one move as the board tells them: a move that deals anew starts the board's lines afresh, with how
 * the finished deal ended (its score, a Staubaus, going out) but not its last cards (the next deal reuses their labels).
 */
function told(events: readonly unknown[]): { events: readonly unknown[]; fresh: boolean } {
  const type = (e: unknown) => (typeof e === 'object' && e !== null && 'type' in e ? String(e.type) : '');
  if (!events.some((e) => type(e) === 'dealt')) return { events, fresh: false };
  return { events: events.filter((e) => !OF_THE_DEAL.has(type(e))), fresh: true };
}

/** The line a logged move adds after its events: a turn the timer played for a person (none for other moves). */
function timeoutLines(loc: Locale, table: TableRecord, logged: LoggedMove | undefined): string[] {
  if (!logged?.timeout) return [];
  const name = table.seats[logged.seat]?.name ?? loc.t('timer.someone');
  return [loc.t(logged.timeout === 'away' ? 'timer.now_away' : 'timer.auto', { name })];
}

interface Recent {
  tableId: string;
  /** The number of logged moves the lines cover. */
  moves: number;
  /** The game state after those moves (engine states are never changed in place). */
  state: unknown;
  lang: string;
  lines: string[];
}

/** The recent public lines of each channel's table. */
export class RecentEvents {
  private readonly byChannel = new Map<string, Recent>();

  constructor(private readonly tables: TableService) {}

  /** The last lines of `table` (oldest first), rebuilt from its move log when they are not known for its last move. */
  lines(loc: Locale, table: TableRecord): string[] {
    if (table.status === 'lobby' || !table.state) return [];
    const known = this.byChannel.get(table.channelId);
    const usable = known && known.tableId === table.id && known.lang === loc.lang && known.moves <= table.moves.length;
    if (usable && known.moves === table.moves.length) return this.used(table.channelId, known).lines;
    if (usable && table.moves.length - known.moves <= REPLAYED) return this.used(table.channelId, this.catchUp(loc, table, known)).lines;
    const rebuilt: Recent = {
      tableId: table.id,
      moves: table.moves.length,
      state: table.state,
      lang: loc.lang,
      lines: this.rebuild(loc, table),
    };
    return this.used(table.channelId, rebuilt).lines;
  }

  /** After one move: add the lines of its `events` (catching up on moves missed before it, if any). */
  moved(loc: Locale, table: TableRecord, events: readonly unknown[]): void {
    const before = table.moves.length - 1;
    let known = this.byChannel.get(table.channelId);
    if (!known || known.tableId !== table.id || known.lang !== loc.lang || known.moves > before || before - known.moves > REPLAYED) {
      this.lines(loc, table);
      return;
    }
    if (known.moves < before) known = this.catchUp(loc, table, known, before);
    if (known.moves !== before) {
      this.used(table.channelId, known); // the log was replayed whole: its lines include this move's
      return;
    }
    const ui = uiFor(table.game);
    const move = told(events);
    const lines = [
      ...ui.narrate(loc, move.events, namesOf(loc, table), this.tables.view(table, null)),
      ...timeoutLines(loc, table, table.moves[table.moves.length - 1]),
    ];
    known.lines = [...(move.fresh ? [] : known.lines), ...lines].slice(-RECENT_LINES);
    known.moves = table.moves.length;
    known.state = table.state;
    this.used(table.channelId, known);
  }

  /** How many tables' lines are kept in memory now (at most `TABLES_KEPT`). */
  get size(): number {
    return this.byChannel.size;
  }

  /** Keep `recent` as the channel's, as the most recently used (the least recently used table is dropped beyond `TABLES_KEPT`). */
  private used(channelId: string, recent: Recent): Recent {
    this.byChannel.delete(channelId);
    this.byChannel.set(channelId, recent);
    if (this.byChannel.size > TABLES_KEPT) this.byChannel.delete(this.byChannel.keys().next().value as string);
    return recent;
  }

  /**
   * Apply the moves `known` has not told yet, up to the first `upTo` of the log, to its state and tell them (another
   * process made them); the whole log is replayed instead if one does not apply.
   */
  private catchUp(loc: Locale, table: TableRecord, known: Recent, upTo = table.moves.length): Recent {
    const engine = this.tables.engine(table);
    const ui = uiFor(table.game);
    const names = namesOf(loc, table);
    let { state, lines } = known;
    for (const logged of table.moves.slice(known.moves, upTo)) {
      const applied = engine.apply(state, logged.seat, logged.move);
      if (!applied.ok) return { ...known, moves: table.moves.length, state: table.state, lines: this.rebuild(loc, table) };
      state = applied.state;
      const shown = told(applied.events);
      const narrated = [...ui.narrate(loc, shown.events, names, engine.view(state, null)), ...timeoutLines(loc, table, logged)];
      lines = [...(shown.fresh ? [] : lines), ...narrated].slice(-RECENT_LINES);
    }
    return { ...known, moves: upTo, state, lines };
  }

  /** Add public lines that are not a move's events (a turn played by the computer, a seat taken over); kept in memory only. */
  note(loc: Locale, table: TableRecord, lines: readonly string[]): void {
    const current = this.lines(loc, table);
    const known = this.byChannel.get(table.channelId);
    if (known) known.lines = [...current, ...lines].slice(-RECENT_LINES);
  }

  /** Forget a channel's lines (its table closed). */
  forget(channelId: string): void {
    this.byChannel.delete(channelId);
  }

  /** Replay the move log from the seed and narrate the last moves' events (the opening line when the game is young). */
  private rebuild(loc: Locale, table: TableRecord): string[] {
    const engine = this.tables.engine(table);
    const ui = uiFor(table.game);
    const names = namesOf(loc, table);
    let state = engine.setup(table.options, table.seats.length, table.seed);
    const start = table.moves.length - REPLAYED;
    let lines: string[] = start <= 0 ? [ui.opening(loc, engine.view(state, null), names)] : [];
    table.moves.forEach((logged, i) => {
      const applied = engine.apply(state, logged.seat, logged.move);
      if (!applied.ok) return;
      state = applied.state;
      if (i < start) return;
      const shown = told(applied.events);
      lines = [...(shown.fresh ? [] : lines), ...ui.narrate(loc, shown.events, names, engine.view(state, null)), ...timeoutLines(loc, table, logged)];
    });
    return lines.slice(-RECENT_LINES);
  }
}
