/**
 * Every slash command, for the router and for `npm run deploy-commands`.
 */
import type { Command } from '../src/discord/context.ts';
import { hand } from './hand.ts';
import { rules } from './rules.ts';
import { table } from './table.ts';

export const COMMANDS: readonly Command[] = [table, hand, rules];
