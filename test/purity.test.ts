/**
 * The rule engines, cards and computer players stay pure: no Discord, storage, node:, environment, clock or Math.random.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const FORBIDDEN = /from ['"](discord\.js|keyv|@keyv\/|node:|fs|redis|pino)|process\.env|Math\.random|Date\.now|new Date\(/;

describe('pure layers', () => {
  it.each([...files('src/games'), ...files('src/cards'), ...files('src/bots')])('%s imports nothing impure', (file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && FORBIDDEN.test(line));
    expect(offending).toEqual([]);
  });
});
