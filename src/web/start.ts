/**
 * The web table wired into the bot (called by src/bot.ts once the client is logged in): nothing when its settings are
 * absent (src/config.ts `webSettings`), otherwise the server of src/web/server.ts with the bot's table service, its
 * chat screens (a web move updates the board and live hands as a button does), the member check through the bot's
 * client (src/discord/web-access.ts) and the finished games' records.
 */
import type { Client } from 'discord.js';
import { type Config, webSettings } from '../config.ts';
import type { Languages } from '../discord/language.ts';
import type { TableViews } from '../discord/views.ts';
import { channelViewer } from '../discord/web-access.ts';
import type { Logger } from '../logger.ts';
import type { RecordBook } from '../records/book.ts';
import type { TableService } from '../tables/service.ts';
import type { FinishedGame } from '../tables/types.ts';
import type { WeeklyNights } from '../weekly/night.ts';
import { startWebServer, type WebServer } from './server.ts';

/** What the bot hands the web table. */
export interface WebTableDeps {
  client: Client;
  tables: TableService;
  views: TableViews;
  languages: Languages;
  records: RecordBook;
  /** The weekly nights: a game of a duplicate night still playing is not replayed (`dealsSecret`). */
  nights?: Pick<WeeklyNights, 'dealsSecret'>;
  log: Logger;
}

/** Start the web table when configured; null when it is off. */
export async function startWebTable(config: Config, deps: WebTableDeps): Promise<WebServer | null> {
  const settings = webSettings(config);
  if (!settings) return null;
  const { client, tables, views, languages, records, nights, log } = deps;
  const clientId = config.DISCORD_CLIENT_ID ?? client.application?.id ?? client.user?.id;
  if (!clientId) throw new Error('the web table needs DISCORD_CLIENT_ID (the application id)');
  return startWebServer({
    settings,
    clientId,
    ...(config.DISCORD_API_URL ? { apiUrl: config.DISCORD_API_URL } : {}),
    tables,
    screens: views,
    guildLocale: (guildId) => languages.forGuild(guildId),
    access: (channelId, userId) => channelViewer(client, channelId, userId),
    finishedGame: (guildId, id) => records.ledger.record(guildId, id),
    ...(nights ? { dealsSecret: (game: FinishedGame) => nights.dealsSecret(game) } : {}),
    log,
  });
}
