/**
 * The lobby message: who sits, who hosts, and Join / Leave / Start buttons.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { TableGame } from '../../tables/games.ts';
import type { TableRecord } from '../../tables/types.ts';
import { encodeId } from '../customId.ts';
import type { Payload } from '../games/types.ts';
import type { Locale } from '../../i18n/index.ts';

/** An option's value as shown to players. */
export const formatOption = (value: unknown): string => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));

/** Render a lobby. */
export function renderLobby(_loc: Locale, table: TableRecord, game: TableGame): Payload {
  const seats = table.seats.map(
    (s, i) => `${i + 1}. ${s.bot ? `🤖 ${s.name} (computer, ${s.bot})` : `<@${s.userId}>`}${s.userId === table.hostId ? ' (host)' : ''}`,
  );
  const timer = table.turnTimer ? `Turn timer: **${table.turnTimer} s** per move` : 'Turn timer: **off**';
  const need = game.minSeats === game.maxSeats ? `${game.minSeats}` : `${game.minSeats}–${game.maxSeats}`;
  const options = game.options.map((o) => `${_loc.t(`${game.id}:option.${o.key}`)}: **${formatOption(table.options[o.key])}**`);
  const embed = new EmbedBuilder()
    .setTitle(`${game.name} · waiting for players`)
    .setDescription([`Players (${table.seats.length}/${game.maxSeats}, needs ${need}):`, ...seats, '', timer, ...options].join('\n'))
    .setFooter({ text: 'Press Join to take a seat; the host presses Start (or Fill with bots to seat computer players).' });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'join' }))
      .setLabel('Join')
      .setStyle(ButtonStyle.Success)
      .setDisabled(table.seats.length >= game.maxSeats),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'leave' }))
      .setLabel('Leave')
      .setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'start' }))
      .setLabel('Start')
      .setStyle(ButtonStyle.Primary)
      .setDisabled(table.seats.length < game.minSeats),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'fill' }))
      .setLabel('Fill with bots')
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(table.seats.length >= Math.max(game.minSeats, Math.min(game.maxSeats, 3))),
  );
  return { content: '', embeds: [embed], components: [row], allowedMentions: { parse: [] } };
}
