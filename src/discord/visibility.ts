/**
 * Which finished games a member may see in the record commands (`/history`, `/replay`, `/stats`' best and worst game):
 * a game is shown where the asker can see the channel it was played in (View Channel, as Discord computes it from
 * the guild's roles, the member's roles and the channel's permission overwrites; a thread by its parent channel).
 *
 * A game from a channel that no longer exists — deleted, or one the bot can no longer see (Discord answers 10003
 * Unknown Channel or 50001 Missing Access) — cannot be checked any more: it is shown to members with Manage Server
 * and to the players of that game, and hidden from everyone else.
 */
import { DiscordAPIError, type Interaction, PermissionFlagsBits } from 'discord.js';
import type { ChannelAccess, GameRecord, Visibility } from '../records/types.ts';

/** Discord's answers for a channel the bot cannot look at: Unknown Channel, Missing Access. */
const CHANNEL_GONE = new Set([10003, 50001]);

/**
 * The games the member behind `interaction` may see, for `HistoryQuery.visibleTo`. Each channel is looked up once
 * (from discord.js's cache, else fetched: archived threads are not cached). Rejects on other Discord errors.
 */
export function visibilityFor(interaction: Interaction): Visibility {
  const cached = interaction.inCachedGuild();
  const guild = cached ? interaction.guild : null;
  const member = cached ? interaction.member : null;
  const known = new Map<string, Promise<ChannelAccess>>();
  const lookUp = async (channelId: string): Promise<ChannelAccess> => {
    // Without the cached guild or member nothing can be checked: only the players see their games.
    if (!guild || !member) return 'players';
    const channel =
      guild.channels.cache.get(channelId) ??
      (await interaction.client.channels.fetch(channelId).catch((err: unknown) => {
        if (err instanceof DiscordAPIError && CHANNEL_GONE.has(Number(err.code))) return null;
        throw err;
      }));
    if (!channel || channel.isDMBased()) return member.permissions.has(PermissionFlagsBits.ManageGuild) ? 'all' : 'players';
    return channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ? 'all' : 'none';
  };
  return {
    userId: interaction.user.id,
    access(channelId) {
      let access = known.get(channelId);
      if (!access) {
        access = lookUp(channelId);
        known.set(channelId, access);
      }
      return access;
    },
  };
}

/** Whether `who` may see `record` (the same rule as `HistoryQuery.visibleTo`). */
export async function maySee(who: Visibility, record: GameRecord): Promise<boolean> {
  const access = await who.access(record.channelId);
  return access === 'all' || (access === 'players' && record.seats.some((s) => s.userId === who.userId));
}
