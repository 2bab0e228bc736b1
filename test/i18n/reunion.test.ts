/**
 * Every Réunion message in English and German at its longest (32-character names, the dealer's 12 cards, every side
 * payment a deal can have): the table in every phase and at the end, the hand while discarding and playing, the
 * narration of every event and the opening draw, the records lines, the rules and every refusal. Each stays within
 * Discord's limits; the German one is German (its terms, German card labels, no English leftover) and the English
 * one English; and every refusal code the engine can return (driven by illegal moves) has a message in both.
 */
import { describe, expect, it } from 'vitest';
import { type Card, SUITS } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { reunionUi } from '../../src/discord/games/reunion/index.ts';
import type { RankedSeat } from '../../src/discord/games/types.ts';
import {
  apply,
  applyOrThrow,
  DEFAULT_OPTIONS,
  type DealScore,
  legalMoves,
  REUNION_REFUSALS,
  type ReunionEvent,
  type ReunionMove,
  type ReunionResult,
  type ReunionState,
  type ReunionView,
  setup,
  toAct,
  view,
} from '../../src/games/reunion/index.ts';
import type { IllegalReason } from '../../src/games/types.ts';
import { type Lang, LANGS, localeOf } from '../../src/i18n/index.ts';
import { messageProblems } from '../support/fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Three display names of Discord's longest (32 characters), with no English or German word in them. */
const NAMES = ['Xaverine Quilhoternes-Vandrolisk', 'Bartholomeo Zyrnowitsch-Pakoulia', 'Ozymandia Trelkovskaja-Huelvaron'];
const MENTIONS = ['123456789012345678'];
if (NAMES.some((n) => n.length !== 32)) throw new Error('the names must be 32 characters long');
const STAMP = 'abcdef1234.123456';

const json = (payload: unknown): Json => JSON.parse(JSON.stringify(payload));

/** Every text of a body a reader sees. */
function visibleText(body: Json): string {
  const out: string[] = [];
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string' && ['content', 'title', 'description', 'name', 'value', 'text', 'label'].includes(k)) out.push(v);
      else if (typeof v === 'object' && k !== 'allowed_mentions') walk(v);
    }
  };
  walk(body);
  return out.join('\n');
}

/** Words only an English message has (code spans such as `/table new` and the names are taken out first). */
const ENGLISH_WORDS =
  /\b(the|and|of|is|you|your|trick|tricks|trump|trumps|dealer|deals?|dealt|card points|bower|bowers|units?|waiting|selected|discard|refresh|players|game over|side|settlement|net|turn-up|takes|pays|press|lead|follow|captured|no trick)\b/i;
/** Words only a German message has. */
const GERMAN_WORDS =
  /\b(der|die|das|und|du|dein|deine|Stich|Stiche|Trumpf|Geber|Bauer|Bauern|Kartenpunkte|Einheit|Einheiten|Spiel|Partie|drücken|bedienen)\b/;
const plain = (text: string) => NAMES.reduce((t, n) => t.split(n).join(''), text.replace(/`[^`]*`/g, ''));

/** The checks every rendered text gets in its language: keys resolved, card labels and words of the language. */
function languageProblems(lang: Lang, text: string): string[] {
  const out: string[] = [];
  const t = plain(text);
  if (/\{\{|\$t\(|reunion:|\brefusal\.|\b(table|hand|narrate|records|rules)\.\w/.test(t)) out.push(`unresolved key in ${JSON.stringify(text)}`);
  if (lang === 'de') {
    const english = ENGLISH_WORDS.exec(t);
    if (english) out.push(`English "${english[0]}" in ${JSON.stringify(text)}`);
    if (/[JQ][♣♠♥♦]/.test(t)) out.push(`English card label in ${JSON.stringify(text)}`);
  } else {
    const german = GERMAN_WORDS.exec(t);
    if (german) out.push(`German "${german[0]}" in ${JSON.stringify(text)}`);
    if (/[BD][♣♠♥♦]/.test(t)) out.push(`German card label in ${JSON.stringify(text)}`);
  }
  return out;
}

/** Everything wrong with a payload in `lang`: Discord's limits and its language. */
function payloadProblems(lang: Lang, payload: unknown): string[] {
  const body = json(payload);
  return [...messageProblems(body).map((p) => `${p.path}: ${p.message}`), ...languageProblems(lang, visibleText(body))];
}

/** Everything wrong with a line of text (narration, records) in `lang`: at most `max` characters, in its language. */
function lineProblems(lang: Lang, text: string, max = 2000): string[] {
  return [...(text.length > max ? [`${text.length} > ${max}: ${text}`] : []), ...languageProblems(lang, text)];
}

const rng = seededRng('reunion-i18n');
const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** Seeded games played with random legal moves: every state on the way with the events that led to it. */
function games(count: number): { state: ReunionState; events: ReunionEvent[] }[] {
  const out: { state: ReunionState; events: ReunionEvent[] }[] = [];
  for (let g = 0; g < count; g++) {
    let state = setup(DEFAULT_OPTIONS, 3, `reunion-i18n-${g}`);
    out.push({ state, events: [] });
    while (toAct(state).length) {
      const seat = toAct(state)[0]!;
      const r = apply(state, seat, pick(legalMoves(state, seat)));
      if (!r.ok) throw new Error(r.reason.code);
      state = r.state;
      out.push({ state, events: r.events });
    }
  }
  return out;
}

const PLAYED = games(4);
const FINAL = PLAYED.filter((p) => p.state.phase === 'over').map((p) => p.state);

/** A deal with every side payment at once: a bower capture and two players without a trick. */
const worstDeal = (dealNo: number): DealScore => ({
  dealNo,
  dealer: 1,
  trump: '♦',
  turnUp: 'Q♦',
  cardPoints: [122, 28, 0],
  tricks: [10, 0, 0],
  discardPoints: 28,
  marks: ['plain', 'underlined', 'slash'],
  sidePayments: [
    { from: 1, to: 0, units: 1, reason: 'bower' },
    { from: 1, to: 0, units: 1, reason: 'noTrick' },
    { from: 1, to: 2, units: 1, reason: 'noTrick' },
    { from: 2, to: 0, units: 1, reason: 'noTrick' },
    { from: 2, to: 1, units: 1, reason: 'noTrick' },
  ],
});
const TIED: ReunionResult = {
  totals: [150, 150, 150],
  winners: [0, 1, 2],
  settlement: [],
  sideUnits: [-12, 4, 8],
  settlementUnits: [0, 0, 0],
  net: [-12, 4, 8],
};
const ONE_WINNER: ReunionResult = {
  totals: [0, 10, 440],
  winners: [2],
  settlement: [
    { from: 0, to: 2, units: 4 },
    { from: 1, to: 2, units: 3 },
  ],
  sideUnits: [-9, -1, 10],
  settlementUnits: [-4, -3, 7],
  net: [-13, -4, 17],
};

/** The longest views: three deals of every side payment, a full trick and a last trick, the dealer's 12 cards. */
function worstViews(): ReunionView[] {
  const last = FINAL[0]!;
  const deals = [worstDeal(0), worstDeal(1), worstDeal(2)];
  const over = { ...view(last, null), deals };
  const playing = PLAYED.find((p) => p.state.phase === 'play' && p.state.trick.length === 2 && p.state.deals.length === 2)!.state;
  const discarding = PLAYED.find((p) => p.state.phase === 'discard' && p.state.deals.length === 2)!.state;
  return [
    { ...over, result: TIED },
    { ...over, result: ONE_WINNER },
    ...[null, 0, 1, 2].map((seat) => ({ ...view(playing, seat), deals: deals.slice(0, 2) })),
    ...[null, 0, 1, 2].map((seat) => ({ ...view(discarding, seat), deals: deals.slice(0, 2) })),
  ];
}

/** Selections a hand can show: none, and in the dealer's discard one card and a legal pair. */
function selections(v: ReunionView): string[][] {
  const pair = v.legal.find((m) => m.type === 'discard');
  if (v.phase !== 'discard' || v.seat !== v.dealer || !pair || pair.type !== 'discard') return [[]];
  return [[], [pair.cards[0]], [...pair.cards]];
}

describe.each(LANGS)('Réunion in %s', (lang) => {
  const loc = localeOf(lang);

  it('renders the table in every phase, and the final result, within limits and in the language', () => {
    const problems: string[] = [];
    const phases = new Set<string>();
    for (const { state } of PLAYED) {
      const v = view(state, null);
      phases.add(v.result ? 'over' : v.phase);
      problems.push(...payloadProblems(lang, reunionUi.table(loc, v, NAMES, v.result ? [] : MENTIONS)));
    }
    for (const v of worstViews()) {
      const payload = reunionUi.table(loc, v, NAMES, v.result ? [] : MENTIONS);
      problems.push(...payloadProblems(lang, payload));
      const text = visibleText(json(payload));
      const terms = v.result
        ? lang === 'de'
          ? [/^Partie beendet: /, /Kartenpunkte · Nebenzahlungen/, /netto [+−]\d+ Einheiten/, /Trumpf Karo ♦/, /\(Bauer\)/, /\(kein Stich\)/]
          : [/^Game over: /, /card points · side/, /net [+−]\d+ units/, /trump diamonds ♦/, /\(bower\)/, /\(no trick\)/]
        : lang === 'de'
          ? [/Trumpf \*\*\S+ [♣♠♥♦]\*\*/, /rechter Bauer B[♣♠♥♦], linker Bauer B[♣♠♥♦]/, /Geber: /, /Kartenpunkte in Stichen/, /Meine Karten/]
          : [/Trump \*\*\S+ [♣♠♥♦]\*\*/, /right bower J[♣♠♥♦], left bower J[♣♠♥♦]/, /Dealer: /, /card points in tricks/, /My hand/];
      for (const term of terms) expect(text, String(v.seat)).toMatch(term);
    }
    expect(problems).toEqual([]);
    expect([...phases].sort()).toEqual(['discard', 'over', 'play']);
  });

  it('renders every hand while discarding and while playing, within limits and in the language', () => {
    const problems: string[] = [];
    let discards = 0;
    for (const { state } of PLAYED)
      for (let seat = 0; seat < 3; seat++) {
        const v = view(state, seat);
        for (const sel of selections(v)) {
          if (sel.length === 2) discards++;
          problems.push(...payloadProblems(lang, reunionUi.hand(loc, v, NAMES, STAMP, sel)));
        }
      }
    for (const v of worstViews().filter((w) => w.seat !== null))
      for (const sel of selections(v))
        problems.push(
          ...payloadProblems(
            lang,
            reunionUi.hand(loc, v, NAMES, STAMP, sel, reunionUi.refusal(loc, { code: 'must_trump', vars: { suit: '♣', trump: '♦' } })),
          ),
        );
    expect(problems).toEqual([]);
    expect(discards).toBeGreaterThan(0);
    const dealer = worstViews().find((w) => w.phase === 'discard' && w.seat === w.dealer)!;
    const shown = visibleText(json(reunionUi.hand(loc, dealer, NAMES, STAMP, selections(dealer)[2]!)));
    for (const term of lang === 'de'
      ? [/Deine Karten/, /Trumpf/, /Geber/, /Drücken: \S+ \S+/, /kein Bauer/, /Aktualisieren/]
      : [/Your hand/, /trump/, /dealer/, /Discard \S+ \S+/, /no bower/, /Refresh/])
      expect(shown).toMatch(term);
  });

  it('renders the Staubaus controls and the hand of a seat sitting out, each control reading back as a legal move', () => {
    // Four players, Große Ekart: everyone passes in the first round, then Staubaus in another suit, the card named, one given back.
    const four = [...NAMES, 'Quirinella Vostrakowa-Pelzhumirn'];
    let s = setup({ piererTiers: false, grosseEkart: true }, 4, 'reunion-i18n-staubaus');
    s = applyOrThrow(s, s.dealer, legalMoves(s, s.dealer)[0]!).state;
    const states = [s];
    const step = (move: ReunionMove) => {
      s = applyOrThrow(s, toAct(s)[0]!, move).state;
      states.push(s);
    };
    for (let i = 0; i < 3; i++) step({ type: 'pass' });
    step({ type: 'staubaus', suit: SUITS.find((x) => x !== s.trump)! });
    step(legalMoves(s, toAct(s)[0]!)[0]!);
    step(legalMoves(s, toAct(s)[0]!)[0]!);
    const problems: string[] = [];
    const controls = new Set<string>();
    for (const st of states)
      for (let seat = 0; seat < 4; seat++) {
        const v = view(st, seat);
        const body = json(reunionUi.hand(loc, v, four, STAMP, []));
        problems.push(...payloadProblems(lang, body));
        const text = visibleText(body);
        if (!v.active.includes(seat)) expect(text).toMatch(lang === 'de' ? /setzt in diesem Spiel aus/ : /sit out this deal/);
        if (st.staubaus?.givenBack && (seat === st.staubaus.announcer || seat === st.staubaus.holder))
          expect(text).toContain(lang === 'de' ? 'Zurückgegeben' : 'given back');
        // Every enabled control of the seat reads back as one of the moves its view offers.
        const found: { id: string; values: string[] }[] = [];
        const walk = (node: Json) => {
          if (!node || typeof node !== 'object') return;
          if (typeof node.custom_id === 'string' && !node.disabled)
            found.push({ id: node.custom_id, values: (node.options ?? []).map((o: Json) => o.value) });
          for (const child of Object.values(node)) walk(child);
        };
        walk(body);
        for (const { id, values } of found) {
          const payload = id.split(':').slice(3).join(':');
          if (!id.startsWith('st:g:') || payload.startsWith('p.') || payload.startsWith('t.')) continue;
          for (const value of values.length ? values : [undefined]) {
            const action = reunionUi.parse(loc, payload, v, value ? [value] : []);
            controls.add(payload.split('.')[0]!);
            if (action?.kind !== 'move' || !v.legal.some((m) => JSON.stringify(m) === JSON.stringify(action.move)))
              problems.push(`seat ${seat} ${st.phase}: ${payload} ${value ?? ''} reads as ${JSON.stringify(action)}`);
          }
        }
      }
    // The public table message: who sits out, the announcements, the Staubaus.
    const tables = states.map((st) => visibleText(json(reunionUi.table(loc, view(st, null), four, MENTIONS))));
    for (const payload of states.map((st) => reunionUi.table(loc, view(st, null), four, MENTIONS))) problems.push(...payloadProblems(lang, payload));
    expect(tables[0]).toMatch(lang === 'de' ? /In diesem Spiel setzt aus: / : /Sitting out this deal: /);
    expect(tables[0]).toMatch(lang === 'de' ? /Staubaus, Runde 1: / : /Staubaus, round 1: /);
    expect(tables.at(-1)).toMatch(lang === 'de' ? /\*\*Staubaus\*\*: .* muss alle Stiche machen/ : /\*\*Staubaus\*\*: .* must take every trick/);
    expect(problems).toEqual([]);
    expect([...controls].sort()).toEqual(['a', 'g', 'n', 'x']);
  });

  it('narrates every event and the opening draw', () => {
    const problems: string[] = [];
    const kinds = new Set<string>();
    for (const { state, events } of PLAYED) {
      for (const e of events) kinds.add(e.type);
      const lines = reunionUi.narrate(loc, events, NAMES, view(state, null));
      problems.push(...lineProblems(lang, lines.join('\n')));
      if (!events.length) problems.push(...lineProblems(lang, reunionUi.opening(loc, view(state, null), NAMES)));
    }
    const worst = worstDeal(2);
    const every: ReunionEvent[] = [
      { type: 'discarded', seat: 0 },
      { type: 'played', seat: 1, card: 'J♦' },
      {
        type: 'trickWon',
        trickNo: 10,
        winner: 1,
        plays: [0, 1, 2].map((seat, i) => ({ seat, card: (['J♥', 'J♦', 'A♦'] as Card[])[i]! })),
        cardPoints: 35,
        lastTrick: true,
      },
      { type: 'trickWon', trickNo: 9, winner: 1, plays: [{ seat: 2, card: 'Q♣' }], cardPoints: 3, lastTrick: false },
      { type: 'bowerCaptured', from: 0, to: 1 },
      { type: 'dealScored', score: worst },
      { type: 'dealt', dealNo: 2, dealer: 2, trump: '♠', turnUp: 'J♠', active: [0, 1, 2] },
      { type: 'passed', seat: 0, round: 1 },
      { type: 'announced', seat: 1, round: 1, suit: '♠' },
      { type: 'announced', seat: 2, round: 2, suit: '♥' },
      { type: 'handedOver', from: 0, to: 1, card: 'J♠' },
      { type: 'givenBack', from: 1, to: 0 },
      { type: 'staubausOver', announcer: 1, won: true, tricks: 10 },
      { type: 'staubausOver', announcer: 2, won: false, tricks: 3 },
      { type: 'gameOver', result: ONE_WINNER },
    ];
    for (const e of every) kinds.add(e.type);
    const lines = reunionUi.narrate(loc, every, NAMES, view(FINAL[0]!, null));
    expect(lines).toHaveLength(every.length - 1 + 2); // nothing for `played`; a Stange line for each trickless seat
    problems.push(...lines.flatMap((l) => lineProblems(lang, l)), ...lineProblems(lang, lines.join('\n')));
    const drawn = { ...view(PLAYED[0]!.state, null), draw: [0, 1, 2].map(() => NAMES.map((_, seat) => ({ seat, card: '10♣' as Card }))) };
    const opening = reunionUi.opening(loc, drawn, NAMES);
    problems.push(...lineProblems(lang, opening));
    expect(problems).toEqual([]);
    expect([...kinds].sort()).toEqual([
      'announced',
      'bowerCaptured',
      'dealScored',
      'dealt',
      'discarded',
      'gameOver',
      'givenBack',
      'handedOver',
      'passed',
      'played',
      'staubausOver',
      'trickWon',
    ]);
    // Four players: the seat sitting the deal out is named.
    const four = [...NAMES, 'Quirinella Vostrakowa-Pelzhumirn'];
    const out = reunionUi.narrate(
      loc,
      [{ type: 'dealt', dealNo: 0, dealer: 0, trump: '♠', turnUp: 'J♠', active: [0, 1, 2] }],
      four,
      view(FINAL[0]!, null),
    );
    expect(out).toHaveLength(2);
    expect(out[1]).toContain(four[3]);
    expect(out.flatMap((l) => lineProblems(lang, l))).toEqual([]);
    if (lang === 'de') {
      expect(lines.join('\n')).toMatch(/Stich 10: .*B♥ .*B♦ .*letzten Stich/);
      expect(lines.join('\n')).toMatch(/rechte Bauer fängt den linken Bauern/);
      expect(lines.join('\n')).toMatch(/Pik ♠ Trumpf/);
      expect(opening).toMatch(/^Ziehen um den ersten Geber/);
    } else {
      expect(opening).toMatch(/^Drawing for first dealer/);
      expect(lines.join('\n')).toMatch(/spades ♠ is trump/);
    }
  });

  it('writes the records lines', () => {
    const ui = reunionUi.records;
    const order: RankedSeat[] = NAMES.map((who, seat) => ({ seat, rank: 1, measure: TIED.net[seat]!, trophy: '🏆 ', who }));
    const lines = [
      ...[0, 1, 2].map((d) => ui.dealLine(loc, worstDeal(d), NAMES)),
      ...FINAL.flatMap((s) => s.deals.map((d) => ui.dealLine(loc, d, NAMES))),
      ui.resultLine(loc, order, TIED),
      ui.countsLine(loc, { bowersCaptured: 12345, bowersLost: 678, stangen: 9012, deals: 99999 }),
      ui.countsLine(loc, {}),
      ui.dealLine(
        loc,
        {
          ...worstDeal(1),
          cardPoints: [50, 50, 50],
          marks: ['plain', 'plain', 'plain'],
          sidePayments: [],
          staubaus: { announcer: 1, round: 2, suit: '♥', named: 'J♥', won: false },
        },
        NAMES,
      ),
    ];
    expect(lines.flatMap((l) => lineProblems(lang, l, 1024))).toEqual([]);
    expect([ui.unit(loc, 1), ui.unit(loc, 2), ui.column(loc)]).toEqual(
      lang === 'de' ? ['Einheit', 'Einheiten', 'Einheiten'] : ['unit', 'units', 'Units'],
    );
    if (lang === 'de') {
      expect(lines[0]).toMatch(/linken Bauern .*gefangen \(1 Einheit\) · kein Stich: /);
      expect(lines.at(-3)).toMatch(/^Bauern gefangen 12\.345 · /);
    } else expect(lines.at(-3)).toMatch(/^Bowers captured 12,345 · /);
    expect(lines.at(-1)).toMatch(
      lang === 'de' ? /Staubaus von .* verloren \(4 Einheiten an jeden Gegner\)$/ : /Staubaus lost by .* \(4 units to each opponent\)$/,
    );
  });

  it('gives the rules as one embed within limits, with every part in the language', () => {
    const payload = reunionUi.rules(loc);
    expect(payloadProblems(lang, payload)).toEqual([]);
    const text = visibleText(json(payload));
    expect(text.length).toBeGreaterThan(2000);
    const terms =
      lang === 'de'
        ? [
            'Trumpf',
            'rechter Bauer',
            'linker Bauer',
            'Stich',
            'bedienen',
            'Vorhand',
            'Geber',
            'Kartenpunkte',
            'Stange',
            'Pierer',
            'drückt',
            'Meine Karten',
          ]
        : [
            'trump',
            'right bower',
            'left bower',
            'trick',
            'Follow suit',
            'forehand',
            'dealer',
            'Card points',
            'Stange',
            'German for',
            'Pierer',
            'My hand',
          ];
    for (const term of terms) expect(text, term).toContain(term);
    for (const n of ['150', '100', '50', '12', '11', '10']) expect(text).toContain(n);
  });

  it('words every refusal code, with card labels and suit names of the language', () => {
    const vars = { card: 'J♣', suit: '♥', trump: '♣' };
    for (const code of REUNION_REFUSALS) {
      const text = reunionUi.refusal(loc, { code, vars });
      expect(text.length, code).toBeGreaterThan(5);
      expect(lineProblems(lang, text, 1000), code).toEqual([]);
      expect(text, code).not.toBe(localeOf(lang === 'de' ? 'en' : 'de').t(`reunion:refusal.${code}`, vars));
    }
    expect(reunionUi.refusal(loc, { code: 'not_in_hand', vars: { card: 'Q♠' } })).toBe(
      lang === 'de' ? 'Du hast D♠ nicht auf der Hand.' : 'You do not hold Q♠.',
    );
    expect(reunionUi.refusal(loc, { code: 'must_follow', vars: { suit: '♦' } })).toBe(
      lang === 'de' ? 'Du musst Karo ♦ bedienen.' : 'You must follow diamonds ♦.',
    );
  });
});

describe('Réunion refusal codes', () => {
  it('are all reachable by illegal moves, and each one the engine returns is listed and worded in both languages', () => {
    const seen = new Map<string, IllegalReason>();
    const refuse = (state: ReunionState, seat: number, move: unknown) => {
      const r = apply(state, seat, move as ReunionMove);
      expect(r.ok).toBe(false);
      if (!r.ok) seen.set(r.reason.code, r.reason);
    };
    const start = setup(DEFAULT_OPTIONS, 3, 'refusals');
    const d = start.dealer;
    const other = (d + 1) % 3;
    // Discard phase, with a dealer's hand holding every barred kind of card (trump ♥, turn-up 9♥).
    const discarding: ReunionState = { ...start, trump: '♥', turnUp: '9♥' };
    discarding.hands = discarding.hands.map((h, s) => (s === d ? ['A♣', 'J♥', 'J♦', '9♥', '10♣', '10♠', 'K♠', 'Q♠', '7♣', '8♦', 'J♣', 'K♥'] : h));
    refuse(discarding, other, { type: 'discard', cards: discarding.hands[other]!.slice(0, 2) });
    refuse(discarding, d, { type: 'discard', cards: ['7♣'] });
    refuse(discarding, d, { type: 'discard', cards: ['7♣', 'A♠'] });
    refuse(discarding, d, { type: 'discard', cards: ['9♥', '7♣'] });
    refuse(discarding, d, { type: 'discard', cards: ['J♦', '7♣'] });
    refuse(discarding, d, { type: 'discard', cards: ['A♣', '7♣'] });
    refuse(discarding, d, { type: 'discard', cards: ['10♣', '10♠'] });
    refuse(discarding, d, { type: 'play', card: '7♣' });
    refuse(discarding, other, { type: 'play', card: discarding.hands[other]![0] });
    refuse(discarding, d, { type: 'pass' });
    refuse(discarding, d, null);
    // Play phase: seat 1 to play to seat 0's lead.
    const playing: ReunionState = { ...discarding, phase: 'play', dealer: 2, leader: 0, discard: ['8♣', '9♣'] };
    const trick = (card: Card, hand: Card[]) => ({ ...playing, trick: [{ seat: 0, card }], hands: [[], hand, []] });
    refuse(trick('A♠', ['7♠', 'K♣']), 1, { type: 'play', card: 'K♣' });
    refuse(trick('A♥', ['J♦', 'K♣']), 1, { type: 'play', card: 'K♣' });
    refuse(trick('A♠', ['7♥', 'K♣']), 1, { type: 'play', card: 'K♣' });
    refuse(trick('A♠', ['7♥', 'K♣']), 2, { type: 'play', card: 'K♣' });
    refuse(trick('A♠', ['7♥', 'K♣']), 1, { type: 'play', card: 'Q♦' });
    refuse(trick('A♠', ['7♥', 'K♣']), 2, { type: 'discard', cards: ['8♦', '7♦'] });
    refuse(FINAL[0]!, 0, { type: 'play', card: 'A♠' });
    refuse(FINAL[0]!, FINAL[0]!.dealer, { type: 'discard', cards: ['A♠', 'K♠'] });
    // Staubaus (Große Ekart table): announcements after the discard, then the exchange; a fourth seat sits out.
    let ekart = setup({ piererTiers: false, grosseEkart: true }, 4, 'refusals');
    const dealer = ekart.dealer;
    const out = (dealer + 3) % 4;
    const forehand = (dealer + 1) % 4;
    refuse(ekart, out, { type: 'play', card: '7♣' });
    ekart = applyOrThrow(ekart, dealer, legalMoves(ekart, dealer)[0]!).state;
    refuse(ekart, forehand, { type: 'play', card: ekart.hands[forehand]![0] });
    refuse(ekart, forehand, { type: 'name', card: '7♣' });
    refuse(ekart, forehand, { type: 'giveBack', card: ekart.hands[forehand]![0] });
    refuse(ekart, forehand, { type: 'staubaus', suit: SUITS.find((x) => x !== ekart.trump) });
    for (let i = 0; i < 3; i++) ekart = applyOrThrow(ekart, toAct(ekart)[0]!, { type: 'pass' }).state;
    refuse(ekart, forehand, { type: 'staubaus', suit: ekart.trump });
    ekart = applyOrThrow(ekart, forehand, { type: 'staubaus', suit: SUITS.find((x) => x !== ekart.trump)! }).state;
    refuse(ekart, dealer, { type: 'name', card: ekart.hands[forehand]![0] });
    refuse(ekart, forehand, { type: 'name', card: ekart.hands[forehand]![0] });
    refuse(ekart, forehand, { type: 'name', card: ekart.discard[0] });
    refuse(ekart, forehand, { type: 'pass' });

    expect([...seen.keys()].sort()).toEqual([...REUNION_REFUSALS].sort());
    for (const reason of seen.values())
      for (const lang of LANGS) {
        const text = reunionUi.refusal(localeOf(lang), reason);
        expect(text, `${lang} ${reason.code}`).not.toMatch(/refusal\.|\{\{/);
        expect(languageProblems(lang, text), `${lang} ${reason.code}`).toEqual([]);
      }
    expect(reunionUi.refusal(localeOf('de'), seen.get('discard_bower')!)).toBe('Der Geber darf keinen Bauern drücken (B♦).');
    expect(reunionUi.refusal(localeOf('de'), seen.get('must_trump')!)).toBe('Du kannst Pik ♠ nicht bedienen, also musst du Trumpf spielen (Herz ♥).');
  });
});
