/**
 * What the record commands (`/scoreboard`, `/stats`, `/history`, `/replay`) share: the game option's default, and reading an option that must be one of a fixed list (a forged value is refused, not guessed).
 */
import type { ChatInputCommandInteraction, User } from 'discord.js';
import { GAME_IDS, type GameId, gameById } from '../tables/games.ts';
import { Refusal } from '../refusal.ts';
import type { BotContext } from './context.ts';

/** The guild of a command; record commands work in servers only. */
export function guildOf(interaction: ChatInputCommandInteraction): string {
  if (!interaction.guildId) throw new Refusal('bad_input', 'records:refusal.dm');
  return interaction.guildId;
}

/** The name `user` goes by in this server (nickname, else display name): the caller, or the user of option `user`. */
export function memberName(interaction: ChatInputCommandInteraction, user: User): string {
  const member = user.id === interaction.user.id ? interaction.member : interaction.options.getMember('user');
  return member && 'displayName' in member ? member.displayName : user.displayName;
}

/** The `game` option, or null when not given. Throws `Refusal('bad_input')` for a value that is not a game we run. */
export function readGame(interaction: ChatInputCommandInteraction): GameId | null {
  const value = interaction.options.getString('game');
  if (value === null) return null;
  if (!gameById(value)) throw new Refusal('bad_input', 'records:refusal.unknown_game', { name: value.slice(0, 40) });
  return value as GameId;
}

/** A string option that must be one of `allowed`, or `fallback` when not given; throws `Refusal('bad_input')` otherwise. */
export function readChoice<T extends string>(interaction: ChatInputCommandInteraction, name: string, allowed: readonly T[], fallback: T): T {
  const value = interaction.options.getString(name);
  if (value === null) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new Refusal('bad_input', 'records:refusal.choice', { option: name, choices: allowed.join(', ') });
  return value as T;
}

/** The `page` option (1-based; default 1). Throws `Refusal('bad_input')` below 1. */
export function readPage(interaction: ChatInputCommandInteraction): number {
  const page = interaction.options.getInteger('page') ?? 1;
  if (page < 1 || page > 9999) throw new Refusal('bad_input', 'records:refusal.page', { min: 1, max: 9999 });
  return page;
}

/**
 * The game `/scoreboard` shows when none is given: the game of the guild's latest finished game (so a guild that
 * plays one game never has to name it), or the first game of the list when nothing was played yet.
 */
export async function defaultGame(ctx: BotContext, guildId: string): Promise<GameId> {
  const { records } = await ctx.records.ledger.history({ guildId, offset: 0, limit: 1 });
  return records[0]?.game ?? GAME_IDS[0];
}
