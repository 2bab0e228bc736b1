/**
 * Clicks on a player's ephemeral hand: check the table version (a stale hand is refreshed in place,
 * nothing applied; a hand of a finished game says where its result is), decode the control against the seat's view, apply the move through the table
 * layer, update the hand and then the channel.
 */
import { type ButtonInteraction, MessageFlags, type StringSelectMenuInteraction } from 'discord.js';
import { Refusal } from '../../refusal.ts';
import { stampOf } from '../../tables/service.ts';
import { actorOf, channelOf } from '../actions.ts';
import type { BotContext } from '../context.ts';
import { afterChange } from '../errors.ts';
import { uiFor } from '../games/index.ts';
import { renderHandFor } from './render.ts';
import { gameOverText } from './show.ts';
import { privateLocale } from '../language.ts';
import { update } from '../respond.ts';
import { ENGLISH, type Text } from '../../i18n/index.ts';

/** What a player is told when their move was stored but their hand could not be redrawn (after "…, but"). */
export const MOVE_NOT_SHOWN: Text = { key: 'error.hand_not_updated' };

/** The note above a hand refreshed because the table moved on: the message key, and its English text (for tests). */
const STALE_NOTE_KEY = 'hand.stale';
export const STALE_NOTE = ENGLISH.t(STALE_NOTE_KEY);

/** Handle `st:g:<stamp>:<payload>`. */
export async function handleHandControl(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  ctx: BotContext,
  stamp: string,
  payload: string,
): Promise<void> {
  // Game controls only ever live on the presser's ephemeral hand. Anywhere else (a forged click on a public message)
  // updating the message would show a hand, or "hand closed", to the whole channel: refuse instead.
  if (!interaction.message.flags.has(MessageFlags.Ephemeral)) throw new Refusal('bad_input', 'refusal.not_ours');
  const { channelId } = channelOf(interaction);
  const loc = privateLocale(interaction);
  const table = await ctx.tables.get(channelId);
  if (!table || table.status !== 'playing' || !stamp.startsWith(`${table.id}.`)) {
    // A hand of the channel's last finished game says where its result is; any other closed hand just closes.
    const over = await gameOverText(interaction, ctx, stamp.split('.')[0]);
    await update(interaction, { content: over ?? loc.t('hand.closed'), components: [], embeds: [] });
    return;
  }
  const seat = ctx.tables.seatOf(table, interaction.user.id);
  if (seat < 0) throw new Refusal('not_seated', 'refusal.not_playing_here');
  ctx.views.pings.touch(channelId, interaction.user.id);
  const [tableId, version, owner] = stamp.split('.');
  if (Number(owner) !== seat) throw new Refusal('bad_input', 'refusal.not_your_hand');
  if (`${tableId}.${version}` !== stampOf(table)) {
    const fresh = renderHandFor(loc, ctx.tables, table, seat, [], loc.t(STALE_NOTE_KEY));
    await update(interaction, fresh);
    ctx.views.hands.opened(interaction, table, fresh);
    return;
  }
  const values = interaction.isStringSelectMenu() ? interaction.values : [];
  let action: ReturnType<ReturnType<typeof uiFor>['parse']>;
  try {
    action = uiFor(table.game).parse(loc, payload, ctx.tables.view(table, seat), values);
  } catch {
    action = null; // a payload the game's decoder chokes on is malformed, not a failure of ours
  }
  if (!action) throw new Refusal('bad_input', 'refusal.bad_control');
  if (action.kind === 'select') {
    const selected = renderHandFor(loc, ctx.tables, table, seat, action.selection, action.note);
    await update(interaction, selected);
    ctx.views.hands.opened(interaction, table, selected);
    return;
  }
  const outcome = await ctx.tables.act(channelId, actorOf(interaction), `${tableId}.${version}`, action.move);
  try {
    await afterChange(
      { key: 'done.move' },
      async () => {
        const after = renderHandFor(loc, ctx.tables, outcome.table, seat);
        await update(interaction, after);
        // This message is now the player's live hand, with this click's fresh token (src/discord/hand/live.ts).
        ctx.views.hands.opened(interaction, outcome.table, after);
      },
      MOVE_NOT_SHOWN,
    );
  } finally {
    // The move is stored: the channel hears of it even if this player's hand could not be updated.
    await ctx.views.moved(outcome.table, outcome.events);
  }
}
