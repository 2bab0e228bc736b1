/**
 * The structured logger (pino). On a terminal it prints readable lines (pino-pretty, synchronously, so the last
 * lines before an exit are not lost); otherwise one JSON object per line, for log collectors. Tokens and
 * authorization headers are redacted; code never logs cards.
 */
import { pino } from 'pino';
import pretty from 'pino-pretty';

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

/** How log lines are written: readable lines for a person, or JSON lines for a machine. */
export type LogFormat = 'pretty' | 'json';

/**
 * A logger at `level` that never prints a token or a request body. `format` defaults to readable lines when
 * standard output is a terminal and JSON lines when it is not (a file, a pipe, a container's log driver).
 */
export function createLogger(level = 'info', format: LogFormat = process.stdout.isTTY ? 'pretty' : 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError },
    redact: {
      paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'],
      censor: '[redacted]',
    },
  };
  if (format === 'json') return pino(options);
  return pino(options, pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}
