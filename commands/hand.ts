/**
 * `/hand` — show your own hand, only to you.
 */
import { SlashCommandBuilder } from 'discord.js';
import { showHand } from '../src/discord/actions.ts';
import type { Command } from '../src/discord/context.ts';

export const hand: Command = {
  data: new SlashCommandBuilder().setName('hand').setDescription('Show your hand (only you see it)').setDMPermission(false),
  execute: (interaction, ctx) => showHand(interaction, ctx),
};
