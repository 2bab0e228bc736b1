/**
 * What every handler gets: the table layer, the publisher and the logger.
 */
import type { ChatInputCommandInteraction, SlashCommandOptionsOnlyBuilder, SlashCommandSubcommandsOnlyBuilder } from 'discord.js';
import type { Logger } from '../logger.ts';
import type { TableService } from '../tables/service.ts';
import type { ErrorKind } from './errors.ts';
import type { Publisher } from './publish.ts';

export interface BotContext {
  tables: TableService;
  publisher: Publisher;
  log: Logger;
  /** Optional: told how each interaction that ended in an error ended (the bot counts them in its metrics). */
  onError?: (kind: ErrorKind) => void;
}

/** A slash command: its definition and its handler (one per file in commands/). */
export interface Command {
  data: SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
}
