/**
 * Slash commands in both languages: every command, subcommand, option and choice takes its English name and
 * description (Discord's defaults, what English clients and the tests see) and its German localization (`de`) from
 * the `commands` namespace (src/i18n/<lang>/commands.json). A definition names a resource node by its key
 * (`commands:rules.game`), which holds `name` and `description`; a choice's key holds its label.
 */
import type { APIApplicationCommandOptionChoice, LocalizationMap } from 'discord.js';
import { ENGLISH, type Locale, localeOf, type Vars } from '../i18n/index.ts';
import { GAME_IDS } from '../tables/games.ts';

const GERMAN = localeOf('de');

/** What a command, subcommand or option builder offers for names and descriptions. */
interface Nameable {
  setName(name: string): this;
  setDescription(description: string): this;
  setNameLocalizations(names: LocalizationMap | null): this;
  setDescriptionLocalizations(descriptions: LocalizationMap | null): this;
}

/** Discord's longest description (and choice name). */
const MAX_DESCRIPTION = 100;

const fit = (text: string): string => (text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text);

/**
 * Name and describe `builder` from the resource node `key` (`<key>.name`, `<key>.description`) in English, with
 * the German localizations. `describe`, when given, writes the description instead (e.g. from a game's option
 * label); descriptions are cut to Discord's 100 characters.
 */
export function localized<T extends Nameable>(builder: T, key: string, describe?: (loc: Locale) => string): T {
  const description = describe ?? ((loc: Locale) => loc.t(`${key}.description`));
  return builder
    .setName(ENGLISH.t(`${key}.name`))
    .setNameLocalizations({ de: GERMAN.t(`${key}.name`) })
    .setDescription(fit(description(ENGLISH)))
    .setDescriptionLocalizations({ de: fit(description(GERMAN)) });
}

/**
 * Name `builder` `name` in every language (a name that is the same in both, e.g. a game's id) and describe it by
 * `describe` in English, with the German localization; descriptions are cut to Discord's 100 characters.
 */
export function named<T extends Nameable>(builder: T, name: string, describe: (loc: Locale) => string): T {
  return builder
    .setName(name)
    .setNameLocalizations({ de: name })
    .setDescription(fit(describe(ENGLISH)))
    .setDescriptionLocalizations({ de: fit(describe(GERMAN)) });
}

/** A choice of `value` labelled by `label` in English, localized to German (cut to Discord's 100 characters). */
export function choiceBy<V extends string | number>(value: V, label: (loc: Locale) => string): APIApplicationCommandOptionChoice<V> {
  return { name: fit(label(ENGLISH)), name_localizations: { de: fit(label(GERMAN)) }, value };
}

/** A choice labelled by the message `key` (with `vars`) in English, localized to German. */
export const choice = <V extends string | number>(key: string, value: V, vars?: Vars): APIApplicationCommandOptionChoice<V> =>
  choiceBy(value, (loc) => loc.t(key, vars));

/** The `game` option's choices: every game the bot runs, in the order commands list them. */
export const gameChoices = (): APIApplicationCommandOptionChoice<string>[] => GAME_IDS.map((id) => choice(`commands:game.${id}`, id));
