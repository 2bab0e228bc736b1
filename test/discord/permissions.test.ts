/**
 * The table channel's permissions are defined once (src/discord/permissions.ts) and every message that names them
 * is built from that definition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { missingPermissions } from '../../src/discord/errors.ts';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';
import {
  INVITE_PERMISSIONS,
  listNames,
  permissionBits,
  TABLE_CHANNEL_PERMISSIONS,
  TABLE_PERMISSION_NAMES,
  TABLE_PERMISSIONS_BITS,
  WEEKLY_PERMISSIONS,
} from '../../src/discord/permissions.ts';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('table channel permissions', () => {
  it('are View Channel, Send Messages, Embed Links and Read Message History: 84992 in an invite link', () => {
    expect(TABLE_CHANNEL_PERMISSIONS.map((p) => p.flag)).toEqual([
      PermissionFlagsBits.ViewChannel,
      PermissionFlagsBits.SendMessages,
      PermissionFlagsBits.EmbedLinks,
      PermissionFlagsBits.ReadMessageHistory,
    ]);
    expect(TABLE_PERMISSIONS_BITS).toBe(84992n);
    expect(TABLE_PERMISSION_NAMES).toBe('View Channel, Send Messages, Embed Links and Read Message History');
  });

  // Discord's documented bits: View Channel 1<<10, Send Messages 1<<11, Embed Links 1<<14, Attach Files 1<<15,
  // Read Message History 1<<16, Manage Events 1<<33, Create Public Threads 1<<35, Send Messages in Threads 1<<38.
  it('make the smaller invite link (117760) and, with the weekly night, the full one (317827697664)', () => {
    const tables = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n);
    const weekly = (1n << 33n) | (1n << 35n) | (1n << 38n);
    expect(permissionBits(INVITE_PERMISSIONS)).toBe(tables);
    expect(tables).toBe(117760n);
    expect(permissionBits(WEEKLY_PERMISSIONS)).toBe(weekly);
    expect(permissionBits([...INVITE_PERMISSIONS, ...WEEKLY_PERMISSIONS])).toBe(317827697664n);
  });

  it('are all named in the answer to a missing-permission error', () => {
    for (const loc of [ENGLISH, localeOf('de')])
      for (const { key } of TABLE_CHANNEL_PERMISSIONS) expect(missingPermissions(loc)).toContain(`**${loc.t(key)}**`);
    expect(missingPermissions(localeOf('de'))).toContain('**Kanal ansehen**');
  });

  it.each([...files('src'), ...files('commands')].filter((f) => !f.endsWith(join('discord', 'permissions.ts'))))(
    '%s does not list them again',
    (file) => {
      const text = readFileSync(file, 'utf8');
      const names = TABLE_CHANNEL_PERMISSIONS.flatMap((p) => [ENGLISH.t(p.key), localeOf('de').t(p.key)]);
      const named = names.filter((name) => text.includes(name));
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
