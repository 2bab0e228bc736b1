/**
 * Every slash command, for the router and for `npm run deploy-commands`.
 */
import type { Command } from '../src/discord/context.ts';
import { hand } from './hand.ts';
import { history } from './history.ts';
import { replay } from './replay.ts';
import { rules } from './rules.ts';
import { scoreboard } from './scoreboard.ts';
import { settings } from './settings.ts';
import { stats } from './stats.ts';
import { table } from './table.ts';
import { weekly } from './weekly.ts';

export const COMMANDS: readonly Command[] = [table, hand, rules, scoreboard, stats, history, replay, weekly, settings];
