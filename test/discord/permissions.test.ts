/**
 * The invite links' permission integers, against Discord's documented bit values (View Channel 1<<10, Send
 * Messages 1<<11, Embed Links 1<<14, Attach Files 1<<15, Read Message History 1<<16, Manage Events 1<<33, Create
 * Public Threads 1<<35, Send Messages in Threads 1<<38).
 */
import { expect, it } from 'vitest';
import { permissionBits, TABLE_PERMISSIONS, WEEKLY_PERMISSIONS } from '../../src/discord/permissions.ts';

it('the smaller invite grants what a table needs, the full one adds the weekly night', () => {
  const table = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n);
  const weekly = (1n << 33n) | (1n << 35n) | (1n << 38n);
  expect(permissionBits(TABLE_PERMISSIONS)).toBe(table);
  expect(table).toBe(117760n);
  expect(permissionBits([...TABLE_PERMISSIONS, ...WEEKLY_PERMISSIONS])).toBe(317827697664n);
  expect(permissionBits(WEEKLY_PERMISSIONS)).toBe(weekly);
});
