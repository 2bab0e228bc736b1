/**
 * `npm start`: load .env, check the configuration, start the bot, stop cleanly on SIGINT/SIGTERM.
 */
import 'dotenv/config';
import { startBot } from './bot.ts';
import { loadConfig, MISSING_TOKEN_HELP } from './config.ts';

const config = loadConfig();
if (!config.DISCORD_TOKEN) {
  console.error(MISSING_TOKEN_HELP);
  process.exit(1);
}
const bot = await startBot(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    bot.log.info({ signal }, 'shutting down');
    void bot.stop().then(() => process.exit(0));
  });
