/**
 * Renderers that pick the right game UI and view. Renderers only ever see a view: the public view for
 * channel messages, a seat's own view for its hand.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { Seat } from '../../games/types.ts';
import type { TableService } from '../../tables/service.ts';
import type { SeatInfo, TableRecord } from '../../tables/types.ts';
import { encodeId } from '../customId.ts';
import { uiFor } from '../games/index.ts';
import type { Payload } from '../games/types.ts';
import type { Locale } from '../../i18n/index.ts';
import { renderLobby, timerLine } from './lobby.ts';
import { optionLines } from '../options.ts';
import { playedByComputer, seatShares } from '../../records/earned.ts';
import { toRecord } from '../../records/book.ts';
import { resultLine } from './deals.ts';
import { reviewFor } from '../../review/index.ts';
import { reviewMenuRow, withReviewButton } from '../kit/review-components.ts';

/** A seat's name as shown at the table: computer players marked 🤖, players who left "(left)", away players "(away)". */
export const seatName = (loc: Locale, s: SeatInfo): string =>
  s.bot
    ? loc.t('seat.bot', { name: s.name })
    : s.left
      ? loc.t('seat.left', { name: s.name })
      : s.away
        ? loc.t('seat.away', { name: s.name })
        : s.name;

/** Names of the seated players, by seat. */
export const namesOf = (loc: Locale, table: TableRecord): string[] => table.seats.map((s) => seatName(loc, s));

/** User ids to mention among `seats`: people who are at the table (not computer players, not away). */
export const mentionable = (table: TableRecord, seats: readonly Seat[]): string[] =>
  seats.flatMap((s) => {
    const info = table.seats[s];
    return info && !info.bot && !info.away ? [info.userId] : [];
  });

/** The "I'm back" button, shown while a player is away. */
const backRow = (loc: Locale) =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'back' }))
      .setLabel(loc.t('button.back'))
      .setStyle(ButtonStyle.Secondary),
  );

/** Discord's limit on an embed field's value. */
const FIELD_MAX = 1024;

/** The board's "Recent" field: the last public events, oldest first, cut from the oldest to fit a field. */
function recentField(loc: Locale, recent: readonly string[]): { name: string; value: string } | null {
  const lines = [...recent];
  while (lines.join('\n').length > FIELD_MAX && lines.length > 1) lines.shift();
  const value = lines.join('\n').slice(0, FIELD_MAX);
  return value ? { name: loc.t('board.recent'), value } : null;
}

/**
 * Add the board's "Recent" field (`recent`, oldest first) to a game's table message `payload` and make it ping
 * nobody. Changes and returns `payload`.
 */
export function withRecent(loc: Locale, payload: Payload, recent: readonly string[]): Payload {
  payload.allowedMentions = { parse: [] };
  const field = recentField(loc, recent);
  const embed = payload.embeds?.[0];
  if (field && embed instanceof EmbedBuilder) embed.addFields(field);
  return payload;
}

/**
 * The public message of a table in the server's language `loc`: the lobby, or the board while playing (with the
 * `recent` public events, src/discord/board/recent.ts). The board names who is to act (▶ and `<@id>`) but pings
 * nobody: `allowedMentions` is empty; the pings follow their own rule (docs/playing.md § Pings).
 */
export function renderPublic(loc: Locale, tables: TableService, table: TableRecord, recent: readonly string[] = []): Payload {
  if (table.status === 'lobby') return renderLobby(loc, table, tables.engine(table));
  const ui = uiFor(table.game);
  const view = tables.view(table, null);
  const toAct = ui.toAct(view);
  const payload = ui.table(loc, view, namesOf(loc, table), mentionable(table, toAct));
  withRecent(loc, payload, recent);
  const acting = table.seats[toAct[0] ?? -1];
  if (table.status === 'playing' && (acting?.bot || acting?.away)) {
    payload.content = loc.t(acting.bot ? 'status.thinking' : acting.left ? 'status.left' : 'status.away', { name: acting.name });
  }
  if (table.status === 'playing' && table.seats.some((s) => s.away)) payload.components = [...(payload.components ?? []), backRow(loc)];
  const over = table.status === 'playing' ? (reviewFor(table.game)?.dealsOver(table.state) ?? 0) : 0;
  return over > 0 ? withReviewButton(loc, payload, table.id, over - 1) : payload;
}

/**
 * The result message of a finished game in the server's language `loc` (a podium; see each game's `result`). A
 * person's seat the computer played mostly (src/records/earned.ts) is named "🤖 for Erin", and a line under the
 * result says so and how it counts for them: the result never says a person won what the computer played.
 */
export function renderResult(loc: Locale, tables: TableService, table: TableRecord): Payload {
  const shares = seatShares(table);
  const byComputer = table.seats.flatMap((seat, i) => {
    const share = shares[i];
    return share && playedByComputer(seat, share) ? [{ i, name: seat.startedBy?.name ?? seat.name, ...share }] : [];
  });
  const names = table.seats.map((seat, i) => {
    const played = byComputer.find((b) => b.i === i);
    return played ? loc.t('seat.for_computer', { name: played.name }) : seatName(loc, seat);
  });
  const payload = uiFor(table.game).result(loc, tables.view(table, null), names);
  const notes = byComputer.map((b) => loc.t('table.by_computer', { name: b.name, own: b.own, moves: b.moves }));
  const content = [payload.content, ...notes, ...practiceLines(loc, tables, table)].filter(Boolean).join('\n').slice(0, 2000);
  const review = reviewFor(table.game);
  const components = review && !table.practice ? [reviewMenuRow(loc, table.id, review.dealsOver(table.state))] : [];
  return { ...payload, content, components, allowedMentions: { parse: [] } };
}

/**
 * The end of a practice table (`TableRecord.practice`): that it was not recorded, then both results side by side in
 * the game's own words (`resultLine`): the real game's ("Then") and the practice's ("Now"). Empty for a real table.
 */
function practiceLines(loc: Locale, tables: TableService, table: TableRecord): string[] {
  const practice = table.practice;
  if (!practice) return [];
  const base = { ...table, startedAt: table.startedAt ?? table.createdAt, finishedAt: table.updatedAt };
  const then = toRecord({ ...base, id: practice.recordId, seats: practice.seats, moves: practice.moves, result: practice.result }, 'UTC');
  const now = toRecord({ ...base, result: tables.engine(table).result(table.state) }, 'UTC');
  return [
    loc.t('practice.over', { id: practice.recordId, move: practice.fromMove }),
    loc.t('practice.then', { line: resultLine(loc, then) }),
    loc.t('practice.now', { line: resultLine(loc, now) }),
  ];
}

/**
 * `/table status`, only to the asker `reader` (a user id), in their language `loc`: the table message as it is now
 * (without its buttons), then the turn timer and the table's options. Its call to the player to act ("<@alice>, your
 * turn — press My hand") is shown to that player only; anyone else reads who is to act ("alice is to play"), without
 * the instruction or a mention.
 */
export function renderStatus(loc: Locale, tables: TableService, table: TableRecord, reader: string): Payload {
  const shown = renderPublic(loc, tables, table);
  const acting = table.status === 'playing' ? table.seats[uiFor(table.game).toAct(tables.view(table, null))[0] ?? -1] : undefined;
  // A computer player's or an away player's turn is already told in public words (`renderPublic`).
  const call = acting && !acting.bot && !acting.away && acting.userId !== reader ? loc.t('status.to_act', { name: acting.name }) : shown.content;
  const options = optionLines(loc, tables.engine(table), table.options);
  const content = [call, timerLine(loc, table.turnTimer), options.length ? loc.t('status.options', { options: options.join(' · ') }) : '']
    .filter(Boolean)
    .join('\n')
    .slice(0, 2000);
  return { ...shown, content, components: [], allowedMentions: { parse: [] } };
}
