/**
 * `npm run deploy-emojis`: upload the card faces as the application's emojis (DISCORD_CLIENT_ID's application, with
 * DISCORD_TOKEN) — only what is missing or changed, deleting our stale ones. The bot finds them among the
 * application's emojis when it starts; a card-emojis.json beside DATA_FILE would override them, so the script says
 * when there is one. Details: docs/card-faces.md.
 */
import './env.ts';
import { existsSync } from 'node:fs';
import { REST } from 'discord.js';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';
import { cannotReachDiscord, isUnreachable } from './discord/reach.ts';
import { deployEmojis } from './faces/deploy.ts';
import { cardEmojisFile } from './faces/emoji-ids.ts';
import { renderFaceSet } from './faces/set.ts';

const config = configOrExit();
if (!config.DISCORD_TOKEN || !config.DISCORD_CLIENT_ID) {
  console.error(config.DISCORD_TOKEN ? 'DISCORD_CLIENT_ID is not set: put the Application ID in .env.' : MISSING_TOKEN_HELP);
  process.exit(1);
}
const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const file = cardEmojisFile(config.DATA_FILE);
try {
  const report = await deployEmojis(rest, config.DISCORD_CLIENT_ID, renderFaceSet());
  console.log(
    `Card emojis: ${report.uploaded.length} uploaded, ${report.kept} already there, ${report.deleted.length} stale deleted. Restart the bot to use them.`,
  );
  if (existsSync(file)) console.log(`Note: ${file} overrides the application's emojis at start; remove it to use these.`);
} catch (err) {
  const e = err as Error & { status?: number; code?: number | string };
  console.error(
    `Could not deploy the card emojis: ${e.status === undefined || isUnreachable(e) ? cannotReachDiscord(config.DISCORD_API_URL, e) : `Discord answered ${e.status}: ${e.message}`}`,
  );
  process.exit(1);
}
