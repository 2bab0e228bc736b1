/**
 * The bot's two languages through i18next: every word a player reads comes from the resource files
 * (src/i18n/<lang>/<namespace>.json, see ./resources.ts) by key, with plurals by i18next's `_one`/`_other` suffixes
 * and numbers and dates through `Intl` for the language. Private answers are in the user's Discord locale, public
 * messages in the server's language (src/discord/language.ts). Card ids in state and custom_ids never change with
 * the language: labels are rendered here, from keys.
 */
import i18next, { type TFunction } from 'i18next';
import { NAMESPACES, RESOURCES } from './resources.ts';

/** A language the bot speaks. */
export type Lang = 'en' | 'de';

/** Every language, English (the default) first. */
export const LANGS: readonly Lang[] = ['en', 'de'];

/**
 * Interpolation variables of a message (`{{name}}` in the resource); `count` picks the plural form. A variable that is
 * itself a `Text` is translated first (e.g. an option's label inside a refusal).
 */
export type Vars = Record<string, unknown>;

/** A message not yet translated: its key and variables (e.g. a refusal thrown below the Discord layer). */
export interface Text {
  key: string;
  vars?: Vars;
}

/** One language's words and formats, handed to every renderer. */
export interface Locale {
  readonly lang: Lang;
  /** The BCP 47 tag for `Intl`: `en-US` or `de-DE`. */
  readonly tag: string;
  /** The message `key` (`namespace:path`, or a `common` path) with `vars` filled in. */
  t(key: string, vars?: Vars): string;
  /** A translated `Text`. */
  say(text: Text): string;
  /** A number as the language writes it (`1,234.5` / `1.234,5`). */
  number(n: number, options?: Intl.NumberFormatOptions): string;
  /** An instant (epoch ms) in `timeZone` (IANA), formatted by `options` (default: date and time, medium/short). */
  date(ms: number, timeZone: string, options?: Intl.DateTimeFormatOptions): string;
  /** `a, b and c` (or `or` for a disjunction) in the language. */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

const TAGS: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };

const i18n = i18next.createInstance();
void i18n.init({
  resources: RESOURCES,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGS],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The bot's language for a Discord locale (`de` → German, everything else English); null/undefined → English. */
export function langOf(discordLocale: string | null | undefined): Lang {
  return discordLocale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** Whether `value` names one of the bot's languages. */
export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

const isText = (v: unknown): v is Text => typeof v === 'object' && v !== null && typeof (v as Text).key === 'string';

const made = new Map<Lang, Locale>();

/** The `Locale` of a language (made once). */
export function localeOf(lang: Lang): Locale {
  const known = made.get(lang);
  if (known) return known;
  const fixed: TFunction = i18n.getFixedT(lang);
  const tag = TAGS[lang];
  const t = (key: string, vars?: Vars): string => String(fixed(key, vars ?? {}));
  const locale: Locale = {
    lang,
    tag,
    t,
    say: (text) => t(text.key, text.vars && Object.fromEntries(Object.entries(text.vars).map(([k, v]) => [k, isText(v) ? locale.say(v) : v]))),
    number: (n, options) => new Intl.NumberFormat(tag, options).format(n),
    date: (ms, timeZone, options = { dateStyle: 'medium', timeStyle: 'short' }) => new Intl.DateTimeFormat(tag, { ...options, timeZone }).format(ms),
    list: (items, type = 'conjunction') => new Intl.ListFormat(tag, { type }).format(items),
  };
  made.set(lang, locale);
  return locale;
}

/** The `Locale` for a Discord locale (see `langOf`). */
export const localeFor = (discordLocale: string | null | undefined): Locale => localeOf(langOf(discordLocale));

/** English: for tests, logs that quote a message, and text with no reader yet. */
export const ENGLISH = localeOf('en');
