/**
 * The permissions the bot uses, in one place: what a table needs in its channel, what only the weekly game night
 * needs, and the invite links that grant them (Discord's OAuth2 URL, made by discord.js's `generateInvite`). The
 * `/table new` check, the missing-permission answer and log line, and the invite links all read these lists.
 */
import { type Client, OAuth2Scopes, PermissionFlagsBits } from 'discord.js';

/** A permission by its name in Discord's settings and its bit. */
export type NamedPermission = readonly [name: string, flag: bigint];

/** What a table's channel must grant the bot to post and edit the table message and narration (checked at `/table new`). */
export const CHANNEL_PERMISSIONS: readonly NamedPermission[] = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
  ['Read Message History', PermissionFlagsBits.ReadMessageHistory],
];

/** What a table needs in its channel: post and edit the table message and narration, attach /replay files and charts. */
export const TABLE_PERMISSIONS: readonly NamedPermission[] = [...CHANNEL_PERMISSIONS, ['Attach Files', PermissionFlagsBits.AttachFiles]];

/** What only the weekly game night needs: its scheduled event and the night's thread. */
export const WEEKLY_PERMISSIONS: readonly NamedPermission[] = [
  ['Manage Events', PermissionFlagsBits.ManageEvents],
  ['Create Public Threads', PermissionFlagsBits.CreatePublicThreads],
  ['Send Messages in Threads', PermissionFlagsBits.SendMessagesInThreads],
];

/** The OAuth2 scopes the bot is invited with. */
const SCOPES = [OAuth2Scopes.Bot, OAuth2Scopes.ApplicationsCommands];

/** The sum of some permissions' bits, as Discord's invite links write it. */
export function permissionBits(perms: readonly NamedPermission[]): bigint {
  return perms.reduce((sum, [, flag]) => sum | flag, 0n);
}

/** The invite links of a logged-in client: `full` with the weekly night's permissions, `tables` without them. */
export function inviteLinks(client: Client<true>): { full: string; tables: string } {
  return {
    full: client.generateInvite({ scopes: SCOPES, permissions: permissionBits([...TABLE_PERMISSIONS, ...WEEKLY_PERMISSIONS]) }),
    tables: client.generateInvite({ scopes: SCOPES, permissions: permissionBits(TABLE_PERMISSIONS) }),
  };
}

/** Names joined for a sentence: `A`, `A and B`, `A, B and C`. */
export function listNames(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}

/** The channel permissions as a sentence: "View Channel, Send Messages, Embed Links and Read Message History". */
export const CHANNEL_PERMISSION_NAMES: string = listNames(CHANNEL_PERMISSIONS.map(([name]) => name));
