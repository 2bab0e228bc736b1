/**
 * `npm start`: load .env, check the configuration, start the bot, stop cleanly on SIGINT/SIGTERM.
 */
import 'dotenv/config';
import { startBot } from './bot.ts';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';

const config = configOrExit();
if (!config.DISCORD_TOKEN) {
  console.error(MISSING_TOKEN_HELP);
  process.exit(1);
}
const bot = await startBot(config).catch((err: Error & { code?: string }) => {
  console.error(
    err.code === 'TokenInvalid' || /401|Unauthorized/.test(err.message)
      ? 'Discord refused DISCORD_TOKEN. Check the token in .env (Developer Portal → your app → Bot → Reset Token).'
      : `Could not start: ${err.message}`,
  );
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    bot.log.info({ signal }, 'shutting down');
    void bot.stop().then(() => process.exit(0));
  });
