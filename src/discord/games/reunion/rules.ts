/**
 * The `/rules game:reunion` answer in the reader's language: an embed with one field per part of the rules (deal,
 * trumps and bowers, the discard, play, card points, side payments, settlement with the Pierer tiers, the variants
 * (4 or 5 players, Kleine Ekart, Große Ekart), every table option with its default, and what to press here). Rule
 * source: docs/rules/reunion.md; the words are `reunion:rules.*` in src/i18n.
 */
import { EmbedBuilder } from 'discord.js';
import { reunion } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { optionRules } from '../../options.ts';
import type { Payload } from '../types.ts';

/** The parts of the rules in the order shown, each a field `reunion:rules.<part>.name` / `.value`; the table options go before `here`. */
const PARTS = ['deal', 'trumps', 'discard', 'play', 'points', 'side', 'settlement', 'players', 'kleine', 'grosse', 'here'] as const;

/** The rules as one embed (within Discord's limits: 256 per title and field name, 1,024 per field, 6,000 in all). */
export function rules(loc: Locale): Payload {
  const embed = new EmbedBuilder()
    .setColor(0x2c3e50)
    .setTitle(loc.t('reunion:rules.title'))
    .setDescription(loc.t('reunion:rules.intro'))
    .addFields(
      PARTS.flatMap((part) => {
        const field = { name: loc.t(`reunion:rules.${part}.name`), value: loc.t(`reunion:rules.${part}.value`) };
        if (part !== 'here') return [field];
        const options = optionRules(loc, reunion);
        return [{ name: options.title, value: options.text }, field];
      }),
    );
  return { embeds: [embed] };
}
