/**
 * Table actions shared by slash commands and buttons: they call the table layer, then answer the
 * interaction (through src/discord/respond.ts, which knows whether it was deferred) and update the channel.
 * Replies to refusals are thrown as `Refusal` and answered by the error boundary (src/discord/errors.ts). What
 * runs after the table layer stored a change runs inside `afterChange`, so a failure there is answered as "…, but the
 * message could not be updated", never as "nothing was changed".
 */
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  PermissionFlagsBits,
  type RepliableInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { BotLevel } from '../bots/types.ts';
import { Refusal } from '../refusal.ts';
import type { Actor } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { BotContext } from './context.ts';
import { afterChange } from './errors.ts';
import { uiFor } from './games/index.ts';
import { mentionable, namesOf, renderHandFor, renderPublic } from './render/index.ts';
import { privateLocale } from './language.ts';
import * as respond from './respond.ts';

/** The acting user as the table layer knows them. */
export function actorOf(interaction: RepliableInteraction): Actor {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return { userId: interaction.user.id, name: nick ?? interaction.user.displayName };
}

/** The channel of a guild interaction; throws when used outside a server channel. */
export function channelOf(interaction: RepliableInteraction): { guildId: string; channelId: string } {
  if (!interaction.guildId || !interaction.channelId) throw new Refusal('bad_input', 'Tables live in server channels; this does not work in DMs.');
  return { guildId: interaction.guildId, channelId: interaction.channelId };
}

/** Reply only the presser can see. */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  await respond.replyPrivately(interaction, content);
}

/** A button on the table message itself, whose update can carry the new table. */
const onTableMessage = (interaction: RepliableInteraction, table: TableRecord): interaction is ButtonInteraction =>
  interaction.isButton() && interaction.message.id === table.messageId;

/**
 * Answer a stored lobby change: update the lobby message in place when the button was on it, else reply `done`
 * privately and edit it. A failure here is an `AfterChangeError` (the change stays made).
 */
async function answerLobby(interaction: RepliableInteraction, ctx: BotContext, table: TableRecord | null, done: string): Promise<void> {
  await afterChange(done.replace(/\.$/, ''), async () => {
    if (table && onTableMessage(interaction, table)) {
      await respond.update(interaction, renderPublic(await ctx.languages.forInteraction(interaction), ctx.tables, table));
      return;
    }
    await replyPrivately(interaction, done);
    if (table) await ctx.publisher.refresh(table);
  });
}

export async function joinTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.join(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, 'You have taken a seat.');
}

export async function leaveTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const { channelId } = channelOf(interaction);
  const before = await ctx.tables.require(channelId);
  const table = await ctx.tables.leave(channelId, actorOf(interaction));
  if (!table) {
    const closed = 'The table was closed: everyone left.';
    await afterChange('You left and the table is closed', async () => {
      if (interaction.isButton() && interaction.message.id === before.messageId)
        await respond.update(interaction, { content: closed, embeds: [], components: [] });
      else {
        await replyPrivately(interaction, 'You left; the table is closed.');
        if (before.messageId) await ctx.publisher.closeMessage(channelId, before.messageId, closed);
      }
    });
    return;
  }
  await answerLobby(interaction, ctx, table, 'You have left the table.');
}

/**
 * A lobby or table button acts only from the channel's current table message: the same button left on the
 * message of a table that was closed (cancelled, timed out, finished) is refused, even if a new table is open.
 */
export async function requireTableMessage(interaction: ButtonInteraction | StringSelectMenuInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.get(channelOf(interaction).channelId);
  if (table?.messageId && interaction.message.id !== table.messageId)
    throw new Refusal('stale', 'That button belongs to a table that is closed. Use the buttons on the current table message.');
}

/** Seat computer players up to the usual table size (host, lobby). */
export async function fillTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.fillWithBots(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, 'Computer players have taken the empty seats.');
}

/** Seat a computer player of `level` (host, lobby). */
export async function addBot(interaction: RepliableInteraction, ctx: BotContext, level: BotLevel): Promise<void> {
  const table = await ctx.tables.addBot(channelOf(interaction).channelId, actorOf(interaction), level);
  const bot = table.seats[table.seats.length - 1];
  await answerLobby(interaction, ctx, table, `🤖 ${bot?.name} (${level}) has taken a seat.`);
}

/** Remove the last computer player (host, lobby). */
export async function removeBot(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.removeBot(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, 'A computer player has left the table.');
}

/** Take over the seat of a player who is away. */
export async function takeover(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const { table, seat, replaced } = await ctx.tables.takeover(channelOf(interaction).channelId, actorOf(interaction));
  await afterChange('The seat is yours', async () => {
    await replyPrivately(interaction, 'The seat is yours: press **My hand** on the table to see your cards.');
    await ctx.publisher.announce(table.channelId, [`<@${interaction.user.id}> has taken over seat ${seat + 1} from <@${replaced}>, who was away.`]);
    await ctx.publisher.refresh(table);
  });
}

/** An away player takes their seat back. */
export async function comeBack(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.back(channelOf(interaction).channelId, actorOf(interaction));
  await afterChange('Your seat is yours again', async () => {
    await replyPrivately(interaction, 'Welcome back: your seat is yours again. Press **My hand** to see your cards.');
    await ctx.publisher.refresh(table);
  });
}

export async function startTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.start(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, 'The game has started.');
  await afterChange('The game has started', async () => {
    const ui = uiFor(table.game);
    const view = ctx.tables.view(table, null);
    const first = mentionable(table, ui.toAct(view));
    const loc = await ctx.languages.forInteraction(interaction);
    await ctx.publisher.announce(table.channelId, [ui.opening(loc, view, namesOf(loc, table))], first);
  });
}

/** Open (or, on a hand message, refresh in place) the presser's own hand. */
export async function showHand(interaction: RepliableInteraction, ctx: BotContext, note?: string): Promise<void> {
  const table = await ctx.tables.require(channelOf(interaction).channelId);
  if (table.status !== 'playing') throw new Refusal('not_playing', 'The game has not started yet.');
  const seat = ctx.tables.seatOf(table, interaction.user.id);
  if (seat < 0) throw new Refusal('not_seated', 'You are not playing at this table.');
  const hand = renderHandFor(privateLocale(interaction), ctx.tables, table, seat, [], note);
  if (interaction.isButton() && interaction.message.flags.has(MessageFlags.Ephemeral)) await respond.update(interaction, hand);
  else await respond.replyPrivately(interaction, hand);
}

/** Cancel the channel's table (host, or a member with Manage Messages). */
export async function cancelTable(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const moderator = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  const table = await ctx.tables.cancel(channelOf(interaction).channelId, actorOf(interaction), moderator);
  await afterChange('The table is cancelled', async () => {
    await respond.replyPublicly(
      interaction,
      { content: `The ${ctx.tables.engine(table).name} table was cancelled by <@${interaction.user.id}>.`, allowedMentions: { parse: [] } },
      'The table is cancelled.',
    );
    if (table.messageId) await ctx.publisher.closeMessage(table.channelId, table.messageId, 'This table was cancelled.');
  });
}
