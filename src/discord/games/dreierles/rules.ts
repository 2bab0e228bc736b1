/**
 * The `/rules game:dreierles` answer in the reader's language: the whole game in short sections, from the cards to
 * the table options (docs/rules/dreierles.md; words in src/i18n/<lang>/dreierles.json under `rules`). More than a
 * message's 2,000 characters, so it is the title and introduction as content and an embed with a field per section
 * (each within 1,024 characters, the whole within 6,000).
 */
import { EmbedBuilder } from 'discord.js';
import { dreierles } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { optionRules } from '../../options.ts';
import type { Payload } from '../types.ts';

/** The sections, in reading order (`dreierles:rules.<id>.name` and `.text`; the table options from the game's option list). */
export const RULE_SECTIONS = [
  'cards',
  'counting',
  'auction',
  'exchange',
  'announce',
  'knock',
  'play',
  'score',
  'raeuber',
  'session',
  'options',
  'here',
] as const;

/** The rules as one private message: plain content when it fits 2,000 characters, else the title and introduction and one embed. */
export function rules(loc: Locale): Payload {
  const title = loc.t('dreierles:rules.title');
  const intro = loc.t('dreierles:rules.intro');
  const options = optionRules(loc, dreierles);
  const sections = RULE_SECTIONS.map((id) =>
    id === 'options'
      ? { name: options.title, value: options.text }
      : { name: loc.t(`dreierles:rules.${id}.name`), value: loc.t(`dreierles:rules.${id}.text`) },
  );
  const plain = [`**${title}**`, intro, ...sections.map((s) => `**${s.name}**: ${s.value}`)].join('\n');
  if (plain.length <= 2000) return { content: plain };
  // The title and introduction as the content, so the embed's 6,000 characters are the sections'.
  return { content: `**${title}**\n${intro}`, embeds: [new EmbedBuilder().setColor(0x7d5a2c).addFields(sections)] };
}
