/**
 * Money as money (docs/rules/dreierles.md § Session: the tariff is euro cents a game point): `Locale.money` writes an
 * amount of cents as euros the way each language does, and Dreierles' result message, deal lines and records line
 * show the game points' worth that way ("+33 (+3,30 €)" / "+33 (+€3.30)"), never as cents.
 */
import { describe, expect, it } from 'vitest';
import { formatDeal } from '../../src/discord/games/dreierles/format.ts';
import { dreierlesUi } from '../../src/discord/games/dreierles/index.ts';
import {
  DEFAULT_DREIERLES_OPTIONS,
  type DealScore,
  type DreierlesView,
  apply,
  legalMoves,
  setup,
  toAct,
  view,
} from '../../src/games/dreierles/index.ts';
import { type Lang, localeOf } from '../../src/i18n/index.ts';

/** German writes a no-break space between the amount and "€". */
const NBSP = '\u00a0';

describe('Locale.money', () => {
  // cents, signed?, German, English
  const CASES: [number, boolean, string, string][] = [
    [330, false, `3,30${NBSP}€`, '€3.30'],
    [3200, false, `32,00${NBSP}€`, '€32.00'],
    [123456, false, `1.234,56${NBSP}€`, '€1,234.56'],
    [5, false, `0,05${NBSP}€`, '€0.05'],
    [0, false, `0,00${NBSP}€`, '€0.00'],
    [-30, false, `−0,30${NBSP}€`, '−€0.30'],
    [330, true, `+3,30${NBSP}€`, '+€3.30'],
    [-3200, true, `−32,00${NBSP}€`, '−€32.00'],
    [0, true, `0,00${NBSP}€`, '€0.00'],
    [-0, true, `0,00${NBSP}€`, '€0.00'],
  ];

  it.each(CASES)('%i cents (signed: %s) read %j in German and %j in English', (cents, signed, de, en) => {
    expect(localeOf('de').money(cents, { signed })).toBe(de);
    expect(localeOf('en').money(cents, { signed })).toBe(en);
  });

  it('gives the same answer the second time (the formatter is kept per options)', () => {
    const de = localeOf('de');
    expect(de.money(330, { signed: true })).toBe(`+3,30${NBSP}€`);
    expect(de.money(330)).toBe(`3,30${NBSP}€`);
    expect(de.money(330, { signed: true })).toBe(`+3,30${NBSP}€`);
  });
});

/** A whole three-player Dreierles session at `tariff`, played by each seat's first legal move: its final public view. */
function finishedView(tariff: number): DreierlesView {
  let s = setup({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 1, tariff }, 3, 'money-as-money');
  for (let seat = toAct(s)[0]; seat !== undefined; seat = toAct(s)[0]) {
    const r = apply(s, seat, legalMoves(s, seat)[0]!);
    if (!r.ok) throw new Error(r.reason.code);
    s = r.state;
  }
  return view(s, null);
}

const NAMES = ['Anna', 'Bernd', 'Catrin'];
const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));

/** The worked example of docs/rules/dreierles.md § Scoring: net +9 / −3 / −6 game points (+90¢ / −30¢ / −60¢ at 10¢). */
const EXAMPLE: DealScore = {
  dealNo: 0,
  dealer: 2,
  contract: 'einer',
  declarer: 0,
  knocks: 0,
  declarerPoints: 43,
  defenderPoints: 27,
  raeuberPoints: null,
  won: true,
  value: 6,
  payments: [
    { from: 1, to: 0, points: 6, reason: 'contract' },
    { from: 2, to: 0, points: 6, reason: 'contract' },
    { from: 1, to: 0, points: 1, reason: 'zehnDruck' },
    { from: 2, to: 0, points: 1, reason: 'zehnDruck' },
    { from: 0, to: 1, points: 1, reason: 'vierKoenige' },
    { from: 2, to: 1, points: 1, reason: 'vierKoenige' },
    { from: 0, to: 1, points: 2, reason: 'pfeifeRaus' },
    { from: 0, to: 2, points: 2, reason: 'pfeifeRaus' },
  ],
  net: [9, -3, -6],
  blind: [],
};

/**
 * What each language shows: the result's podium for totals +33 / −3 / −30 at 10 cents, what a game point is worth, the
 * example's net line, a records line at 100 cents (a euro) a game point, and how the deal line starts.
 */
const SHOWN: Record<Lang, { podium: string[]; worth: string; net: string; records: string; deal: string }> = {
  de: {
    podium: [`1. **Anna**: +33 (+3,30${NBSP}€)`, `2. **Bernd**: −3 (−0,30${NBSP}€)`, `3. **Catrin**: −30 (−3,00${NBSP}€)`],
    worth: `Nach dem Tarif ist ein Spielpunkt 0,10${NBSP}€ wert.`,
    net: `  Saldo: Anna +9 (+0,90${NBSP}€) · Bernd −3 (−0,30${NBSP}€) · Catrin −6 (−0,60${NBSP}€)`,
    records: `🏆 Bernd +32 Spielpunkte, +32,00${NBSP}€ · Anna 0 Spielpunkte, 0,00${NBSP}€ · Catrin −32 Spielpunkte, −32,00${NBSP}€`,
    deal: 'Spiel 1',
  },
  en: {
    podium: ['1. **Anna**: +33 (+€3.30)', '2. **Bernd**: −3 (−€0.30)', '3. **Catrin**: −30 (−€3.00)'],
    worth: 'At the tariff, a game point is worth €0.10.',
    net: '  Net: Anna +9 (+€0.90) · Bernd −3 (−€0.30) · Catrin −6 (−€0.60)',
    records: '🏆 Bernd +32 game points, +€32.00 · Anna 0 game points, €0.00 · Catrin −32 game points, −€32.00',
    deal: 'Deal 1',
  },
};

describe.each(['de', 'en'] as Lang[])('Dreierles money in %s', (lang) => {
  const loc = localeOf(lang);
  const shown = SHOWN[lang];

  it('the result message shows each total with its worth in euros, and what a game point is worth', () => {
    const finished = finishedView(10);
    const body = json(dreierlesUi.result(loc, { ...finished, totals: [33, -3, -30] }, NAMES));
    const description: string = body.embeds[0].description;
    expect(description.split('\n').slice(0, 3)).toEqual(shown.podium);
    expect(description).toContain(shown.worth);
    expect(JSON.stringify(body)).not.toMatch(/¢|\bct\b|Cent/);
  });

  it('a deal’s net line shows each seat’s worth in euros', () => {
    const lines = formatDeal(loc, EXAMPLE, NAMES, 10).split('\n');
    expect(lines[0]).toContain(`**${shown.deal}**`);
    expect(lines.at(-1)).toBe(shown.net);
  });

  it('the records line shows each result’s worth in euros (3,200 cents at a euro a game point)', () => {
    const order = [
      { seat: 1, rank: 1, measure: 32, trophy: '🏆 ', who: 'Bernd' },
      { seat: 0, rank: 2, measure: 0, trophy: '', who: 'Anna' },
      { seat: 2, rank: 3, measure: -32, trophy: '', who: 'Catrin' },
    ];
    expect(dreierlesUi.records.resultLine(loc, order, { totals: [0, 32, -32], deals: [], tariff: 100 })).toBe(shown.records);
  });

  it('without a tariff, only game points', () => {
    const body = json(dreierlesUi.result(loc, { ...finishedView(0), totals: [33, -3, -30] }, NAMES));
    expect(body.embeds[0].description.split('\n')[0]).toBe(shown.podium[0]!.replace(/ \(.*\)$/, ''));
    expect(JSON.stringify(body)).not.toContain('€');
  });
});
