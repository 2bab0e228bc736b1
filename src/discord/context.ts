/**
 * What every handler gets: the table layer, what shows tables (src/discord/views.ts) and the logger.
 */
import type { ChatInputCommandInteraction, SlashCommandOptionsOnlyBuilder, SlashCommandSubcommandsOnlyBuilder } from 'discord.js';
import type { Logger } from '../logger.ts';
import type { GuildSettingsStore } from '../store/settings.ts';
import type { RecordBook } from '../records/book.ts';
import type { TableService } from '../tables/service.ts';
import type { WeeklyNights } from '../weekly/night.ts';
import type { ErrorKind } from './errors.ts';
import type { Languages } from './language.ts';
import type { TableViews } from './views.ts';

/** Where the web table is, when it is on: the public address and whether the application has Activities enabled. */
export interface WebLink {
  publicUrl: string;
  activity: boolean;
}

export interface BotContext {
  tables: TableService;
  /** Finished games, leaderboards and statistics (`records.ledger` answers the queries). */
  records: RecordBook;
  /** Per-guild settings (time zone). */
  settings: GuildSettingsStore;
  /** The clock (epoch ms): `Date.now`, or the tests' fake clock. */
  now: () => number;
  /** The boards, live hands and pings, told of every change a handler stored. */
  views: TableViews;
  /** The servers' public languages (src/discord/language.ts). */
  languages: Languages;
  /** The weekly game night (`/weekly` and its sign-up buttons); absent where no bot runs it. */
  weekly?: WeeklyNights;
  log: Logger;
  /** The web table, when it is on (src/discord/web-open.ts: Open table and `/table open`). */
  web?: WebLink;
  /** Optional: told how each interaction that ended in an error ended (the bot counts them in its metrics). */
  onError?: (kind: ErrorKind) => void;
}

/** A slash command: its definition and its handler (one per file in commands/). */
export interface Command {
  data: SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
}
