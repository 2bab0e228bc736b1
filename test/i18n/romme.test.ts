/**
 * Every Rommé message in both languages at its longest — six players with 32-character names, full hands, large
 * selections, 40 melds on the table, every note, every narrated event, the records lines, /rules and every refusal —
 * stays within Discord's limits; German output is German (no English words left, German card letters), and every
 * refusal code the engine can give has its sentence in both languages.
 */
import { describe, expect, it } from 'vitest';
import { rommeUi } from '../../src/discord/games/romme/index.ts';
import { encodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import type { Payload } from '../../src/discord/games/types.ts';
import { withRecent } from '../../src/discord/render/index.ts';
import { rommePack } from '../../src/games/romme/pack.ts';
import { whyNotMeld } from '../../src/games/romme/melds.ts';
import {
  apply,
  DEFAULT_ROMME_OPTIONS,
  type Meld,
  ROMME_REFUSALS,
  romme,
  type RommeEvent,
  type RommeOptions,
  type RommeState,
  type RommeView,
} from '../../src/games/romme/index.ts';
import type { IllegalReason } from '../../src/games/types.ts';
import { LANGS, type Lang, localeOf } from '../../src/i18n/index.ts';
import { RESOURCES } from '../../src/i18n/resources.ts';
import { messageProblems } from '../support/fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (payload: unknown): Json => JSON.parse(JSON.stringify(payload));

/** Six 32-character names (German, so that an English word in German output is the bot's). */
const NAMES = ['Maximiliane', 'Hildegard', 'Friedrich', 'Wolfgang', 'Brunhilde', 'Gottfried'].map((n) =>
  `${n} Schönberger-Waldhausen`.padEnd(32, 'e').slice(0, 32),
);
const STAMP = 'abcdef1234.123456';

/** What a player reads in a payload: content, embed texts, button labels, placeholders and option labels. */
function visible(payload: Json): string[] {
  const out: string[] = [];
  if (payload.content) out.push(payload.content);
  for (const e of payload.embeds ?? []) {
    out.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '');
    for (const f of e.fields ?? []) out.push(f.name, f.value);
  }
  for (const row of payload.components ?? [])
    for (const c of row.components ?? []) {
      out.push(c.label ?? '', c.placeholder ?? '');
      for (const o of c.options ?? []) out.push(o.label ?? '', o.description ?? '');
    }
  return out.filter(Boolean);
}

/** Discord's limits, as the fake Discord checks them. */
function problems(payload: Payload): string[] {
  return messageProblems(json(payload)).map((p) => `${p.path}: ${p.message}`);
}

/** English words that must not be left in German output (German shares none of them). */
const ENGLISH_WORDS =
  /\b(the|your|you|and|of|to|is|it|meld|melds|melded|discard|discards|stock|penalty|penalties|deal|deals|dealer|dealt|turn|draw|drawn|wins|won|card|cards|lay|off|swap|swaps|rank|worth|players|select|suggestions|refresh|game|over|set|run|first|goes|went|out|with|on|not|yet|press|take|takes|default|options)\b/i;
/** A card label with an English court letter (German writes D and B). */
const ENGLISH_COURT = /(?<![\p{L}\d])[QJ][♣♠♥♦]/u;

/** Checks German text for English leftovers (`/table new` is the command's name). */
function expectGerman(texts: readonly string[]): void {
  for (const text of texts) {
    const plain = text.replace(/\/table new/g, '').replace(/<@\d*>/g, '');
    expect(plain, text).not.toMatch(ENGLISH_WORDS);
    expect(plain, text).not.toMatch(ENGLISH_COURT);
    expect(plain, text).not.toContain('romme:');
  }
}

/** Runs `check` on the visible text of a payload in the given language. */
function expectLanguage(lang: Lang, texts: readonly string[]): void {
  for (const t of texts) expect(t).not.toMatch(/romme:|\{\{/);
  if (lang === 'de') expectGerman(texts);
}

/** The longest melds: 40 runs and sets with jokers (every joker shown with the card it stands for). */
function longMelds(): Meld[] {
  const run = (suit: string, no: number): Meld => ({
    no,
    owner: no % 6,
    kind: 'run',
    suit: suit as '♣',
    start: 1,
    cards: ['A', '2', 'Joker', '4', '5', '6', 'Joker', '8', '9', '10', 'J', 'Q', 'K'].map((r, i) =>
      r === 'Joker' ? `Joker/${i % 6}` : `${r}${suit}/0`,
    ),
  });
  const set = (rank: string, no: number): Meld => ({
    no,
    owner: no % 6,
    kind: 'set',
    rank: 12,
    cards: [`${rank}♣/1`, `${rank}♠/1`, 'Joker/4', 'Joker/5'],
  });
  return Array.from({ length: 40 }, (_, i) => (i % 2 ? run(['♣', '♠', '♥', '♦'][i % 4] as string, i + 1) : set('Q', i + 1)));
}

/** A six-seat state with `hand` for the seat to move and the given table. */
function stateWith(hand: string[], melds: Meld[], over: Partial<RommeState> = {}, options: Partial<RommeOptions> = {}): RommeState {
  const base = romme.setup({ ...DEFAULT_ROMME_OPTIONS, ...options }, 6, 'i18n-romme');
  return {
    ...base,
    hands: base.hands.map((h, s) => (s === base.turn ? hand : h)),
    melds,
    phase: 'play',
    hasMelded: base.hasMelded.map(() => true),
    meldedBeforeTurn: true,
    dealNo: 5,
    deals: Array.from({ length: 5 }, (_, d) => ({
      dealNo: d,
      dealer: d % 6,
      winner: d % 6,
      handRomme: d === 1,
      penalties: [0, 180, 232, 99, 140, 301],
    })),
    ...over,
  };
}

const bigHand = (): string[] => {
  const pack = rommePack(6);
  return [...pack.filter((c) => /^(Q|J|K|A|10)/.test(c)).slice(0, 21), 'Joker/0', 'Joker/1', 'Joker/2'];
};

describe.each(LANGS)('Rommé in %s', (lang) => {
  const loc = localeOf(lang);
  const check = (payload: Payload) => {
    expect(problems(payload)).toEqual([]);
    expectLanguage(lang, visible(json(payload)));
  };

  it('renders the table while playing, in both phases, by deals and by penalty limit, with 40 melds', () => {
    for (const phase of ['draw', 'play'] as const)
      for (const options of [{ deals: 30 }, { penaltyLimit: 2000 }]) {
        const s = stateWith(bigHand(), longMelds(), { phase, hasMelded: [true, false, true, false, true, false] }, options);
        const melded = rommeUi.narrate(loc, [{ type: 'melded', seat: 0, melds: s.melds.slice(0, 6), value: 999 }], NAMES, romme.view(s, null))[0]!;
        const payload = withRecent(loc, rommeUi.table(loc, romme.view(s, null), NAMES, ['123456789012345678']), [
          melded,
          melded,
          melded,
          melded,
          melded,
        ]);
        check(payload);
        expect(JSON.stringify(json(payload))).toContain(lang === 'de' ? 'Zuletzt' : 'Recent');
        const text = visible(json(payload)).join('\n');
        expect(text).toContain(lang === 'de' ? 'Strafpunkte' : 'penalty');
      }
    const empty = stateWith(bigHand(), [], { discardPile: [] });
    check(rommeUi.table(loc, romme.view(empty, null), NAMES, ['1']));
  });

  it('renders the final table: one winner and a shared first place', () => {
    const view = romme.view(stateWith(bigHand(), longMelds()), null);
    for (const ranks of [
      [1, 2, 3, 4, 5, 6],
      [1, 1, 1, 4, 5, 6],
    ]) {
      const over: RommeView = { ...view, result: { totals: [1, 1999, 2000, 1234, 999, 0], ranks, deals: view.deals } };
      const payload = rommeUi.result(loc, over, NAMES);
      check(payload);
      expect(json(payload).content).toContain(NAMES[0]);
      // The podium: the fewest penalty points first, with the seat's place.
      expect(json(payload).embeds[0].description.split('\n')[0]).toContain(NAMES[5]);
    }
  });

  it('renders the hand in the draw phase and the play phase with large selections, staged groups and every menu', () => {
    const hand = bigHand();
    const sorted = sortRomme(hand);
    for (const phase of ['draw', 'play'] as const)
      for (const hasMelded of [true, false]) {
        const s = stateWith(hand, longMelds(), {
          phase,
          hasMelded: [hasMelded, hasMelded, hasMelded, hasMelded, hasMelded, hasMelded],
          meldedBeforeTurn: hasMelded,
        });
        const view = romme.view(s, s.turn);
        const selections = [
          { staged: [], selected: [] },
          { staged: [], selected: sorted.slice(0, 1) },
          { staged: [], selected: sorted.slice(0, 3) },
          { staged: [], selected: sorted.slice(0, 24) },
          { staged: [{ cards: sorted.slice(0, 3) }, { cards: sorted.slice(3, 6) }], selected: sorted.slice(6, 24) },
        ];
        for (const sel of selections)
          for (const note of [undefined, '💡 '.padEnd(300, '·')]) check(rommeUi.hand(loc, view, NAMES, STAMP, [encodeSelection(sel, sorted)], note));
      }
    // Not this seat's turn, and a finished game.
    const s = stateWith(hand, longMelds());
    const other = romme.view(s, (s.turn + 1) % 6);
    check(rommeUi.hand(loc, other, NAMES, STAMP, []));
    check(rommeUi.hand(loc, { ...other, result: { totals: [0, 0, 0, 0, 0, 0], ranks: [1, 1, 1, 1, 1, 1], deals: [] } }, NAMES, STAMP, []));
  });

  it('offers lay-offs at either end, joker swaps and "meld as" in the language', () => {
    const runs: Meld[] = [
      { no: 1, owner: 1, kind: 'run', suit: '♥', start: 4, cards: ['4♥/0', 'Joker/0', '6♥/0'] },
      { no: 2, owner: 2, kind: 'run', suit: '♣', start: 9, cards: ['9♣/0', '10♣/0', 'J♣/0'] },
      { no: 3, owner: 3, kind: 'set', rank: 12, cards: ['Q♠/0', 'Q♦/0', 'Joker/1'] },
    ];
    const check3 = (hand: string[], selected: string[], kind: string) => {
      const s = stateWith(hand, runs);
      const view = romme.view(s, s.turn);
      const sorted = sortRomme(hand);
      const payload = json(rommeUi.hand(loc, view, NAMES, STAMP, [encodeSelection({ staged: [], selected }, sorted)]));
      check(payload);
      // A menu by its payload kind (`l~…`), or the buttons of a kind that carries a number (`A8~…`: Meld as the run from 8).
      const found = payload.components
        .flatMap((r: Json) => r.components)
        .filter((c: Json) => new RegExp(`^${kind}\\d*~`).test(c.custom_id?.split(':')[3] ?? ''));
      expect(found.length, kind).toBeGreaterThan(0);
      return visible({ components: [{ components: found }] }).join('\n');
    };
    const layOff = check3(['Joker/2', '2♦/0', '3♦/0'], ['Joker/2'], 'l');
    expect(layOff).toContain(lang === 'de' ? 'unteres Ende' : 'low end');
    const swap = check3(['5♥/0', 'Q♣/0', 'Q♥/0', 'K♦/0'], ['5♥/0', 'Q♣/0', 'Q♥/0'], 'w');
    expect(swap).toContain(lang === 'de' ? 'für den Joker' : 'for the joker');
    const swapSet = check3(['Q♣/1', '9♦/0', '10♦/0'], ['Q♣/1', '9♦/0', '10♦/0'], 'w');
    expect(swapSet).toContain(lang === 'de' ? 'D♣' : 'Q♣');
    const meldAs = check3(['9♠/0', '10♠/0', 'Joker/3'], ['9♠/0', '10♠/0', 'Joker/3'], 'A');
    expect(meldAs).toContain(lang === 'de' ? 'Joker(B♠)' : 'Joker(J♠)');
  });

  it('writes every suggestion note', () => {
    const notes: string[] = [];
    const note = (hand: string[], melds: Meld[], over: Partial<RommeState> = {}) => {
      const s = stateWith(hand, melds, over);
      const view = romme.view(s, s.turn);
      const action = rommeUi.parse(loc, 'sg', view, []);
      expect(action?.kind).toBe('select');
      const text = (action as { note?: string }).note ?? '';
      notes.push(text);
      check(rommeUi.hand(loc, view, NAMES, STAMP, (action as { selection: string[] }).selection, text));
      return text;
    };
    const melds = longMelds();
    // No meld, but lay-offs; after the draw advice; too little for a first meld; set aside (with lay-offs).
    note(['Joker/0', 'Joker/1', '2♦/0', '7♣/0', 'Q♦/1'], melds);
    note(['7♠/0', '7♦/0', '7♣/0', 'K♥/0', 'Q♥/0', 'J♥/0'], [], { phase: 'draw' });
    note(['2♠/0', '2♦/0', '2♣/0', '9♥/0'], [], { hasMelded: [false, false, false, false, false, false], meldedBeforeTurn: false });
    note(['K♠/0', 'K♦/0', 'K♣/0', 'Q♥/0', 'J♥/0', '10♥/0', 'Joker/0', '2♦/0'], melds);
    expect(new Set(notes).size).toBe(4);
    for (const n of notes) expect(n.startsWith('💡')).toBe(true);
    expectLanguage(lang, notes);
    if (lang === 'de') expect(notes.join('\n')).toMatch(/anlegen/);
  });

  it('narrates every event, and a going-out move with its scores fits one message', () => {
    const melds = longMelds();
    const [meldA, meldB] = melds as [Meld, Meld];
    const result = { totals: [0, 1999, 2000, 1234, 999, 17], ranks: [1, 5, 6, 4, 3, 2], deals: [] };
    const score = { dealNo: 29, dealer: 5, winner: 0, handRomme: true, penalties: [0, 360, 420, 240, 199, 600] };
    const events: RommeEvent[] = [
      { type: 'dealt', dealNo: 29, dealer: 5, turnUp: 'Q♠/1' },
      { type: 'dealt', dealNo: 0, dealer: 4, turnUp: null },
      { type: 'drew', seat: 1, from: 'discard', card: 'J♣/0' },
      { type: 'drew', seat: 1, from: 'stock', card: null },
      { type: 'restocked', size: 1 },
      { type: 'restocked', size: 84 },
      { type: 'melded', seat: 2, melds: [meldA, meldB, meldA], value: 321 },
      { type: 'laidOff', seat: 3, meld: 40, card: 'Joker/0' },
      { type: 'swapped', seat: 4, meld: 39, naturals: ['Q♥/1', 'Q♦/1'], newMeld: meldB },
      { type: 'discarded', seat: 5, card: 'J♦/1' },
      { type: 'stockExhausted' },
      { type: 'wentOut', seat: 0, handRomme: false },
      { type: 'wentOut', seat: 0, handRomme: true },
      { type: 'dealScored', score },
      { type: 'dealScored', score: { ...score, winner: null, handRomme: false } },
      { type: 'gameOver', result },
    ];
    const lines = rommeUi.narrate(loc, events, NAMES, romme.view(stateWith([], melds), null));
    expect(lines).toHaveLength(events.length - 1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(2000);
    expectLanguage(lang, lines);
    if (lang === 'de') expect(lines.join('\n')).toMatch(/D♠.*\n[^]*B♣/);
    // Going out: the meld, the last card face down (never named), the scores, the game over.
    const out = rommeUi.narrate(
      loc,
      [
        { type: 'melded', seat: 2, melds: [meldB, meldB], value: 190 },
        { type: 'discarded', seat: 2, card: '7♦/1' },
        { type: 'wentOut', seat: 2, handRomme: true },
        { type: 'dealScored', score },
        { type: 'gameOver', result },
      ],
      NAMES,
      romme.view(stateWith([], melds), null),
    );
    expect(out.join('\n').length).toBeLessThanOrEqual(2000);
    expect(out.join('\n')).not.toContain('7♦');
  });

  it('opens the game with the draw for first dealer, ties drawn again', () => {
    const view = romme.view(stateWith([], []), null);
    const draw = [NAMES.map((_, seat) => ({ seat, card: 'Q♠' })), NAMES.map((_, seat) => ({ seat, card: 'J♥' })), [{ seat: 0, card: '10♦' }]];
    const line = rommeUi.opening(loc, { ...view, draw }, NAMES);
    expect(line.length).toBeLessThanOrEqual(2000);
    expectLanguage(lang, [line]);
    expect(line).toContain(lang === 'de' ? 'D♠' : 'Q♠');
  });

  it('opens a game seated by the draw with the seating, from the dealer on', () => {
    const state = romme.setup({ ...DEFAULT_ROMME_OPTIONS, seatByDraw: true }, 6, 'seating-words');
    const line = rommeUi.opening(loc, romme.view(state, null), NAMES);
    expect(line.length).toBeLessThanOrEqual(2000);
    expectLanguage(lang, [line]);
    expect(line).toContain(lang === 'de' ? 'Sitzordnung' : 'Seating');
    expect(line).toContain(NAMES.join(' → '));
  });

  it('writes the records lines: deals, the result, the counts and the unit', () => {
    const r = rommeUi.records;
    const deal = (winner: number | null, handRomme: boolean) => ({
      dealNo: 29,
      dealer: 5,
      winner,
      handRomme,
      penalties: [0, 360, 420, 240, 199, 600],
    });
    const lines = [
      r.dealLine(loc, deal(0, false), NAMES),
      r.dealLine(loc, deal(3, true), NAMES),
      r.dealLine(loc, deal(null, false), NAMES),
      r.resultLine(
        loc,
        NAMES.map((n, seat) => ({
          seat,
          rank: seat + 1,
          measure: seat === 1 ? -1 : -1234 * seat,
          trophy: seat ? '' : '🏆 ',
          who: seat % 2 ? `🤖 ${n}` : n,
        })),
        { totals: [], ranks: [], deals: [] },
      ),
      r.countsLine(loc, { handRomme: 12, dealsWon: 345, deals: 1000, penalty: 12345 }),
      r.countsLine(loc, {}),
      r.unit(loc, 1),
      r.unit(loc, 2),
      r.column(loc),
    ];
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(1024);
    expectLanguage(lang, lines);
    expect(lines[3]).toContain(lang === 'de' ? '1 Strafpunkt ·' : '1 penalty point ·');
    expect(lines[4]).toContain(lang === 'de' ? '12,3' : '12.3');
  });

  it('answers /rules with every option and its default, within the limits', () => {
    const payload = rommeUi.rules(loc);
    check(payload);
    const text = visible(json(payload)).join('\n');
    for (const o of romme.options) expect(text).toContain(loc.t(`romme:option.${o.key}`));
    const words =
      lang === 'de'
        ? [
            'Satz',
            'Folge',
            'anlegen',
            'Joker tauschen',
            'Erstes Auslegen',
            'Ablagestapel',
            'Hand-Rommé',
            'Strafpunkte',
            'Ausmachen',
            'Standard **40**',
          ]
        : ['set', 'run', 'lay off', 'Joker swap', 'First meld', 'discard pile', 'Hand-Rommé', 'penalty points', 'Going out', 'default **40**'];
    for (const w of words) expect(text).toContain(w);
    expect(text.length).toBeGreaterThan(2000);
  });

  it('has a sentence for every refusal code, cards named in the language', () => {
    const vars = { card: 'Q♠/1', meld: 40, minimum: 40, value: 39, why: 'jokers_outnumber' };
    for (const code of ROMME_REFUSALS) {
      const text = rommeUi.refusal(loc, { code, vars });
      expect(text.length, code).toBeGreaterThan(10);
      expect(text.length).toBeLessThanOrEqual(2000);
      expectLanguage(lang, [text]);
      if ((RESOURCES.en.romme.refusal as Record<string, string>)[code]?.includes('{{card}}')) expect(text).toContain(lang === 'de' ? 'D♠' : 'Q♠');
    }
    expect(rommeUi.refusal(loc, { code: 'swap_no_meld', vars: { why: 'not_a_meld' } })).toContain(loc.t('romme:refusal.not_a_meld'));
  });
});

describe('the German check', () => {
  it('catches English words and English court letters', () => {
    const s = stateWith(bigHand(), longMelds());
    const english = visible(json(rommeUi.table(localeOf('en'), romme.view(s, null), NAMES, ['1']))).join('\n');
    expect(english).toMatch(ENGLISH_WORDS);
    expect(english).toMatch(ENGLISH_COURT);
  });
});

describe('Rommé refusals', () => {
  it('every code has its sentence in both languages, and every sentence is a code', () => {
    const en = RESOURCES.en.romme.refusal as Record<string, string>;
    const de = RESOURCES.de.romme.refusal as Record<string, string>;
    expect(Object.keys(en).sort()).toEqual([...ROMME_REFUSALS].sort());
    expect(Object.keys(de).sort()).toEqual([...ROMME_REFUSALS].sort());
    for (const code of ROMME_REFUSALS) expect(de[code], code).not.toBe(en[code]);
  });

  it('the engine gives only those codes, with card ids in its vars', () => {
    const s = stateWith(['7♥/0', '7♣/0', '9♦/0', 'Q♠/1'], [], { phase: 'draw', discardPile: ['Q♠/0'] });
    const reasons: IllegalReason[] = [
      whyNotMeld(['7♥/0', '7♣/0']),
      whyNotMeld(['7♥/0', '7♣/0', '9♦/0']),
      ...[
        { seat: s.turn, move: { type: 'discard', card: '7♥/0' } },
        { seat: (s.turn + 1) % 6, move: { type: 'draw', from: 'stock' } },
        { seat: s.turn, move: { type: 'nonsense' } },
      ].map(({ seat, move }) => {
        const r = apply(s, seat, move as never);
        if (r.ok) throw new Error('accepted');
        return r.reason;
      }),
    ];
    for (const r of reasons) {
      expect(ROMME_REFUSALS).toContain(r.code);
      expect(r).not.toHaveProperty('message');
    }
  });
});
