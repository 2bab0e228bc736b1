/**
 * The one interactionCreate router: slash commands by name, our components by custom_id, everything
 * through the error boundary.
 */
import type { Interaction } from 'discord.js';
import { TableError } from '../tables/errors.ts';
import { comeBack, fillTable, joinTable, leaveTable, showHand, startTable } from './actions.ts';
import type { BotContext, Command } from './context.ts';
import { decodeId } from './customId.ts';
import { answerError } from './errors.ts';
import { handleHandControl } from './hands.ts';

/** Build the handler for `interactionCreate`. */
export function createRouter(ctx: BotContext, commands: readonly Command[]): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  return async (interaction) => {
    try {
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        if (!command) throw new TableError('bad_input', `Unknown command /${interaction.commandName}.`);
        await command.execute(interaction, ctx);
        return;
      }
      if (!interaction.isButton() && !interaction.isStringSelectMenu()) return;
      const id = decodeId(interaction.customId);
      if (!id) throw new TableError('bad_input', 'That button is not one this bot understands.');
      switch (id.kind) {
        case 'join':
          return await joinTable(interaction, ctx);
        case 'leave':
          return await leaveTable(interaction, ctx);
        case 'start':
          return await startTable(interaction, ctx);
        case 'fill':
          return await fillTable(interaction, ctx);
        case 'back':
          return await comeBack(interaction, ctx);
        case 'hand':
          return await showHand(interaction, ctx);
        case 'game':
          return await handleHandControl(interaction, ctx, id.stamp, id.payload);
      }
    } catch (err) {
      await answerError(interaction, err, ctx.log, ctx.onError);
    }
  };
}
