/**
 * The board's last few public events ("Recent" on the table message): narration lines of the latest moves of the
 * current deal (a new deal starts them afresh from the finished deal's score), in the server's language, that used
 * to be posted one message per trick or discard. Kept in memory per channel and
 * rebuilt from the table's seed and move log when this process has not seen every move (a restart, another process
 * made the move), so they survive a restart. Built only from public events and the public view: never a hidden card.
 */
import type { Locale } from '../../i18n/index.ts';
import type { TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import { uiFor } from '../games/index.ts';
import { namesOf } from '../render/index.ts';

/** How many lines the board shows. */
const RECENT_LINES = 5;
/** Moves replayed with their views when the lines are rebuilt (enough for five lines in every game). */
const REPLAYED = 60;

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

interface Recent {
  tableId: string;
  /** The number of logged moves the lines cover. */
  moves: number;
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
    if (known && known.tableId === table.id && known.moves === table.moves.length && known.lang === loc.lang) return known.lines;
    const rebuilt: Recent = { tableId: table.id, moves: table.moves.length, lang: loc.lang, lines: this.rebuild(loc, table) };
    this.byChannel.set(table.channelId, rebuilt);
    return rebuilt.lines;
  }

  /** After one move: add the lines of its `events` (rebuilding instead when a move was missed). */
  moved(loc: Locale, table: TableRecord, events: readonly unknown[]): void {
    const known = this.byChannel.get(table.channelId);
    if (!known || known.tableId !== table.id || known.lang !== loc.lang || known.moves !== table.moves.length - 1) {
      this.byChannel.delete(table.channelId);
      this.lines(loc, table);
      return;
    }
    const ui = uiFor(table.game);
    const move = told(events);
    const lines = ui.narrate(loc, move.events, namesOf(loc, table), this.tables.view(table, null));
    known.lines = [...(move.fresh ? [] : known.lines), ...lines].slice(-RECENT_LINES);
    known.moves = table.moves.length;
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
    table.moves.forEach(({ seat, move }, i) => {
      const applied = engine.apply(state, seat, move);
      if (!applied.ok) return;
      state = applied.state;
      if (i < start) return;
      const shown = told(applied.events);
      lines = [...(shown.fresh ? [] : lines), ...ui.narrate(loc, shown.events, names, engine.view(state, null))];
    });
    return lines.slice(-RECENT_LINES);
  }
}
