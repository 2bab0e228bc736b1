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
import { renderPublic } from './render/index.ts';
import { privateLocale } from './language.ts';
import * as respond from './respond.ts';
import type { Text, Vars } from '../i18n/index.ts';

/** The acting user as the table layer knows them. */
export function actorOf(interaction: RepliableInteraction): Actor {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return { userId: interaction.user.id, name: nick ?? interaction.user.displayName };
}

/**
 * Answer `interaction` publicly with the board of the new `table` (its lobby, or a practice table's board) and store
 * that message as the table's board, edited through the interaction's webhook while its token lives
 * (`Boards.adopt`). `privateNote` fills an ephemeral placeholder first (see `respond.replyPublicly`). Resolves to
 * the table as stored, or null when Discord did not say which message the answer became.
 */
export async function replyWithBoard(
  interaction: RepliableInteraction,
  ctx: BotContext,
  table: TableRecord,
  privateNote: string,
): Promise<TableRecord | null> {
  const board = renderPublic(await ctx.languages.forInteraction(interaction), ctx.tables, table);
  const sent = await respond.replyPublicly(interaction, board, privateNote);
  if (!sent) return null;
  const shown = await ctx.tables.setMessage(table.channelId, sent.id);
  const reply = { applicationId: interaction.applicationId, token: interaction.token, ref: sent.ref, issuedAt: interaction.createdTimestamp };
  await ctx.views.boards.adopt(table.channelId, sent.id, reply);
  return shown;
}

/** The channel of a guild interaction; throws when used outside a server channel. */
export function channelOf(interaction: RepliableInteraction): { guildId: string; channelId: string } {
  if (!interaction.guildId || !interaction.channelId) throw new Refusal('bad_input', 'refusal.no_dm');
  return { guildId: interaction.guildId, channelId: interaction.channelId };
}

/** Reply only the presser can see (`content` already in their language, `privateLocale`). */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  await respond.replyPrivately(interaction, content);
}

/** Reply only the presser can see, in their language: the message `key` with `vars`. */
const answerPrivately = (interaction: RepliableInteraction, key: string, vars?: Vars): Promise<void> =>
  replyPrivately(interaction, privateLocale(interaction).t(key, vars));

/** A button on the table message itself, whose update can carry the new table. */
const onTableMessage = (interaction: RepliableInteraction, table: TableRecord): interaction is ButtonInteraction =>
  interaction.isButton() && interaction.message.id === table.messageId;

/**
 * Answer a stored lobby change: update the lobby message in place when the button was on it, else reply `done` (what
 * was stored, without its full stop) privately as a sentence and edit it. A failure here is an `AfterChangeError`
 * (the change stays made).
 */
async function answerLobby(interaction: RepliableInteraction, ctx: BotContext, table: TableRecord | null, done: Text): Promise<void> {
  await afterChange(done, async () => {
    if (table && onTableMessage(interaction, table)) {
      await respond.update(interaction, ctx.views.boards.render(await ctx.languages.forInteraction(interaction), table));
      return;
    }
    await answerPrivately(interaction, 'sentence', { text: privateLocale(interaction).say(done) });
    if (table) await ctx.views.refresh(table);
  });
}

/** Take a seat in the lobby; once the game runs, take over the seat of a player who left or is away (`takeover`). */
export async function joinTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const current = await ctx.tables.get(channelOf(interaction).channelId);
  if (current?.status === 'playing') return takeover(interaction, ctx);
  const { table, replaced } = await ctx.tables.join(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, replaced ? { key: 'done.joined_bot_seat', vars: { bot: replaced.name } } : { key: 'done.joined' });
}

/**
 * Leave the table: in the lobby the seat goes; in a running game the computer takes the seat over at once, the board
 * notes it and the leaver is told how the game counts for them (docs/playing.md § Leaving a running game).
 */
export async function leaveTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const { channelId } = channelOf(interaction);
  const before = await ctx.tables.require(channelId);
  // The Leave button belongs to the lobby (an old view of it may still show after the start): leaving a running game
  // takes the command, said on purpose.
  if (!interaction.isChatInputCommand() && before.status !== 'lobby') throw new Refusal('not_in_lobby', 'refusal.leave_button_started');
  const table = await ctx.tables.leave(channelId, actorOf(interaction));
  if (table?.status === 'playing') {
    const seat = ctx.tables.seatOf(table, interaction.user.id);
    await afterChange({ key: 'done.left_game' }, async () => {
      await answerPrivately(interaction, 'answer.left_game');
      const loc = await ctx.languages.forGuild(table.guildId);
      await ctx.views.noted(table, [loc.t('table.left_game', { name: table.seats[seat]?.name ?? '' })]);
    });
    return;
  }
  if (!table) {
    const closed: Text = { key: 'table.closed_empty' };
    await afterChange({ key: 'done.left_closed' }, async () => {
      if (interaction.isButton() && interaction.message.id === before.messageId)
        await respond.update(interaction, { content: (await ctx.languages.forInteraction(interaction)).say(closed), embeds: [], components: [] });
      else {
        await answerPrivately(interaction, 'answer.left_closed');
        if (before.messageId) await ctx.views.closed(channelId, before.messageId, closed);
      }
    });
    return;
  }
  await answerLobby(interaction, ctx, table, { key: 'done.left' });
}

/**
 * A lobby or table button acts only from the channel's current table message: the same button left on the
 * message of a table that was closed (cancelled, timed out, finished) is refused, even if a new table is open.
 */
export async function requireTableMessage(interaction: ButtonInteraction | StringSelectMenuInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.get(channelOf(interaction).channelId);
  if (table?.messageId && interaction.message.id !== table.messageId) throw new Refusal('stale', 'refusal.closed_table_button');
}

/** Seat computer players up to the usual table size (host, lobby). */
export async function fillTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.fillWithBots(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, { key: 'done.filled' });
}

/** Seat a computer player of `level` (default: the game's; host, lobby). */
export async function addBot(interaction: RepliableInteraction, ctx: BotContext, level: BotLevel | undefined): Promise<void> {
  const table = await ctx.tables.addBot(channelOf(interaction).channelId, actorOf(interaction), level);
  const bot = table.seats[table.seats.length - 1];
  const seated = bot?.bot ?? level ?? 'strong';
  await answerLobby(interaction, ctx, table, { key: 'done.bot_added', vars: { name: bot?.name ?? '', level: { key: `level.${seated}` } } });
}

/** Remove the last computer player (host, lobby). */
export async function removeBot(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.removeBot(channelOf(interaction).channelId, actorOf(interaction));
  await answerLobby(interaction, ctx, table, { key: 'done.bot_removed' });
}

/** Take over the seat of a player who is away. */
export async function takeover(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const { table, seat, replaced, left } = await ctx.tables.takeover(channelOf(interaction).channelId, actorOf(interaction));
  await afterChange({ key: 'done.seat_taken' }, async () => {
    await answerPrivately(interaction, 'answer.takeover');
    const loc = await ctx.languages.forInteraction(interaction);
    await ctx.views.noted(table, [
      loc.t(left ? 'table.taken_over_left' : 'table.taken_over', { user: interaction.user.id, seat: seat + 1, replaced }),
    ]);
  });
}

/** An away player takes their seat back. */
export async function comeBack(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.back(channelOf(interaction).channelId, actorOf(interaction));
  await afterChange({ key: 'done.back' }, async () => {
    await answerPrivately(interaction, 'answer.back');
    await ctx.views.refresh(table);
  });
}

export async function startTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  const table = await ctx.tables.start(channelOf(interaction).channelId, actorOf(interaction));
  // The board opens with the draw for first dealer among its recent events (src/discord/board/recent.ts).
  await answerLobby(interaction, ctx, table, { key: 'done.started' });
  // The first turn waits on its player from now on (src/discord/pings.ts).
  ctx.views.pings.turned(table);
}

/** Cancel the channel's table (host, or a member with Manage Messages). */
export async function cancelTable(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const moderator = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  const table = await ctx.tables.cancel(channelOf(interaction).channelId, actorOf(interaction), moderator);
  await afterChange({ key: 'done.cancelled' }, async () => {
    const loc = await ctx.languages.forInteraction(interaction);
    await respond.replyPublicly(
      interaction,
      { content: loc.t('table.cancelled_by', { game: ctx.tables.engine(table).name, user: interaction.user.id }), allowedMentions: { parse: [] } },
      privateLocale(interaction).t('answer.cancelled'),
    );
    if (table.messageId) await ctx.views.closed(table.channelId, table.messageId, { key: 'table.cancelled' });
  });
}
