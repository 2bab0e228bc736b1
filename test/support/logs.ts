/** A logger for tests that assert on the bot's log lines. */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from '../../src/logger.ts';

/** One parsed log line: pino's level number (30 info, 40 warn) and message, and its other fields. */
export type LogLine = { level: number; msg: string; [k: string]: unknown };

/** pino's level number of a warn line. */
export const WARN = 40;

/** A pino logger at info whose lines are parsed into `lines`. */
export function capturingLogger(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}
