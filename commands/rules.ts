/**
 * `/rules game:<game>` — a readable rules summary, only to you.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { replyPrivately } from '../src/discord/respond.ts';
import { findUi } from '../src/discord/games/index.ts';
import { privateLocale } from '../src/discord/language.ts';
import { gameChoices, localized } from '../src/discord/localize.ts';

export const rules: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:rules').addStringOption((o) =>
    localized(o, 'commands:rules.game')
      .setRequired(true)
      .addChoices(...gameChoices()),
  ),
  async execute(interaction) {
    const id = interaction.options.getString('game') ?? '';
    const ui = findUi(id);
    const loc = privateLocale(interaction);
    await replyPrivately(interaction, {
      ...(ui?.rules(loc) ?? { content: loc.t('refusal.unknown_game', { game: id.slice(0, 40) }) }),
      allowedMentions: { parse: [] },
    });
  },
};
