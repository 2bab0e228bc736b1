/**
 * My hand and `/hand`: open (or refresh in place) the presser's own hand, which becomes their live hand
 * (src/discord/hand/live.ts); after the end, say where the result is.
 */
import { MessageFlags, type RepliableInteraction } from 'discord.js';
import { Refusal } from '../../refusal.ts';
import { channelOf, replyPrivately } from '../actions.ts';
import type { BotContext } from '../context.ts';
import { privateLocale } from '../language.ts';
import * as respond from '../respond.ts';
import { gameOverLine } from './game-over.ts';
import { renderHandFor } from './render.ts';

/**
 * "This game of … is over", in the presser's language, with a link to the message showing the result of the channel's
 * last finished game (`TableService.lastFinished`) and its `/replay` id; null when no finished game is remembered.
 */
export async function gameOverText(interaction: RepliableInteraction, ctx: BotContext, recordId?: string): Promise<string | null> {
  const { guildId, channelId } = channelOf(interaction);
  return gameOverLine(privateLocale(interaction), ctx.tables, guildId, channelId, recordId);
}

/**
 * Open (or, on a hand message, refresh in place) the presser's own hand. After the end (no table, or My hand pressed
 * on an older table message while the channel's new table has not started) it answers privately that the game is
 * over and where its result is.
 */
export async function showHand(interaction: RepliableInteraction, ctx: BotContext, note?: string): Promise<void> {
  const table = await ctx.tables.get(channelOf(interaction).channelId);
  const olderMessage =
    interaction.isButton() && !interaction.message.flags.has(MessageFlags.Ephemeral) && interaction.message.id !== table?.messageId;
  if (!table || (olderMessage && table.status !== 'playing')) {
    const over = await gameOverText(interaction, ctx);
    if (over) return replyPrivately(interaction, over);
  }
  if (!table) throw new Refusal('no_table', 'refusal.no_table');
  if (table.status !== 'playing') throw new Refusal('not_playing', 'refusal.not_started');
  const seat = ctx.tables.seatOf(table, interaction.user.id);
  if (seat < 0) throw new Refusal('not_seated', 'refusal.not_playing_here');
  ctx.views.pings.touch(table.channelId, interaction.user.id);
  const hand = renderHandFor(privateLocale(interaction), ctx.tables, table, seat, [], note);
  if (interaction.isButton() && interaction.message.flags.has(MessageFlags.Ephemeral)) {
    await respond.update(interaction, hand);
    ctx.views.hands.opened(interaction, table, hand);
  } else ctx.views.hands.opened(interaction, table, hand, await respond.replyPrivately(interaction, hand, true));
}
