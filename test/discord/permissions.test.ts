/**
 * The table channel's permissions are defined once (src/discord/permissions.ts) and every message that names them
 * is built from that definition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { MISSING_PERMISSIONS } from '../../src/discord/errors.ts';
import { TABLE_CHANNEL_PERMISSIONS, TABLE_PERMISSIONS_BITS, TABLE_PERMISSION_NAMES, listNames } from '../../src/discord/permissions.ts';

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

  it('are all named in the answer to a missing-permission error', () => {
    for (const { name } of TABLE_CHANNEL_PERMISSIONS) expect(MISSING_PERMISSIONS).toContain(name);
  });

  it.each([...files('src'), ...files('commands')].filter((f) => !f.endsWith(join('discord', 'permissions.ts'))))(
    '%s does not list them again',
    (file) => {
      const text = readFileSync(file, 'utf8');
      const named = TABLE_CHANNEL_PERMISSIONS.filter((p) => text.includes(p.name)).map((p) => p.name);
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
