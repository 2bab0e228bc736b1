/**
 * `npm run deploy-commands`: register the slash commands — in one server when DISCORD_GUILD_ID is set
 * (instant, for testing), otherwise globally (may take up to an hour to appear).
 */
import './env.ts';
import { REST, Routes } from 'discord.js';
import { COMMANDS } from '../commands/index.ts';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';

const config = configOrExit();
if (!config.DISCORD_TOKEN || !config.DISCORD_CLIENT_ID) {
  console.error(config.DISCORD_TOKEN ? 'DISCORD_CLIENT_ID is not set: put the Application ID in .env.' : MISSING_TOKEN_HELP);
  process.exit(1);
}
const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const body = COMMANDS.map((c) => c.data.toJSON());
const route = config.DISCORD_GUILD_ID
  ? Routes.applicationGuildCommands(config.DISCORD_CLIENT_ID, config.DISCORD_GUILD_ID)
  : Routes.applicationCommands(config.DISCORD_CLIENT_ID);
try {
  await rest.put(route, { body });
} catch (err) {
  const e = err as Error & { status?: number };
  console.error(
    e.status === 401
      ? 'Discord refused DISCORD_TOKEN. Check the token in .env (Developer Portal → your app → Bot → Reset Token).'
      : `Could not register the commands: ${e.message}${config.DISCORD_GUILD_ID ? ' (is the bot in that server, and DISCORD_GUILD_ID right?)' : ''}`,
  );
  process.exit(1);
}
console.log(
  `Registered ${body.length} commands ${config.DISCORD_GUILD_ID ? `in server ${config.DISCORD_GUILD_ID}` : 'globally (they can take up to an hour to appear)'}.`,
);
