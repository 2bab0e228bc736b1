/**
 * Rommé meld rules, table-driven: which groups are sets or runs (and every way to read them), their value
 * for the first meld, the value of a hand left at the end, lay-offs and joker swaps. Every expected value
 * comes from docs/rules/romme.md (§ Melds, § Card values, § Joker swap, § Worked values).
 */
import { describe, expect, it } from 'vitest';
import { rommeUi } from '../../src/discord/games/romme/index.ts';
import { describeMeld } from '../../src/discord/games/romme/format.ts';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';
import { handPenalty, jokerEndAmbiguous, layOff, readings, readingValue, standsFor, swapJoker } from '../../src/games/romme/index.ts';
import { whyNotMeld } from '../../src/games/romme/melds.ts';
import { DEFAULT_ROMME_OPTIONS } from '../../src/games/romme/types.ts';
import { cards, meldOf } from './table.ts';

const OFF = { aroundTheCorner: false };
const ON = { aroundTheCorner: true };

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** The readings of a group given as labels, summarised as `set 7` or `run ♥ from 5` with their values. */
function read(spec: string, options = OFF): { what: string; value: number }[] {
  return readings(cards(spec), options).map((r) => ({
    what: r.kind === 'set' ? `set ${r.rank}` : `run ${r.suit} from ${r.start}`,
    value: readingValue(r),
  }));
}

describe('the worked values of the digest', () => {
  it.each(
    titled(
      [
        { group: 'A♥ 2♥ 3♥', what: 'run ♥ from 1', value: 6 },
        { group: 'Q♠ K♠ A♠', what: 'run ♠ from 12', value: 31 },
        { group: '7♥ 7♣ 7♦', what: 'set 7', value: 21 },
        { group: 'J♠ Q♠ K♠', what: 'run ♠ from 11', value: 30 },
        { group: '9♣ Joker J♣', what: 'run ♣ from 9', value: 29 },
      ],
      (r) => `${r.group} is a ${r.what.split(' ')[0]} worth ${r.value}`,
    ),
  )('%s', (_, { group, what, value }) => {
    expect(read(group)).toEqual([{ what, value }]);
  });

  it('7-7-7 and J-Q-K together are worth 51, enough for the first meld of 40', () => {
    const total = [cards('7♥ 7♣ 7♦'), cards('J♠ Q♠ K♠')].map((g) => readingValue(readings(g, OFF)[0]!)).reduce((a, b) => a + b, 0);
    expect(total).toBe(51);
    expect(total).toBeGreaterThanOrEqual(DEFAULT_ROMME_OPTIONS.firstMeldMinimum);
  });

  it('in 9♣ Joker J♣ the joker stands for 10♣', () => {
    const meld = meldOf(cards('9♣ Joker J♣'), 1, 0);
    expect(meld.cards.flatMap((_, i) => standsFor(meld, i))).toEqual(['9♣', '10♣', 'J♣']);
  });

  it('a hand of A, K, Joker, 7 left at the end costs 58, 53 with the joker at 25 and 48 with the joker at 20', () => {
    const hand = cards('A♠ K♥ Joker 7♦');
    expect(handPenalty(hand, 30)).toBe(58);
    expect(handPenalty(hand, 25)).toBe(53);
    expect(handPenalty(hand, 20)).toBe(48);
  });
});

describe('valid and invalid groups', () => {
  it.each(
    titled(
      [
        // Sets
        { group: '7♥ 7♥ 7♣', readings: [], why: 'two ♥ in a set' },
        { group: '7♥ 7♣ 7♦ 7♠', readings: [{ what: 'set 7', value: 28 }], why: 'a set of four suits' },
        { group: '7♥ 7♣ 7♦ 7♠ 7♥', readings: [], why: 'a set has at most four cards' },
        { group: 'A♥ A♣ A♦', readings: [{ what: 'set 1', value: 33 }], why: 'aces in a set count 11' },
        { group: 'K♥ K♣ Joker', readings: [{ what: 'set 13', value: 30 }], why: 'a joker stands for the set’s rank' },
        { group: '7♥ 7♣ Joker Joker', readings: [{ what: 'set 7', value: 28 }], why: 'two naturals and two jokers (decision)' },
        { group: '7♥ Joker Joker', readings: [], why: 'one natural and two jokers' },
        { group: '5♠ Joker Joker', readings: [], why: 'one natural and two jokers (the digest’s vector)' },
        { group: '7♥ 7♣', readings: [], why: 'a meld needs three cards' },
        { group: 'Joker Joker Joker', readings: [], why: 'no natural card at all' },
        // Runs
        { group: '5♥ 6♥ 7♣', readings: [], why: 'a run is of one suit' },
        { group: '5♥ 6♥ 8♥', readings: [], why: 'a run is in sequence' },
        { group: '5♥ 6♥ 6♥ 7♥', readings: [], why: 'a run has no rank twice' },
        { group: '8♥ 6♥ 7♥', readings: [{ what: 'run ♥ from 6', value: 21 }], why: 'order in the group does not matter' },
        { group: '3♥ Joker Joker 6♥', readings: [{ what: 'run ♥ from 3', value: 18 }], why: 'two jokers side by side in a run of four' },
        { group: '3♥ Joker Joker Joker 7♥ 8♥', readings: [], why: 'three jokers side by side, never' },
        { group: '3♥ Joker 5♥ Joker 7♥', readings: [{ what: 'run ♥ from 3', value: 25 }], why: 'two jokers apart' },
        { group: '5♥ Joker Joker', readings: [], why: 'two jokers in a run of three' },
        // The ace
        { group: 'A♦ 2♦ 3♦', readings: [{ what: 'run ♦ from 1', value: 6 }], why: 'the ace low' },
        { group: 'Q♦ K♦ A♦', readings: [{ what: 'run ♦ from 12', value: 31 }], why: 'the ace high' },
        { group: 'K♦ A♦ 2♦', readings: [], why: 'the ace in the middle (around the corner is off)' },
        { group: 'K♦ Joker 2♦', readings: [], why: 'a joker as the ace in the middle' },
        { group: 'Joker A♦ 2♦', readings: [{ what: 'run ♦ from 1', value: 6 }], why: 'a joker next to a low ace can only be the 3' },
        { group: 'K♦ A♦ Joker', readings: [{ what: 'run ♦ from 12', value: 31 }], why: 'a joker next to a high ace can only be the queen' },
        {
          group: 'A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣',
          readings: [{ what: 'run ♣ from 1', value: 96 }],
          why: 'a run from ace low to ace high',
        },
        // Ambiguous end joker: the player names it.
        {
          group: '9♣ 10♣ Joker',
          readings: [
            { what: 'run ♣ from 8', value: 27 },
            { what: 'run ♣ from 9', value: 29 },
          ],
          why: 'the joker as 8♣ or J♣',
        },
        {
          group: '5♥ 6♥ Joker Joker',
          readings: [
            { what: 'run ♥ from 3', value: 18 },
            { what: 'run ♥ from 4', value: 22 },
            { what: 'run ♥ from 5', value: 26 },
          ],
          why: 'two jokers at the ends in three ways',
        },
      ],
      (r) => `${r.group}: ${r.readings.length ? r.readings.length + ' reading(s)' : 'no meld'} — ${r.why}`,
    ),
  )('%s', (_, row) => {
    expect(read(row.group)).toEqual(row.readings);
  });

  it.each(
    titled(
      [
        { group: 'K♦ A♦ 2♦', readings: [{ what: 'run ♦ from 13', value: 23 }] },
        { group: 'Q♦ K♦ A♦ 2♦ 3♦', readings: [{ what: 'run ♦ from 12', value: 36 }] },
        { group: 'K♦ Joker 2♦', readings: [{ what: 'run ♦ from 13', value: 23 }] },
        { group: 'A♦ 2♦ 3♦', readings: [{ what: 'run ♦ from 1', value: 6 }] },
        { group: 'Q♦ K♦ A♦', readings: [{ what: 'run ♦ from 12', value: 31 }] },
      ],
      (r) => `with around the corner, ${r.group} is one run`,
    ),
  )('%s', (_, row) => {
    expect(read(row.group, ON)).toEqual(row.readings);
  });

  it('the ambiguous end joker of 9♣ 10♣ Joker stands for 8♣ in one reading and J♣ in the other', () => {
    const rs = readings(cards('9♣ 10♣ Joker'), OFF);
    const names = rs.map((r) => {
      const meld = meldOf(r.cards, 1, 0, OFF, r.kind === 'run' ? r.start : undefined);
      return meld.cards.flatMap((_, i) => standsFor(meld, i)).join(' ');
    });
    expect(names).toEqual(['8♣ 9♣ 10♣', '9♣ 10♣ J♣']);
  });

  it('a group that names one card twice is no meld', () => {
    const [a, b] = cards('7♥ 7♣');
    expect(readings([a!, b!, a!], OFF)).toEqual([]);
  });

  it.each(
    titled(
      [
        { group: '7♥ 7♥ 7♣', code: 'set_suits', message: /different suits/ },
        { group: '5♠ Joker Joker', code: 'jokers_outnumber', message: /outnumber/ },
        { group: '7♥ 7♣', code: 'meld_too_short', message: /three cards/ },
        { group: '7♥ 7♣ 7♦ Joker Joker', code: 'set_too_long', message: /at most four/ },
        { group: '5♥ 6♥ 8♥', code: 'not_a_meld', message: /neither a set .* nor a run/ },
      ],
      (r) => `${r.group} is refused with a readable reason`,
    ),
  )('%s', (_, { group, code, message }) => {
    const reason = whyNotMeld(cards(group));
    expect(reason.code).toBe(code);
    expect(rommeUi.refusal(ENGLISH, reason)).toMatch(message);
  });
});

describe('what a joker stands for', () => {
  it.each(
    titled(
      [
        // A set's joker is a suit the set lacks (§ Melds): named when one is left, both when two are.
        { group: 'A♣ A♥ A♦ Joker', means: ['A♠'], en: 'A♣ A♥ A♦ Joker(A♠)', de: 'A♣ A♥ A♦ Joker(A♠)' },
        { group: 'Q♣ Q♥ Joker', means: ['Q♠/Q♦'], en: 'Q♣ Q♥ Joker(Q♠/Q♦)', de: 'D♣ D♥ Joker(D♠/D♦)' },
        { group: 'Joker J♠ J♦', means: ['J♣/J♥'], en: 'J♠ J♦ Joker(J♣/J♥)', de: 'B♠ B♦ Joker(B♣/B♥)' },
        { group: 'K♠ K♦ Joker Joker', means: ['K♣/K♥', 'K♣/K♥'], en: 'K♠ K♦ Joker(K♣/K♥) Joker(K♣/K♥)', de: 'K♠ K♦ Joker(K♣/K♥) Joker(K♣/K♥)' },
        { group: '7♣ 7♠ 7♥ Joker', means: ['7♦'], en: '7♣ 7♠ 7♥ Joker(7♦)', de: '7♣ 7♠ 7♥ Joker(7♦)' },
        // A run's joker is the card of its place.
        { group: '9♣ Joker J♣', means: ['10♣'], en: '9♣ Joker(10♣) J♣', de: '9♣ Joker(10♣) B♣' },
        { group: '3♥ Joker Joker 6♥', means: ['4♥', '5♥'], en: '3♥ Joker(4♥) Joker(5♥) 6♥', de: '3♥ Joker(4♥) Joker(5♥) 6♥' },
        { group: 'J♥ Q♥ Joker', start: 11, means: ['K♥'], en: 'J♥ Q♥ Joker(K♥)', de: 'B♥ D♥ Joker(K♥)' },
        { group: 'J♥ Q♥ Joker', start: 10, means: ['10♥'], en: 'Joker(10♥) J♥ Q♥', de: 'Joker(10♥) B♥ D♥' },
        { group: 'Q♦ K♦ Joker', start: 12, means: ['A♦'], en: 'Q♦ K♦ Joker(A♦)', de: 'D♦ K♦ Joker(A♦)' },
      ],
      (r) => `${r.group}${r.start ? ` from ${r.start}` : ''}: ${r.en}`,
    ),
  )('%s', (_, { group, start, means, en, de }) => {
    const meld = meldOf(cards(group), 1, 0, OFF, start);
    const jokers = meld.cards.flatMap((c, i) => (c.startsWith('Joker') ? [standsFor(meld, i).join('/')] : []));
    expect(jokers).toEqual(means);
    expect(describeMeld(ENGLISH, meld)).toBe(en);
    expect(describeMeld(localeOf('de'), meld)).toBe(de);
  });
});

describe('laying off', () => {
  const set3 = meldOf(cards('7♥ 7♣ 7♦'), 1, 0);
  const set4 = meldOf(cards('7♥ 7♣ 7♦ 7♠'), 1, 0);
  const setJ = meldOf(cards('7♥ 7♣ Joker/0'), 1, 0);
  const run = meldOf(cards('5♥ 6♥ 7♥'), 1, 0);
  const high = meldOf(cards('Q♥ K♥ A♥'), 1, 0);
  const low = meldOf(cards('A♥ 2♥ 3♥'), 1, 0);

  /** The meld after laying off, as labels (null if refused) with a run's start. */
  const after = (m: ReturnType<typeof meldOf>, card: string, end?: 'low' | 'high', options = OFF): string | null => {
    const r = layOff(m, card, options, end);
    return r ? `${r.cards.map((c) => c.slice(0, c.indexOf('/'))).join(' ')}${r.kind === 'run' ? ` from ${r.start}` : ''}` : null;
  };

  it.each(
    titled(
      [
        { meld: set3, card: '7♠/0', end: undefined, result: '7♥ 7♣ 7♦ 7♠', why: 'the missing suit on a set' },
        { meld: set3, card: '7♥/1', end: undefined, result: null, why: 'a suit the set already has' },
        { meld: set3, card: '8♠/0', end: undefined, result: null, why: 'another rank' },
        { meld: set3, card: 'Joker/1', end: undefined, result: '7♥ 7♣ 7♦ Joker', why: 'a joker on a set' },
        { meld: set4, card: 'Joker/1', end: undefined, result: null, why: 'a fifth card on a set' },
        { meld: setJ, card: 'Joker/1', end: undefined, result: '7♥ 7♣ Joker Joker', why: 'a second joker beside two naturals' },
        { meld: run, card: '8♥/0', end: undefined, result: '5♥ 6♥ 7♥ 8♥ from 5', why: 'the next card at the high end' },
        { meld: run, card: '4♥/0', end: undefined, result: '4♥ 5♥ 6♥ 7♥ from 4', why: 'the card below at the low end' },
        { meld: run, card: '9♥/0', end: undefined, result: null, why: 'a card with a gap' },
        { meld: run, card: '8♣/0', end: undefined, result: null, why: 'another suit' },
        { meld: run, card: 'Joker/1', end: undefined, result: null, why: 'a joker that fits both ends without `end`' },
        { meld: run, card: 'Joker/1', end: 'high', result: '5♥ 6♥ 7♥ Joker from 5', why: 'a joker at the high end' },
        { meld: run, card: 'Joker/1', end: 'low', result: 'Joker 5♥ 6♥ 7♥ from 4', why: 'a joker at the low end' },
        { meld: high, card: 'Joker/1', end: undefined, result: 'Joker Q♥ K♥ A♥ from 11', why: 'a joker below Q-K-A (the only end)' },
        { meld: high, card: 'Joker/1', end: 'high', result: null, why: 'a joker above the high ace' },
        { meld: high, card: 'J♥/0', end: undefined, result: 'J♥ Q♥ K♥ A♥ from 11', why: 'the jack below Q-K-A' },
        { meld: high, card: '2♥/0', end: undefined, result: null, why: 'a two above the high ace (around the corner off)' },
        { meld: low, card: 'K♥/0', end: undefined, result: null, why: 'a king below the low ace (around the corner off)' },
        { meld: low, card: 'Joker/1', end: undefined, result: 'A♥ 2♥ 3♥ Joker from 1', why: 'a joker above A-2-3 (the only end)' },
      ],
      (r) => `${r.result ? 'accepts' : 'refuses'} ${r.why}`,
    ),
  )('%s', (_, row) => {
    expect(after(row.meld, row.card, row.end as 'low' | 'high' | undefined)).toBe(row.result);
  });

  it.each(
    titled(
      [
        { meld: high, card: '2♥/0', result: 'Q♥ K♥ A♥ 2♥ from 12' },
        { meld: low, card: 'K♥/0', result: 'K♥ A♥ 2♥ 3♥ from 13' },
      ],
      (r) => `with around the corner, ${r.card.split('/')[0]} goes on ${r.meld.cards.map((c) => c.split('/')[0]).join(' ')}`,
    ),
  )('%s', (_, row) => {
    expect(after(row.meld, row.card, undefined, ON)).toBe(row.result);
  });

  it('says when a joker needs an end', () => {
    expect(jokerEndAmbiguous(run, 'Joker/1', OFF)).toBe(true);
    expect(jokerEndAmbiguous(high, 'Joker/1', OFF)).toBe(false);
    expect(jokerEndAmbiguous(set3, 'Joker/1', OFF)).toBe(false);
  });

  it('leaves the meld it was given alone', () => {
    const before = JSON.stringify(run);
    layOff(run, '8♥/0', OFF);
    layOff(run, 'Joker/1', OFF, 'low');
    expect(JSON.stringify(run)).toBe(before);
  });
});

describe('joker swaps', () => {
  const labels = (ids: readonly string[]) => ids.map((c) => c.slice(0, c.indexOf('/'))).join(' ');
  const runJ = meldOf(cards('9♣ Joker/0 J♣'), 1, 0);
  const runJJ = meldOf(cards('3♥ Joker/0 Joker/1 6♥'), 1, 0);
  const endJ = meldOf(cards('9♣ 10♣ Joker/0'), 1, 0, OFF, 9);
  const setJ = meldOf(cards('7♥ 7♣ Joker/0'), 1, 0);
  const set4J = meldOf(cards('7♥ 7♣ 7♦ Joker/0'), 1, 0);
  const setJJ = meldOf(cards('7♥ 7♣ Joker/0 Joker/1'), 1, 0);

  it.each(
    titled(
      [
        { meld: runJ, naturals: ['10♣/0'], strict: false, result: '9♣ 10♣ J♣', freed: 'Joker', why: 'the run’s joker for the card it stands for' },
        { meld: runJ, naturals: ['10♥/0'], strict: false, result: null, freed: '', why: 'a card of another suit in a run' },
        { meld: runJ, naturals: ['Q♣/0'], strict: false, result: null, freed: '', why: 'a card the joker does not stand for' },
        { meld: runJ, naturals: ['10♣/0', '10♣/1'], strict: false, result: null, freed: '', why: 'two cards for one run joker' },
        { meld: runJ, naturals: ['Joker/3'], strict: false, result: null, freed: '', why: 'a joker for a joker' },
        { meld: runJJ, naturals: ['5♥/0'], strict: false, result: '3♥ Joker 5♥ 6♥', freed: 'Joker', why: 'the second of two jokers side by side' },
        { meld: endJ, naturals: ['J♣/0'], strict: false, result: '9♣ 10♣ J♣', freed: 'Joker', why: 'an end joker named as J♣' },
        { meld: endJ, naturals: ['8♣/0'], strict: false, result: null, freed: '', why: 'the other end than the one named' },
        { meld: runJ, naturals: ['10♣/0'], strict: true, result: '9♣ 10♣ J♣', freed: 'Joker', why: 'a run joker with strict set swap on' },
        { meld: setJ, naturals: ['7♦/0'], strict: false, result: '7♥ 7♣ 7♦', freed: 'Joker', why: 'a set joker for a missing suit' },
        { meld: setJ, naturals: ['7♥/1'], strict: false, result: null, freed: '', why: 'a suit the set already has' },
        { meld: setJ, naturals: ['8♦/0'], strict: false, result: null, freed: '', why: 'another rank' },
        { meld: setJ, naturals: ['7♦/0', '7♠/0'], strict: false, result: null, freed: '', why: 'two cards at once without strict set swap' },
        { meld: setJJ, naturals: ['7♦/0'], strict: false, result: '7♥ 7♣ 7♦ Joker', freed: 'Joker', why: 'one of two set jokers' },
        { meld: meldOf(cards('7♥ 7♣ 7♦'), 1, 0), naturals: ['7♠/0'], strict: false, result: null, freed: '', why: 'a set without a joker' },
        { meld: setJ, naturals: ['7♦/0'], strict: true, result: null, freed: '', why: 'one card into a set of three with strict set swap' },
        {
          meld: setJ,
          naturals: ['7♦/0', '7♠/0'],
          strict: true,
          result: '7♥ 7♣ 7♦ 7♠',
          freed: 'Joker',
          why: 'both missing suits at once with strict set swap',
        },
        { meld: setJ, naturals: ['7♦/0', '7♥/1'], strict: true, result: null, freed: '', why: 'two cards that do not give four suits' },
        {
          meld: set4J,
          naturals: ['7♠/0'],
          strict: true,
          result: '7♥ 7♣ 7♦ 7♠',
          freed: 'Joker',
          why: 'the fourth suit into a set of four with strict set swap',
        },
        {
          meld: setJJ,
          naturals: ['7♦/0', '7♠/0'],
          strict: true,
          result: '7♥ 7♣ 7♦ 7♠',
          freed: 'Joker Joker',
          why: 'both jokers of a set for two naturals',
        },
      ],
      (r) => `${r.result ? 'takes' : 'refuses'} ${r.why}`,
    ),
  )('%s', (_, row) => {
    const r = swapJoker(row.meld, row.naturals, row.strict);
    expect(r ? labels(r.meld.cards) : null).toBe(row.result);
    expect(r ? labels(r.freed) : '').toBe(row.freed);
  });

  it('frees the joker that stood for the card put in', () => {
    expect(swapJoker(runJJ, ['4♥/0'], false)?.freed).toEqual(['Joker/0']);
    expect(swapJoker(runJJ, ['5♥/0'], false)?.freed).toEqual(['Joker/1']);
  });
});
