/**
 * The `Locale` remembers translations and `Intl` formatters (src/i18n/index.ts): what it answers the second time, with
 * the same or other variables and options, is what i18next and `Intl` answer afresh.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { localeOf, type Lang } from '../../src/i18n/index.ts';
import { NAMESPACES, RESOURCES } from '../../src/i18n/resources.ts';

const fresh = i18next.createInstance();
void fresh.init({
  resources: RESOURCES,
  fallbackLng: 'en',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

const CASES: [string, Record<string, unknown> | undefined][] = [
  ['button.hand', undefined],
  ['refusal.not_enough_players', { game: 'Réunion', min: 3, count: 1 }],
  ['refusal.not_enough_players', { game: 'Réunion', min: 3, count: 2 }],
  ['timer.lobby_closed', { count: 1 }],
  ['timer.lobby_closed', { count: 5 }],
];

describe('a language’s remembered translations', () => {
  it.each(['en', 'de'] as Lang[])('%s: each key and set of variables, asked three times, reads as i18next says', (lang) => {
    const loc = localeOf(lang);
    for (let round = 0; round < 3; round++) for (const [key, vars] of CASES) expect(loc.t(key, vars)).toBe(fresh.getFixedT(lang)(key, vars ?? {}));
    expect(loc.t('timer.lobby_closed', { count: 1 })).not.toBe(loc.t('timer.lobby_closed', { count: 5 }));
  });

  it('translates a message variable first, also when asked again', () => {
    const loc = localeOf('de');
    const text = { key: 'refusal.not_enough_players', vars: { game: { key: 'button.hand' }, min: 3, count: 2 } };
    const once = loc.say(text);
    expect(once).toContain(fresh.getFixedT('de')('button.hand'));
    expect(loc.say(text)).toBe(once);
  });

  it('formats numbers, lists and dates by their options, not by the first options seen', () => {
    const de = localeOf('de');
    expect(de.number(1234.5)).toBe('1.234,5');
    expect(de.number(0.25, { style: 'percent' })).toBe(new Intl.NumberFormat('de-DE', { style: 'percent' }).format(0.25));
    expect(de.number(1234.5)).toBe('1.234,5');
    expect(de.list(['a', 'b', 'c'])).toBe('a, b und c');
    expect(de.list(['a', 'b'], 'disjunction')).toBe('a oder b');
    const ms = Date.UTC(2026, 11, 2, 9, 30);
    expect(de.date(ms, 'Europe/Berlin', { timeStyle: 'short' })).toBe('10:30');
    expect(de.date(ms, 'UTC', { timeStyle: 'short' })).toBe('09:30');
  });
});
