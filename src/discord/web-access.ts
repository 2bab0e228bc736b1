/**
 * Who may open a channel's web table: a member of the channel's server who can view the channel, as Discord
 * computes it (the guild's roles, the member's roles, the channel's overwrites; a thread by its parent) — the rule
 * `/history` applies to a game's channel (src/discord/visibility.ts). The member is fetched through the bot's client
 * (`GET /guilds/{guild.id}/members/{user.id}`) on every check, so a role taken away counts at the next socket.
 * Under `npm run start:sharded` only shard 0's process serves the web table, and a guild of another shard is not in
 * its cache: then the guild and the channel are fetched without caching them (this process hears none of that
 * guild's gateway events, so a cached copy would go stale).
 */
import { type Client, DiscordAPIError, type GuildBasedChannel, PermissionFlagsBits } from 'discord.js';

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
  const channel = await guildChannel(client, channelId, gone);
  if (!channel) return null;
  const member = await channel.guild.members.fetch({ user: userId, force: true, cache: client.guilds.cache.has(channel.guildId) }).catch(gone);
  if (!member) return null;
  return channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ? { name: member.displayName } : null;
}

/** The server channel `channelId` with its server (see the file's comment), or null (none, not a server's, or gone). */
async function guildChannel(client: Client, channelId: string, gone: (err: unknown) => null): Promise<GuildBasedChannel | null> {
  const cached = client.channels.cache.get(channelId);
  if (cached) return cached.isDMBased() ? null : cached;
  const found = await client.channels.fetch(channelId, { allowUnknownGuild: true, cache: false }).catch(gone);
  if (!found || found.isDMBased()) return null;
  if (client.guilds.cache.has(found.guildId)) return found;
  const guild = await client.guilds.fetch({ guild: found.guildId, cache: false }).catch(gone);
  if (!guild) return null;
  // Fetched through the uncached guild, the channel (and a thread's parent, whose overwrites a thread follows) is kept by that guild only.
  const channel = await guild.channels.fetch(channelId, { cache: false }).catch(gone);
  if (channel?.isThread() && channel.parentId) await guild.channels.fetch(channel.parentId, { cache: false }).catch(gone);
  return channel;
}
