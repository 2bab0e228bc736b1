/**
 * Who may open a channel's web table: a member of the channel's server who can view the channel, as Discord
 * computes it (the guild's roles, the member's roles, the channel's overwrites; a thread by its parent) — the rule
 * `/history` applies to a game's channel (src/discord/visibility.ts). The member is fetched through the bot's client
 * (`GET /guilds/{guild.id}/members/{user.id}`) on every check, so a role taken away counts at the next socket.
 */
import { type Client, DiscordAPIError, PermissionFlagsBits } from 'discord.js';

/** Discord's answers for something the bot cannot find: Unknown Channel, Missing Access, Unknown Member, Unknown User. */
const NOT_FOUND = new Set([10003, 50001, 10007, 10013]);

/**
 * The member's display name when `userId` may view `channelId`; null when they may not (not a member, no View
 * Channel, a channel the bot cannot see or that is not a server's). Rejects on other Discord errors.
 */
export async function channelViewer(client: Client, channelId: string, userId: string): Promise<{ name: string } | null> {
  const gone = (err: unknown): null => {
    if (err instanceof DiscordAPIError && NOT_FOUND.has(Number(err.code))) return null;
    throw err;
  };
  const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId).catch(gone));
  if (!channel || channel.isDMBased()) return null;
  const member = await channel.guild.members.fetch({ user: userId, force: true }).catch(gone);
  if (!member) return null;
  return channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ? { name: member.displayName } : null;
}
