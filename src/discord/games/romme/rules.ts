/**
 * The `/rules game:romme` answer in the reader's language: the rules in short, every table option with its default,
 * and the decisions a player meets (first meld minimum, taking the discard, joker swaps, going out, penalty points,
 * Hand-Rommé). Rule source: docs/rules/romme.md.
 */
import { EmbedBuilder } from 'discord.js';
import { romme } from '../../../games/romme/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { optionRules } from '../../options.ts';
import type { Payload } from '../types.ts';

/** The sections of the rules after the introduction, in reading order (keys under `romme:rules.`): the deal and melds, then the play. */
const SECTIONS = [
  ['deal', 'turn', 'melds', 'values'],
  ['firstMeld', 'pickup', 'swap', 'goingOut', 'stock', 'game', 'here'],
] as const;

/**
 * The rules as a payload: the title and the introduction as the message's content, then two embeds with the rules and
 * one with every table option, what it may be and its default (the embeds together within Discord's 6,000 characters).
 */
export function rules(loc: Locale): Payload {
  const options = optionRules(loc, romme);
  return {
    content: [`**${loc.t('romme:rules.title')}**`, loc.t('romme:rules.intro')].join('\n'),
    embeds: [
      ...SECTIONS.map((keys) => new EmbedBuilder().setColor(0x1e8449).setDescription(keys.map((k) => loc.t(`romme:rules.${k}`)).join('\n\n'))),
      new EmbedBuilder().setColor(0x1e8449).setTitle(options.title).setDescription(options.text),
    ].map((e) => e.toJSON()),
  };
}
