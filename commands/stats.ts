/**
 * `/stats [user] [game]` — a player's statistics in this server, in public: by default your own, for every game you
 * have played (one section each). The rating trend is the change over the player's last 10 games (all of them if
 * fewer; every rating starts at 0), so it shows current form whatever the season. The figures count every game the
 * player finished here; the ids of the best and worst game are shown only when the asker may see that game
 * (src/discord/visibility.ts), so `/stats` never points at a game from a channel the asker cannot see.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { BotContext, Command } from '../src/discord/context.ts';
import { gameChoices, localized } from '../src/discord/localize.ts';
import { guildOf, memberName, readGame } from '../src/discord/record-options.ts';
import { renderStats, type StatsSection } from '../src/discord/render/records/stats.ts';
import { replyPublicly } from '../src/discord/respond.ts';
import { maySee, visibilityFor } from '../src/discord/visibility.ts';
import { GAME_IDS, gameById } from '../src/tables/games.ts';
import type { PlayerStats, Visibility } from '../src/records/types.ts';
import type { GameId } from '../src/tables/games.ts';
import { Refusal } from '../src/refusal.ts';
import { privateLocale } from '../src/discord/language.ts';

/** Games the trend looks back over. */
const TREND_GAMES = 10;

/** A best or worst game as shown to `who`: its record id blanked (the measure kept) when they may not see that game. */
async function shownGame(ctx: BotContext, guildId: string, game: PlayerStats['best'], who: Visibility): Promise<PlayerStats['best']> {
  if (!game) return null;
  const record = await ctx.records.ledger.record(guildId, game.recordId);
  return record && (await maySee(who, record)) ? game : { measure: game.measure, recordId: '' };
}

/** The player's section of `game`, or null if they never finished one here. */
async function section(ctx: BotContext, guildId: string, game: GameId, playerId: string, who: Visibility): Promise<StatsSection | null> {
  const found = await ctx.records.ledger.stats(guildId, game, playerId);
  if (!found) return null;
  const stats = { ...found, best: await shownGame(ctx, guildId, found.best, who), worst: await shownGame(ctx, guildId, found.worst, who) };
  // The rating before the last 10 games is the point after the 11th-last game (0, the start, with fewer).
  const points = await ctx.records.ledger.ratingHistory(guildId, game, playerId, 0, TREND_GAMES + 1);
  const trendGames = Math.min(TREND_GAMES, points.length);
  const start = points.length > TREND_GAMES ? (points[0]?.ordinal ?? 0) : 0;
  return { game, stats, trend: stats.rating.ordinal - start, trendGames };
}

export const stats: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:stats')
    .setDMPermission(false)
    .addUserOption((o) => localized(o, 'commands:stats.user'))
    .addStringOption((o) => localized(o, 'commands:stats.game').addChoices(...gameChoices())),
  async execute(interaction, ctx) {
    const guildId = guildOf(interaction);
    const user = interaction.options.getUser('user') ?? interaction.user;
    const only = readGame(interaction);
    const games = only ? [only] : GAME_IDS;
    const who = visibilityFor(interaction);
    const sections = (await Promise.all(games.map((g) => section(ctx, guildId, g, user.id, who)))).filter((s) => s !== null);
    const name = memberName(interaction, user);
    if (!sections.length)
      throw only
        ? new Refusal('bad_input', 'records:refusal.player_never_game', { name, game: gameById(only)?.name ?? only })
        : new Refusal('bad_input', 'records:refusal.player_never', { name });
    const loc = await ctx.languages.forInteraction(interaction);
    await replyPublicly(interaction, renderStats(loc, name, sections), privateLocale(interaction).t('records:note.stats'));
  },
};
