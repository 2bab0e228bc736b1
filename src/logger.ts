/**
 * The structured logger (pino). Tokens and authorization headers are redacted; code never logs cards.
 */
import { pino } from 'pino';

export type Logger = pino.Logger;

/** A JSON logger at `level` that never prints a token. */
export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    redact: { paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
  });
}
