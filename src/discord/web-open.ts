/**
 * The way from the chat to the web table (docs/web-table.md): the **Open table** button on the board and
 * `/table open`. With Activities enabled for the application (ACTIVITY_ENABLED) the answer is LAUNCH_ACTIVITY
 * (discord.js `launchActivity`): Discord opens the Activity in the channel, and the table is the channel's. Otherwise
 * a private answer with the browser link `PUBLIC_URL/table/<channel>`. Without the web table's settings there is no
 * button, and the command says the web table is off.
 */
import type { RepliableInteraction } from 'discord.js';
import { Refusal } from '../refusal.ts';
import { tablePath } from '../web/protocol.ts';
import { channelOf, replyPrivately } from './actions.ts';
import type { BotContext } from './context.ts';
import { privateLocale } from './language.ts';

/** Answer Open table / `/table open` (see the file's comment). */
export async function openWebTable(interaction: RepliableInteraction, ctx: BotContext): Promise<void> {
  if (!ctx.web) throw new Refusal('bad_input', 'refusal.web_off');
  const { channelId } = channelOf(interaction);
  if (ctx.web.activity && (interaction.isChatInputCommand() || interaction.isMessageComponent())) {
    await interaction.launchActivity();
    return;
  }
  await replyPrivately(interaction, privateLocale(interaction).t('answer.open_table', { url: `${ctx.web.publicUrl}${tablePath(channelId)}` }));
}
