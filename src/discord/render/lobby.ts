/**
 * The lobby message, in the server's language: who sits, who hosts, who last took a computer player's seat, the turn
 * timer and the table's options, and Join / Leave / Start / Fill with bots buttons.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { TableGame } from '../../tables/games.ts';
import type { TableRecord } from '../../tables/types.ts';
import { encodeId } from '../customId.ts';
import type { Payload } from '../games/types.ts';
import type { Locale } from '../../i18n/index.ts';
import { optionLines } from '../options.ts';

/** The turn timer line: "Turn timer: **120 s** per move", or off. */
export const timerLine = (loc: Locale, turnTimer: number): string =>
  turnTimer ? loc.t('lobby.timer', { seconds: loc.number(turnTimer) }) : loc.t('lobby.timer_off');

/** Render a lobby in `loc`. */
export function renderLobby(loc: Locale, table: TableRecord, game: TableGame): Payload {
  const seats = table.seats.map((s, i) => {
    const who = s.bot ? loc.t('lobby.bot', { name: s.name, level: loc.t(`level.${s.bot}`) }) : `<@${s.userId}>`;
    return loc.t('lobby.seat', { n: i + 1, who: s.userId === table.hostId ? loc.t('lobby.host', { who }) : who });
  });
  const need = game.minSeats === game.maxSeats ? `${game.minSeats}` : `${game.minSeats}–${game.maxSeats}`;
  const embed = new EmbedBuilder()
    .setTitle(loc.t('lobby.title', { game: game.name }))
    .setDescription(
      [
        loc.t('lobby.players', { seated: table.seats.length, max: game.maxSeats, need }),
        ...seats,
        ...(table.botSeatTaken ? ['', loc.t('lobby.bot_seat_taken', { user: table.botSeatTaken.userId, bot: table.botSeatTaken.bot })] : []),
        '',
        timerLine(loc, table.turnTimer),
        ...optionLines(loc, game, table.options),
      ]
        .join('\n')
        .slice(0, 4096),
    )
    .setFooter({ text: loc.t('lobby.footer') });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'join' }))
      .setLabel(loc.t('lobby.join'))
      .setStyle(ButtonStyle.Success)
      // A person may take a computer player's seat (src/tables/service.ts `join`): Join stays open while one sits.
      .setDisabled(table.seats.length >= game.maxSeats && !table.seats.some((s) => s.bot)),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'leave' }))
      .setLabel(loc.t('lobby.leave'))
      .setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'start' }))
      .setLabel(loc.t('lobby.start'))
      .setStyle(ButtonStyle.Primary)
      .setDisabled(table.seats.length < game.minSeats),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'fill' }))
      .setLabel(loc.t('lobby.fill'))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(table.seats.length >= Math.max(game.minSeats, Math.min(game.maxSeats, 3))),
  );
  return { content: '', embeds: [embed], components: [row], allowedMentions: { parse: [] } };
}
