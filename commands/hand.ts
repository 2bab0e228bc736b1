/**
 * `/hand` — show your own hand, only to you.
 */
import { SlashCommandBuilder } from 'discord.js';
import { showHand } from '../src/discord/hand/show.ts';
import type { Command } from '../src/discord/context.ts';
import { localized } from '../src/discord/localize.ts';

export const hand: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:hand').setDMPermission(false),
  execute: (interaction, ctx) => showHand(interaction, ctx),
};
