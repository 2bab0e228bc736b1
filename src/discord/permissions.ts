/**
 * The permissions the bot needs in a table's channel to post and edit the table message and narration — the one
 * definition that the `/table new` check, the missing-permission answer, the log line and the invite link use.
 */
import { PermissionFlagsBits } from 'discord.js';

/** A permission by the name Discord's channel settings show, and its flag. */
export interface ChannelPermission {
  name: string;
  flag: bigint;
}

/** What a table's channel must grant the bot (the invite link's permissions integer is `TABLE_PERMISSIONS_BITS`). */
export const TABLE_CHANNEL_PERMISSIONS: readonly ChannelPermission[] = [
  { name: 'View Channel', flag: PermissionFlagsBits.ViewChannel },
  { name: 'Send Messages', flag: PermissionFlagsBits.SendMessages },
  { name: 'Embed Links', flag: PermissionFlagsBits.EmbedLinks },
  { name: 'Read Message History', flag: PermissionFlagsBits.ReadMessageHistory },
];

/** The bitfield of `TABLE_CHANNEL_PERMISSIONS` (84992), as the `permissions=` value of an invite link. */
export const TABLE_PERMISSIONS_BITS: bigint = TABLE_CHANNEL_PERMISSIONS.reduce((bits, p) => bits | p.flag, 0n);

/** Names joined for a sentence: `A`, `A and B`, `A, B and C`. */
export function listNames(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}

/** The table channel permissions as a sentence: "View Channel, Send Messages, Embed Links and Read Message History". */
export const TABLE_PERMISSION_NAMES: string = listNames(TABLE_CHANNEL_PERMISSIONS.map((p) => p.name));
