/**
 * The `/rules game:reunion` answer in the reader's language: an embed with one field per part of the rules (deal,
 * trumps and bowers, the discard, play, card points, side payments, settlement, the Pierer-tiers option, four or five
 * players, the Kleine and Große Ekart options, and what to press here). Rule source: docs/rules/reunion.md; the words are `reunion:rules.*` in src/i18n.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { Payload } from '../types.ts';

/** The parts of the rules in the order shown, each a field `reunion:rules.<part>.name` / `.value`. */
const PARTS = [
  'deal',
  'trumps',
  'discard',
  'play',
  'points',
  'side',
  'settlement',
  'pierer',
  'players',
  'kleineEkart',
  'grosseEkart',
  'here',
] as const;

/** The rules as one embed (within Discord's limits: 256 per title and field name, 1,024 per field, 6,000 in all). */
export function rules(loc: Locale): Payload {
  const embed = new EmbedBuilder()
    .setColor(0x2c3e50)
    .setTitle(loc.t('reunion:rules.title'))
    .setDescription(loc.t('reunion:rules.intro'))
    .addFields(PARTS.map((part) => ({ name: loc.t(`reunion:rules.${part}.name`), value: loc.t(`reunion:rules.${part}.value`) })));
  return { embeds: [embed] };
}
