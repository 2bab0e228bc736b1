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
  /**
   * An amount of money given in euro cents, as the language writes euros: 330 → `€3.30` / `3,30 €`; with `signed`,
   * `+€3.30` / `+3,30 €` and `−€0.30` / `−0,30 €` (the minus sign U+2212, as every signed number the bot shows), zero
   * unsigned. Dreierles' tariff is the only money the bot shows.
   */
  money(cents: number, options?: { signed?: boolean }): string;
  /** An instant (epoch ms) in `timeZone` (IANA), formatted by `options` (default: date and time, medium/short). */
  date(ms: number, timeZone: string, options?: Intl.DateTimeFormatOptions): string;
  /** `a, b and c` (or `or` for a disjunction) in the language. */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

const TAGS: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };

/** The currency of every amount of money shown (Dreierles' tariff is in euro cents a game point). */
const CURRENCY = 'EUR';

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

/** How many distinct translations a language keeps before its memo starts afresh (bounds memory; names vary). */
const MEMO_MAX = 20_000;

/** Whether every variable is a string, number or boolean (so `JSON.stringify` names the translation exactly). */
const plain = (vars: Vars): boolean => Object.values(vars).every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');

/**
 * `make(options)` once per distinct `options` (by JSON), then the same object: `Intl` formatters are slow to build
 * and are used on every render.
 */
function madeOnce<O, F>(make: (options: O) => F): (options: O) => F {
  const byOptions = new Map<string, F>();
  return (options) => {
    const key = JSON.stringify(options) ?? '';
    let made = byOptions.get(key);
    if (!made) byOptions.set(key, (made = make(options)));
    return made;
  };
}

/** The `Locale` of a language (made once). */
export function localeOf(lang: Lang): Locale {
  const known = made.get(lang);
  if (known) return known;
  const fixed: TFunction = i18n.getFixedT(lang);
  const tag = TAGS[lang];
  // Resources never change while the bot runs, so a translation is a pure function of its key and plain variables:
  // renders ask for the same few hundred strings again and again, and i18next's lookup is the larger part of a render.
  let memo = new Map<string, string>();
  const t = (key: string, vars?: Vars): string => {
    if (vars && !plain(vars)) return String(fixed(key, vars));
    const id = vars ? `${key}\u0000${JSON.stringify(vars)}` : key;
    let text = memo.get(id);
    if (text === undefined) {
      text = String(fixed(key, vars ?? {}));
      if (memo.size >= MEMO_MAX) memo = new Map();
      memo.set(id, text);
    }
    return text;
  };
  const numberFormat = madeOnce((options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options));
  const listFormat = madeOnce((type: 'conjunction' | 'disjunction') => new Intl.ListFormat(tag, { type }));
  const dateFormat = madeOnce((options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, options));
  const locale: Locale = {
    lang,
    tag,
    t,
    say: (text) => t(text.key, text.vars && Object.fromEntries(Object.entries(text.vars).map(([k, v]) => [k, isText(v) ? locale.say(v) : v]))),
    number: (n, options) => numberFormat(options).format(n),
    money: (cents, options) =>
      numberFormat({ style: 'currency', currency: CURRENCY, signDisplay: options?.signed ? 'exceptZero' : 'auto' })
        .formatToParts(cents / 100 || 0) // `|| 0`: never "−0,00 €"
        .map((part) => (part.type === 'minusSign' ? '−' : part.value))
        .join(''),
    date: (ms, timeZone, options = { dateStyle: 'medium', timeStyle: 'short' }) => dateFormat({ ...options, timeZone }).format(ms),
    list: (items, type = 'conjunction') => listFormat(type).format(items),
  };
  made.set(lang, locale);
  return locale;
}

/** The `Locale` for a Discord locale (see `langOf`). */
export const localeFor = (discordLocale: string | null | undefined): Locale => localeOf(langOf(discordLocale));

/** English: for tests, logs that quote a message, and text with no reader yet. */
export const ENGLISH = localeOf('en');
