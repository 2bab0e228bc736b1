/**
 * The client's words: the bot's own i18next resources (src/i18n), only the namespaces the table shows (common and
 * the three games), in the language of the Discord user inside Discord and of the browser outside. Card names for
 * screen readers are made from the same card words the chat uses (`card.rankName`, `card.suit`, the games' trump
 * and joker names).
 */
import i18next from 'i18next';
import deCommon from '../../i18n/de/common.json';
import deDreierles from '../../i18n/de/dreierles.json';
import deReunion from '../../i18n/de/reunion.json';
import deRomme from '../../i18n/de/romme.json';
import enCommon from '../../i18n/en/common.json';
import enDreierles from '../../i18n/en/dreierles.json';
import enReunion from '../../i18n/en/reunion.json';
import enRomme from '../../i18n/en/romme.json';

/** A language of the client. */
export type Lang = 'en' | 'de';

const i18n = i18next.createInstance();
void i18n.init({
  resources: {
    en: { common: enCommon, reunion: enReunion, dreierles: enDreierles, romme: enRomme },
    de: { common: deCommon, reunion: deReunion, dreierles: deDreierles, romme: deRomme },
  },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common', 'reunion', 'dreierles', 'romme'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let current: Lang = 'en';

/** Switch the words (and the page's `lang`) to `lang`. */
export function setLang(lang: Lang): void {
  current = lang;
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** The language in use. */
export const lang = (): Lang => current;

/** The message `key` with `vars`, in the current language. */
export const t = (key: string, vars?: Record<string, unknown>): string => i18n.t(key, { ...vars, lng: current }) as string;

/** The browser's language: German when its first preference is German, English otherwise. */
export const browserLang = (): Lang => ((navigator.languages?.[0] ?? navigator.language ?? 'en').toLowerCase().startsWith('de') ? 'de' : 'en');

/** The card's label without a Rommé copy number (`7♥/1` → `7♥`). */
export const labelOf = (card: string): string => (card.includes('/') ? card.slice(0, card.indexOf('/')) : card);

/** A card as the chat writes it in the current language (`Q♠` → "D♠", Cego `18` → "T18", `1` → "Pfeife"). */
export function cardLabel(game: string, card: string): string {
  const label = labelOf(card);
  if (label === 'Joker') return t('romme:card.joker');
  if (game === 'dreierles') {
    if (label === 'Stiess') return t('dreierles:card.stiess');
    if (label === '1') return t('dreierles:card.pfeife');
    if (/^\d+$/.test(label)) return t('dreierles:card.trump', { n: label });
  }
  const rank = label.slice(0, -1);
  const letter = /^\d+$/.test(rank) ? rank : t(game === 'dreierles' ? `dreierles:card.rank.${rank}` : `card.rank.${rank}`);
  return `${letter}${label.slice(-1)}`;
}

/** A card's spoken name for screen readers: "queen of spades" / "Pik Dame", "trump 18", "Pfeife", "Joker". */
export function cardName(game: string, card: string): string {
  const label = labelOf(card);
  if (label === 'Joker') return t('romme:card.joker');
  if (label === 'Stiess') return t('dreierles:card.stiess');
  if (game === 'dreierles' && label === '1') return t('dreierles:card.pfeife');
  if (/^\d+$/.test(label)) return t('web.trumpName', { n: label });
  const rank = label.slice(0, -1);
  const suit = t(`card.suit.${label.slice(-1)}`);
  const rankWord = /^[AKQJ]$/.test(rank) ? t(`card.rankName.${rank}`) : t(`web.rankName.${rank}`);
  return t('web.cardName', { rank: rankWord, suit });
}

/** A suit's name with its symbol ("hearts ♥"). */
export const suitName = (suit: string): string => t('reunion:suit', { name: t(`card.suit.${suit}`), symbol: suit });

/** Variables of a refusal with card ids written as the chat writes them. */
export function labelVars(game: string, vars: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars ?? {}))
    out[k] = typeof v === 'string' && /^(card|named)$/.test(k) ? cardLabel(game, v) : isText(v) ? t(v.key, v.vars) : v;
  return out;
}

const isText = (v: unknown): v is { key: string; vars?: Record<string, unknown> } =>
  typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string';
