/**
 * The structured logger (pino). Tokens and authorization headers are redacted; code never logs cards.
 */
import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * Errors without what must not reach a log: Discord API errors carry the request body (a hand's buttons
 * name its cards) and a URL with the interaction token.
 */
export function serializeError(err: Error): object {
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  delete out.requestBody;
  delete out.rawError;
  if (typeof out.url === 'string') out.url = out.url.replace(/\/(interactions|webhooks)\/(\d+)\/[^/?]+/g, '/$1/$2/[token]');
  return out;
}

/** A JSON logger at `level` that never prints a token or a request body. */
export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    serializers: { err: serializeError },
    redact: {
      paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'],
      censor: '[redacted]',
    },
  });
}
