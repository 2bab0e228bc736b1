/**
 * A game's table options as players meet them: as options of `/table new <game>` (a switch, a whole number within
 * limits, or one of a few values by name), in the lobby and `/table status` with the table's values, and in `/rules`
 * with what each does, what it may be and its default. Everything comes from the game's `options` (`OptionSpec`,
 * src/games/types.ts) and its words: what an option does is `<game>:option.<key>`, a choice's value is named
 * `<game>:choice.<key>.<value>`, and the option's name in `/table new` is `commands:table.new.option.<key>.name`.
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import type { OptionSpec } from '../games/types.ts';
import type { Locale } from '../i18n/index.ts';
import { DEFAULT_TURN_TIMER_S } from '../tables/deadlines.ts';
import type { TableGame } from '../tables/games.ts';
import { choiceBy } from './localize.ts';

/** The turn timer's choices in `/table new`, in seconds (0 = off). */
const TURN_TIMER_CHOICES = [30, 60, 120, 300, 600, 0] as const;

/** The part of a game the option texts need: its id (the words' namespace) and its options. */
type OptionsOf = Pick<TableGame, 'id' | 'options'>;

/** The message key of an option's name in `/table new` (e.g. `pierer_tiers` in English, `pierer_stufen` in German). */
export const optionNameKey = (key: string): string => `commands:table.new.option.${key}`;

/** A turn timer as players read it: "120 s" (with "(default)" when `marked` and it is the default), or "off". */
function timerLabel(loc: Locale, seconds: number, marked: boolean): string {
  if (seconds === 0) return loc.t('commands:table.new.turn_timer.choice.off');
  const which = marked && seconds === DEFAULT_TURN_TIMER_S ? 'default' : 'seconds';
  return loc.t(`commands:table.new.turn_timer.choice.${which}`, { seconds });
}

/** The turn timer's choices for `/table new`, the default marked. */
export const turnTimerChoices = (): APIApplicationCommandOptionChoice<number>[] =>
  TURN_TIMER_CHOICES.map((s) => choiceBy(s, (loc) => timerLabel(loc, s, true)));

/**
 * An option's value as players read it in `loc`: on/off for a switch, a choice's name (e.g. "off" for a penalty
 * limit of 0), otherwise the number as the language writes it. A value outside the option's choices (a table opened
 * before they were narrowed) shows as its number.
 */
export function formatOption(loc: Locale, game: Pick<TableGame, 'id'>, spec: OptionSpec | undefined, value: unknown): string {
  if (typeof value === 'boolean') return loc.t(value ? 'lobby.on' : 'lobby.off');
  if (typeof value !== 'number') return String(value);
  if (spec?.type === 'choice' && spec.values.includes(value)) return loc.t(`${game.id}:choice.${spec.key}.${value}`);
  return loc.number(value);
}

/** The choices of a choice option in `/table new`, each value by its name, the default marked. */
export function optionChoices(
  game: Pick<TableGame, 'id'>,
  spec: Extract<OptionSpec, { type: 'choice' }>,
): APIApplicationCommandOptionChoice<number>[] {
  return spec.values.map((value) =>
    choiceBy(value, (loc) => {
      const label = formatOption(loc, game, spec, value);
      return value === spec.default ? loc.t('commands:table.new.choice_default', { label }) : label;
    }),
  );
}

/** What `spec` (a number or a choice) may be, in `loc`: "1–10", "2–8 in steps of 2", "off, 250, 500 (the usual limit) or 1000". */
function allowedValues(loc: Locale, game: Pick<TableGame, 'id'>, spec: Exclude<OptionSpec, { type: 'boolean' }>): string {
  if (spec.type === 'choice')
    return loc.list(
      spec.values.map((v) => formatOption(loc, game, spec, v)),
      'disjunction',
    );
  const range = { min: loc.number(spec.min), max: loc.number(spec.max), step: spec.step ?? 1 };
  return loc.t(range.step > 1 ? 'option_rules.steps' : 'option_rules.range', range);
}

/** One line per option of `table`'s game with the table's value ("Rounds (…): **1**"), in the game's order. */
export const optionLines = (loc: Locale, game: OptionsOf, values: Record<string, unknown>): string[] =>
  game.options.map((o) => loc.t('lobby.option', { label: loc.t(`${game.id}:option.${o.key}`), value: formatOption(loc, game, o, values[o.key]) }));

/**
 * The table options for `/rules <game>` in `loc`: a title and a text that says how they are chosen (`/table new
 * <game>` as the reader's client shows it), then one line per option — its name in `/table new`, what it does, what it
 * may be (a switch: on or off, unsaid) and its default — and the turn timer last. Every option of the game is listed.
 */
export function optionRules(loc: Locale, game: OptionsOf): { title: string; text: string } {
  const command = [loc.t('commands:table.name'), loc.t('commands:table.new.name'), game.id].join(' ');
  const status = [loc.t('commands:table.name'), loc.t('commands:table.status.name')].join(' ');
  // A switch is on or off: its line says only what it does and its default.
  const lines = game.options.map((o) =>
    loc.t(o.type === 'boolean' ? 'option_rules.switch' : 'option_rules.line', {
      name: loc.t(`${optionNameKey(o.key)}.name`),
      label: loc.t(`${game.id}:option.${o.key}`),
      values: o.type === 'boolean' ? '' : allowedValues(loc, game, o),
      value: formatOption(loc, game, o, o.default),
    }),
  );
  const timer = loc.t('option_rules.line', {
    name: loc.t('commands:table.new.turn_timer.name'),
    label: loc.t('option_rules.timer'),
    values: loc.list(
      TURN_TIMER_CHOICES.map((s) => timerLabel(loc, s, false)),
      'disjunction',
    ),
    value: timerLabel(loc, DEFAULT_TURN_TIMER_S, false),
  });
  return { title: loc.t('option_rules.title'), text: [loc.t('option_rules.intro', { command, status }), ...lines, timer].join('\n') };
}
