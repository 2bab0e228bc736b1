/**
 * The permissions are defined once (src/discord/permissions.ts) and every message that names them is built from
 * that definition. The invite links' permission integers, against Discord's documented bit values (View Channel
 * 1<<10, Send Messages 1<<11, Embed Links 1<<14, Attach Files 1<<15, Read Message History 1<<16, Manage Events
 * 1<<33, Create Public Threads 1<<35, Send Messages in Threads 1<<38).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MISSING_PERMISSIONS } from '../../src/discord/errors.ts';
import {
  CHANNEL_PERMISSION_NAMES,
  CHANNEL_PERMISSIONS,
  listNames,
  permissionBits,
  TABLE_PERMISSIONS,
  WEEKLY_PERMISSIONS,
} from '../../src/discord/permissions.ts';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

it('the smaller invite grants what a table needs, the full one adds the weekly night', () => {
  const table = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n);
  const weekly = (1n << 33n) | (1n << 35n) | (1n << 38n);
  expect(permissionBits(TABLE_PERMISSIONS)).toBe(table);
  expect(table).toBe(117760n);
  expect(permissionBits([...TABLE_PERMISSIONS, ...WEEKLY_PERMISSIONS])).toBe(317827697664n);
  expect(permissionBits(WEEKLY_PERMISSIONS)).toBe(weekly);
});

describe('a table channel', () => {
  it('must grant View Channel, Send Messages, Embed Links and Read Message History (84992)', () => {
    expect(permissionBits(CHANNEL_PERMISSIONS)).toBe((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 16n));
    expect(permissionBits(CHANNEL_PERMISSIONS)).toBe(84992n);
    expect(CHANNEL_PERMISSION_NAMES).toBe('View Channel, Send Messages, Embed Links and Read Message History');
  });

  it('names all of them in the answer to a missing-permission error', () => {
    for (const [name] of CHANNEL_PERMISSIONS) expect(MISSING_PERMISSIONS).toContain(name);
  });

  it.each([...files('src'), ...files('commands')].filter((f) => !f.endsWith(join('discord', 'permissions.ts'))))(
    '%s does not list them again',
    (file) => {
      const text = readFileSync(file, 'utf8');
      const named = CHANNEL_PERMISSIONS.filter(([name]) => text.includes(name)).map(([name]) => name);
      expect(named.length, `${file} names ${named.join(', ')}`).toBeLessThan(2);
    },
  );

  it.each([
    [[], ''],
    [['A'], 'A'],
    [['A', 'B'], 'A and B'],
    [['A', 'B', 'C'], 'A, B and C'],
  ])('joins %j as "%s"', (names, sentence) => {
    expect(listNames(names)).toBe(sentence);
  });
});
