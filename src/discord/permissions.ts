/**
 * The permissions the bot uses, defined once: what a table's channel must grant (the `/table new` check, the
 * missing-permission answer, the log line), what the record files need, what only the weekly game night needs,
 * and the invite links that grant them (Discord's OAuth2 URL, made by discord.js's `generateInvite`). Each is named
 * as Discord's channel settings show it in the reader's language (`permission.*` in the `common` resources).
 */
import { type Client, OAuth2Scopes, PermissionFlagsBits } from 'discord.js';
import { ENGLISH, type Locale } from '../i18n/index.ts';

/** A permission: the key of its name as Discord's channel settings show it, and its flag. */
export interface ChannelPermission {
  key: string;
  flag: bigint;
}

/** What a table's channel must grant the bot: post and edit the table message and narration. */
export const TABLE_CHANNEL_PERMISSIONS: readonly ChannelPermission[] = [
  { key: 'permission.view_channel', flag: PermissionFlagsBits.ViewChannel },
  { key: 'permission.send_messages', flag: PermissionFlagsBits.SendMessages },
  { key: 'permission.embed_links', flag: PermissionFlagsBits.EmbedLinks },
  { key: 'permission.read_message_history', flag: PermissionFlagsBits.ReadMessageHistory },
];

/** What the record commands add: the `/replay` file and the `/scoreboard` chart. */
export const RECORD_PERMISSIONS: readonly ChannelPermission[] = [{ key: 'permission.attach_files', flag: PermissionFlagsBits.AttachFiles }];

/** What only the weekly game night needs: its scheduled event and the night's threads. */
export const WEEKLY_PERMISSIONS: readonly ChannelPermission[] = [
  { key: 'permission.manage_events', flag: PermissionFlagsBits.ManageEvents },
  { key: 'permission.create_public_threads', flag: PermissionFlagsBits.CreatePublicThreads },
  { key: 'permission.send_messages_in_threads', flag: PermissionFlagsBits.SendMessagesInThreads },
];

/** The sum of some permissions' flags, as the `permissions=` value of an invite link. */
export function permissionBits(perms: readonly ChannelPermission[]): bigint {
  return perms.reduce((bits, p) => bits | p.flag, 0n);
}

/** The bitfield of `TABLE_CHANNEL_PERMISSIONS` (84992). */
export const TABLE_PERMISSIONS_BITS: bigint = permissionBits(TABLE_CHANNEL_PERMISSIONS);

/** Names joined for an English log line: `A`, `A and B`, `A, B and C`. */
export function listNames(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}

/** The table channel permissions for the log: "View Channel, Send Messages, Embed Links and Read Message History". */
export const TABLE_PERMISSION_NAMES: string = listNames(TABLE_CHANNEL_PERMISSIONS.map((p) => ENGLISH.t(p.key)));

/** Permissions named in bold for a sentence in `loc`, as Discord's settings show them ("**Kanal ansehen** und …"). */
export function permissionNames(loc: Locale, perms: readonly ChannelPermission[]): string {
  return loc.list(perms.map((p) => `**${loc.t(p.key)}**`));
}

/** The OAuth2 scopes the bot is invited with. */
const SCOPES = [OAuth2Scopes.Bot, OAuth2Scopes.ApplicationsCommands];

/** What the smaller invite link grants: tables and records, without the weekly night. */
export const INVITE_PERMISSIONS: readonly ChannelPermission[] = [...TABLE_CHANNEL_PERMISSIONS, ...RECORD_PERMISSIONS];

/** The invite links of a logged-in client: `full` with the weekly night's permissions, `tables` without them. */
export function inviteLinks(client: Client<true>): { full: string; tables: string } {
  return {
    full: client.generateInvite({ scopes: SCOPES, permissions: permissionBits([...INVITE_PERMISSIONS, ...WEEKLY_PERMISSIONS]) }),
    tables: client.generateInvite({ scopes: SCOPES, permissions: permissionBits(INVITE_PERMISSIONS) }),
  };
}
