/**
 * `/rules game:<game>` — a readable rules summary, only to you.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { replyPrivately } from '../src/discord/respond.ts';
import { findUi } from '../src/discord/games/index.ts';
import { GAMES } from '../src/tables/games.ts';
import { ENGLISH } from '../src/i18n/index.ts';

export const rules: Command = {
  data: new SlashCommandBuilder()
    .setName('rules')
    .setDescription('Read the rules of a game (only you see them)')
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription('Which game')
        .setRequired(true)
        .addChoices(...Object.values(GAMES).map((g) => ({ name: g.name, value: g.id }))),
    ),
  async execute(interaction) {
    const id = interaction.options.getString('game') ?? '';
    const ui = findUi(id);
    await replyPrivately(interaction, {
      ...(ui?.rules(ENGLISH) ?? { content: 'This bot does not run that game yet.' }),
      allowedMentions: { parse: [] },
    });
  },
};
