/**
 * `npm run deploy-commands`: register the slash commands — in one server when DISCORD_GUILD_ID is set
 * (instant, for testing), otherwise globally (may take up to an hour to appear). The registration is Discord's bulk
 * overwrite, which replaces every command of the application; globally, the Activity's Entry Point command that
 * Discord adds when Activities are enabled is read first and sent back as it is (src/discord/entry-point.ts).
 */
import './env.ts';
import { REST, type RESTGetAPIApplicationCommandsResult, Routes } from 'discord.js';
import { COMMANDS } from '../commands/index.ts';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';
import { entryPointsOf } from './discord/entry-point.ts';
import { cannotReachDiscord, isUnreachable } from './discord/reach.ts';

const config = configOrExit();
if (!config.DISCORD_TOKEN || !config.DISCORD_CLIENT_ID) {
  console.error(config.DISCORD_TOKEN ? 'DISCORD_CLIENT_ID is not set: put the Application ID in .env.' : MISSING_TOKEN_HELP);
  process.exit(1);
}
const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const ours = COMMANDS.map((c) => c.data.toJSON());
const route = config.DISCORD_GUILD_ID
  ? Routes.applicationGuildCommands(config.DISCORD_CLIENT_ID, config.DISCORD_GUILD_ID)
  : Routes.applicationCommands(config.DISCORD_CLIENT_ID);
let kept: ReturnType<typeof entryPointsOf> = [];
try {
  // An Entry Point command is global only: a server's overwrite has none to keep.
  if (!config.DISCORD_GUILD_ID) {
    const current = (await rest.get(route, { query: new URLSearchParams({ with_localizations: 'true' }) })) as RESTGetAPIApplicationCommandsResult;
    kept = entryPointsOf(current);
  }
  await rest.put(route, { body: [...ours, ...kept] });
} catch (err) {
  console.error(deployFailure(err as Error & { status?: number; code?: number | string }));
  process.exit(1);
}
const entry = kept.length ? ` and kept the Activity's Entry Point command "${kept.map((c) => c.name).join('", "')}"` : '';
console.log(
  `Registered ${ours.length} commands ${config.DISCORD_GUILD_ID ? `in server ${config.DISCORD_GUILD_ID}` : 'globally (they can take up to an hour to appear)'}${entry}.`,
);

/** Why registering failed, in words: the token, the application id, the server id, or Discord out of reach. */
function deployFailure(e: Error & { status?: number; code?: number | string }): string {
  if (e.status === 401) return 'Discord refused DISCORD_TOKEN. Check the token in .env (Developer Portal → your app → Bot → Reset Token).';
  // No HTTP status: the request never got an answer (refused, name not resolved, timed out).
  if (e.status === undefined || isUnreachable(e)) return `Could not register the commands: ${cannotReachDiscord(config.DISCORD_API_URL, e)}`;
  // Discord's JSON error codes: 10002 Unknown Application, 10004 Unknown Guild, 50001 Missing Access; 50240 (not in
  // Discord's documentation, answered in practice): an overwrite without the Entry Point command, which was then
  // created between our read and our overwrite.
  const hint =
    e.code === 50240
      ? " (the Activity's Entry Point command appeared meanwhile: run the deploy again)"
      : e.code === 10002
        ? ' (is DISCORD_CLIENT_ID the Application ID from General Information?)'
        : config.DISCORD_GUILD_ID && (e.code === 10004 || e.code === 50001)
          ? ' (is the bot in that server, and is DISCORD_GUILD_ID the server id?)'
          : '';
  return `Could not register the commands: Discord answered ${e.status}: ${e.message}${hint}`;
}
