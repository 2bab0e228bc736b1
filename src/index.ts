/**
 * `npm start`: load .env, check the configuration, start the bot (waiting for the store if it is not up yet),
 * shut down gracefully on SIGINT/SIGTERM: finish the interactions in flight, then exit 0.
 */
import './env.ts';
import { type RunningBot, startBot } from './bot.ts';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';
import { cannotReachDiscord, isUnreachable } from './discord/reach.ts';
import { createLogger } from './logger.ts';

/** A shutdown that takes longer than this is cut short (exit 1). */
const SHUTDOWN_LIMIT_MS = 30_000;

const config = configOrExit();
if (!config.DISCORD_TOKEN) {
  console.error(MISSING_TOKEN_HELP);
  process.exit(1);
}
const log = createLogger(config.LOG_LEVEL);
let bot: RunningBot | null = null;

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!bot) {
      // Still starting (e.g. waiting for the store): nothing is in flight yet.
      log.info({ signal }, 'signal during start-up: exiting');
      process.exit(0);
    }
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    bot.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });

bot = await startBot(config, { log }).catch((err: Error & { code?: string }) => {
  console.error(
    err.code === 'TokenInvalid' || /401|Unauthorized/.test(err.message)
      ? 'Discord refused DISCORD_TOKEN. Check the token in .env (Developer Portal → your app → Bot → Reset Token).'
      : isUnreachable(err) && config.REST_PROXY_URL
        ? `Could not start: the REST proxy at ${config.REST_PROXY_URL} did not answer (${err.message}). Start it (npm run rest-proxy) or check REST_PROXY_URL.`
        : isUnreachable(err)
          ? `Could not start: ${cannotReachDiscord(config.DISCORD_API_URL, err)}`
          : `Could not start: ${err.message}`,
  );
  process.exit(1);
});
