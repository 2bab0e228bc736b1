/**
 * Every Réunion message in English and German at its longest (32-character names, the dealer's 12 cards, every side
 * payment a deal can have): the table in every phase and at the end, the hand while discarding and playing, the
 * narration of every event and the opening draw, the records lines, the rules and every refusal. Each stays within
 * Discord's limits (the hand's header in play: trump and bowers, the trick with who led, the last trick, card points,
 * and in the suit game every jack, checked against the view); the German one is German (its terms, German card labels, no English leftover) and the English
 * one English; and every refusal code the engine can return (driven by illegal moves) has a message in both.
 * The variants (docs/rules/reunion.md § Variants) at five seats with five such names: the table and every hand in each
 * Staubaus step (calls in both rounds, naming, giving back, play) and for a seat sitting out, the Staubaus narration,
 * the deal fields, result and records lines that show who sat out, and the rules' variant parts.
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, SUITS } from '../../src/cards/french.ts';
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
  type ScoreMark,
  setup,
  toAct,
  view,
} from '../../src/games/reunion/index.ts';
import type { IllegalReason } from '../../src/games/types.ts';
import { type Lang, LANGS, type Locale, localeOf } from '../../src/i18n/index.ts';
import { withRecent } from '../../src/discord/render/index.ts';
import { messageProblems } from '../support/fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Three display names of Discord's longest (32 characters), with no English or German word in them. */
const NAMES = ['Xaverine Quilhoternes-Vandrolisk', 'Bartholomeo Zyrnowitsch-Pakoulia', 'Ozymandia Trelkovskaja-Huelvaron'];
const MENTIONS = ['123456789012345678'];
/** Five such names, for the 4–5 player variant. */
const NAMES5 = [...NAMES, 'Quirinalda Fenwoxtrup-Yselbrandt', 'Wendeline Zobrakowitz-Uhlquarren'];
if (NAMES5.some((n) => n.length !== 32)) throw new Error('the names must be 32 characters long');
const STAMP = 'abcdef1234.123456';

const json = (payload: unknown): Json => JSON.parse(JSON.stringify(payload));

/** Every text of a body a reader sees. */
function visibleText(body: Json): string {
  const out: string[] = [];
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'value' && 'label' in node) continue; // a select option's value is a code (a card id), not shown
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
const plain = (text: string) => NAMES5.reduce((t, n) => t.split(n).join(''), text.replace(/`[^`]*`/g, ''));

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

/** The board's recent events at their longest in `loc`: the five longest narration lines of the played games. */
const longestRecent = (loc: Locale): string[] =>
  PLAYED.flatMap(({ state, events }) => reunionUi.narrate(loc, events, NAMES, view(state, null)))
    .sort((a, b) => b.length - a.length)
    .slice(0, 5);

/** What the channel shows of a view: the board with its recent events at their longest, or the result message at the end. */
const board = (loc: Locale, v: ReunionView, names: readonly string[]) =>
  v.result ? reunionUi.result(loc, v, names) : withRecent(loc, reunionUi.table(loc, v, names, MENTIONS), longestRecent(loc));
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
      problems.push(...payloadProblems(lang, board(loc, v, NAMES)));
    }
    for (const v of worstViews()) {
      const payload = board(loc, v, NAMES);
      problems.push(...payloadProblems(lang, payload));
      const text = visibleText(json(payload));
      const terms = v.result
        ? lang === 'de'
          ? [
              /^🏁 Partie vorbei: \*\*.+\*\* (gewinnt|teilen sich den Sieg) mit den meisten Kartenpunkten \(\d+\)\. Einheiten netto/,
              /^1\. 🏆/m,
              /Kartenpunkte · Nebenzahlungen/,
              /netto [+−]\d+ Einheiten/,
              /Trumpf Karo ♦/,
              /\(Bauer\)/,
              /\(kein Stich\)/,
            ]
          : [
              /^🏁 Game over: \*\*.+\*\* (wins the game|share the win) with the most card points \(\d+\)\. Net units, side payments included/,
              /^1\. 🏆/m,
              /card points · side/,
              /net [+−]\d+ units/,
              /trump diamonds ♦/,
              /\(bower\)/,
              /\(no trick\)/,
            ]
        : lang === 'de'
          ? [
              /Trumpf \*\*\S+ [♣♠♥♦]\*\*/,
              /rechter Bauer B[♣♠♥♦], linker Bauer B[♣♠♥♦]/,
              /Geber: /,
              /Kartenpunkte in Stichen/,
              /Meine Karten/,
              /Zuletzt/,
            ]
          : [/Trump \*\*\S+ [♣♠♥♦]\*\*/, /right bower J[♣♠♥♦], left bower J[♣♠♥♦]/, /Dealer: /, /card points in tricks/, /My hand/, /Recent/];
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
      : [/Your hand/, /Trump/, /dealer/, /Discard \S+ \S+/, /no bower/, /Refresh/])
      expect(shown).toMatch(term);
  });

  it('heads every hand in play with the trump, the trick with who led, the last trick and the card points, before the turn', () => {
    const name = `(?:${NAMES.join('|')})`;
    const card = lang === 'de' ? '(?:[AKDB]|10|[7-9])[♣♠♥♦]' : '(?:[AKQJ]|10|[7-9])[♣♠♥♦]';
    const terms =
      lang === 'de'
        ? [
            new RegExp(`^\\*\\*Deine Karten\\*\\* · Spiel \\d von 3 · Geber ${name}$`, 'm'),
            new RegExp(`^Trumpf \\*\\*\\S+ [♣♠♥♦]\\*\\* \\(aufgeschlagen ${card}\\) · rechter Bauer B[♣♠♥♦], linker Bauer B[♣♠♥♦]$`, 'm'),
            new RegExp(`^\\*\\*Stich \\d+\\*\\*, ${name} hat ausgespielt: ${name} ${card} · ${name} ${card}$`, 'm'),
            new RegExp(`^Letzter Stich: ${name} ${card} · ${name} ${card} · ${name} ${card} → ${name}$`, 'm'),
            new RegExp(`^Kartenpunkte in Stichen: ${name} \\d+ · ${name} \\d+ · ${name} \\d+$`, 'm'),
          ]
        : [
            new RegExp(`^\\*\\*Your hand\\*\\* · deal \\d of 3 · dealer ${name}$`, 'm'),
            new RegExp(`^Trump \\*\\*\\S+ [♣♠♥♦]\\*\\* \\(turn-up ${card}\\) · right bower J[♣♠♥♦], left bower J[♣♠♥♦]$`, 'm'),
            new RegExp(`^\\*\\*Trick \\d+\\*\\*, ${name} led: ${name} ${card} · ${name} ${card}$`, 'm'),
            new RegExp(`^Last trick: ${name} ${card} · ${name} ${card} · ${name} ${card} → ${name}$`, 'm'),
            new RegExp(`^Card points in tricks: ${name} \\d+ · ${name} \\d+ · ${name} \\d+$`, 'm'),
          ];
    const midTrick = PLAYED.map((p) => p.state).find((st) => st.phase === 'play' && st.trick.length === 2 && st.tricks.length > 0)!;
    const playing = [0, 1, 2].map((seat) => view(midTrick, seat));
    for (const v of playing) {
      const content: string = json(reunionUi.hand(loc, v, NAMES, STAMP, [])).content;
      for (const term of terms) expect(content, String(v.seat)).toMatch(term);
      // Who led is the first player of the trick; the points are the view's, per seat.
      expect(content).toContain(`${NAMES[v.trick[0]!.seat]} ${lang === 'de' ? 'hat ausgespielt' : 'led'}`);
      expect(content).toContain(v.active.map((s) => `${NAMES[s]} ${v.trickPoints[s]}`).join(' · '));
      expect(content).toContain(`→ ${NAMES[v.lastTrick!.winner]}`);
      const turn = content.search(lang === 'de' ? /Du bist dran|Warte auf/ : /Your turn|Waiting for/);
      expect(turn).toBeGreaterThan(content.search(lang === 'de' ? /Kartenpunkte in Stichen/ : /Card points in tricks/));
    }
    // A trick not yet led names who leads it; before the play (discarding) there is no trick line.
    const leading = PLAYED.map((p) => p.state).find((st) => st.phase === 'play' && st.trick.length === 0 && st.tricks.length > 0)!;
    expect(json(reunionUi.hand(loc, view(leading, 0), NAMES, STAMP, [])).content).toMatch(
      new RegExp(lang === 'de' ? `\\*\\*Stich \\d+\\*\\*: ${name} spielt aus\\.` : `\\*\\*Trick \\d+\\*\\*: ${name} leads\\.`),
    );
    const discarding = worstViews().find((w) => w.seat !== null && w.phase === 'discard')!;
    expect(json(reunionUi.hand(loc, discarding, NAMES, STAMP, [])).content).not.toMatch(
      lang === 'de' ? /Stich \d|Kartenpunkte/ : /Trick \d|Card points/,
    );
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
          expect(text).toMatch(lang === 'de' ? /zurückgegeben/ : /gave (back|you \S+ back)/);
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
    expect(tables[0]).toMatch(lang === 'de' ? /^Geber: .+ · .+ setzt aus$/m : /^Dealer: .+ · .+ sits out$/m);
    expect(tables[0]).toMatch(lang === 'de' ? /\*\*Staubaus\?\*\* .* kann ansagen oder passen/ : /\*\*Staubaus\?\*\* .* may announce or pass/);
    expect(tables.at(-1)).toMatch(
      lang === 'de' ? /\*\*Staubaus\*\*: .* muss alle zehn Stiche machen/ : /\*\*Staubaus\*\*: .* must take all ten tricks/,
    );
    expect(problems).toEqual([]);
    expect([...controls].sort()).toEqual(['g', 'nm', 'ps', 'sb']);
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
    problems.push(...lines.flatMap((l) => lineProblems(lang, l)));
    // What one move can narrate at most without Staubaus (a deal's last trick, its score, the next deal) in one message;
    // the Staubaus events' combinations are checked with five players in 'Réunion variants'.
    const staubausKinds = ['passed', 'announced', 'handedOver', 'givenBack', 'staubausOver'];
    const oneMove = every.filter((e) => !staubausKinds.includes(e.type));
    problems.push(...lineProblems(lang, reunionUi.narrate(loc, oneMove, NAMES, view(FINAL[0]!, null)).join('\n')));
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
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(`${four[3]} ${lang === 'de' ? 'setzt in diesem Spiel aus' : 'sits out this deal'}`);
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
      lang === 'de'
        ? /Staubaus von .* in ♥ \(B♥ verlangt\) verloren: zahlte jedem Gegner 4 Einheiten$/
        : /Staubaus by .* in ♥ \(J♥ named\) lost: paid each opponent 4 units$/,
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

// ---- the variants: 4 or 5 players, Kleine and Große Ekart (docs/rules/reunion.md § Variants) ----------------------

/**
 * Seeded games at `seats` with the Ekart options, random legal moves, Staubaus announced at the first call with
 * probability `announce` (so every Staubaus step shows up): every state with the events that led to it.
 */
function variantGames(seeds: string[], seats: number, grosse: boolean, announce: number): { state: ReunionState; events: ReunionEvent[] }[] {
  const out: { state: ReunionState; events: ReunionEvent[] }[] = [];
  for (const seed of seeds) {
    let state = setup({ piererTiers: false, kleineEkart: true, grosseEkart: grosse }, seats, seed);
    out.push({ state, events: [] });
    while (toAct(state).length) {
      const seat = toAct(state)[0]!;
      const legal = legalMoves(state, seat);
      const calls = legal.filter((m) => m.type === 'staubaus');
      const move = state.phase === 'announce' ? (calls.length && rng() < announce ? pick(calls) : { type: 'pass' as const }) : pick(legal);
      const r = apply(state, seat, move);
      if (!r.ok) throw new Error(r.reason.code);
      state = r.state;
      out.push({ state, events: r.events });
    }
  }
  return out;
}

const VARIANT_PLAYED = [...variantGames(['reunion-i18n-v0', 'reunion-i18n-v1'], 5, true, 0.15), ...variantGames(['reunion-i18n-v2'], 4, false, 0.3)];

/** A deal at five seats with every side payment its three players can have, and two seats sitting out. */
const worstDeal5 = (dealNo: number): DealScore => ({
  dealNo,
  dealer: dealNo,
  trump: '♦',
  turnUp: 'Q♦',
  active: [dealNo, (dealNo + 1) % 5, (dealNo + 2) % 5].sort(),
  ...(() => {
    const [a, b, c] = [dealNo, (dealNo + 1) % 5, (dealNo + 2) % 5];
    const per = (values: [number, number, number], rest: number) => {
      const out = new Array<number>(5).fill(rest);
      out[a] = values[0];
      out[b] = values[1];
      out[c] = values[2];
      return out;
    };
    const marks = new Array<ScoreMark>(5).fill('plain');
    marks[a] = 'underlined';
    marks[b] = 'slash';
    return {
      cardPoints: per([28, 0, 122], 0),
      tricks: per([0, 0, 10], 0),
      discardPoints: 28,
      marks,
      sidePayments: [
        { from: a, to: c, units: 1, reason: 'bower' as const },
        { from: a, to: b, units: 1, reason: 'noTrick' as const },
        { from: a, to: c, units: 1, reason: 'noTrick' as const },
        { from: b, to: a, units: 1, reason: 'noTrick' as const },
        { from: b, to: c, units: 1, reason: 'noTrick' as const },
      ],
    };
  })(),
});

/** A Staubaus deal at five seats (Große Ekart, lost): 50 card points credited to each player, 4 units to each opponent. */
const staubausDeal5 = (dealNo: number, won: boolean): DealScore => {
  const active = [dealNo, (dealNo + 1) % 5, (dealNo + 2) % 5].sort();
  const announcer = (dealNo + 1) % 5;
  const others = active.filter((s) => s !== announcer);
  return {
    dealNo,
    dealer: dealNo,
    trump: '♣',
    turnUp: '10♦',
    active,
    cardPoints: [0, 1, 2, 3, 4].map((s) => (active.includes(s) ? 50 : 0)),
    tricks: [0, 1, 2, 3, 4].map((s) => (s === announcer ? 3 : s === others[0] ? 1 : 0)),
    discardPoints: 0,
    marks: new Array<ScoreMark>(5).fill('plain'),
    sidePayments: others.map((o) => ({ from: won ? o : announcer, to: won ? announcer : o, units: 4, reason: 'staubaus' as const })),
    staubaus: { announcer, round: 2, suit: '♣', named: 'J♣', won },
  };
};

const RESULT5: ReunionResult = {
  totals: [0, 150, 299, 300, 150],
  winners: [3],
  settlement: [
    { from: 0, to: 3, units: 4 },
    { from: 1, to: 3, units: 0 },
  ],
  sideUnits: [-19, 4, 8, 3, 4],
  settlementUnits: [-4, 0, 0, 4, 0],
  net: [-23, 4, 8, 7, 4],
};

describe.each(LANGS)('Réunion variants in %s', (lang) => {
  const loc = localeOf(lang);
  const deals5 = [worstDeal5(0), staubausDeal5(1, false), worstDeal5(2), staubausDeal5(3, true), worstDeal5(4)];
  /** The states of the seeded variant games in each Staubaus step, and the finished ones. */
  const at = (f: (s: ReunionState) => boolean) => VARIANT_PLAYED.map((p) => p.state).filter(f);

  it('renders the table and every hand in every Staubaus step and with seats sitting out, within limits and in the language', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { state } of VARIANT_PLAYED) {
      const names = NAMES5.slice(0, state.seats);
      const pub = view(state, null);
      const staubaus = pub.staubaus ? `:staubaus${pub.staubaus.round}` : '';
      seen.add(pub.result ? 'over' : `${pub.phase}${staubaus}${pub.announcements.length >= 3 ? ':round2' : ''}`);
      // Long deals: the deal fields of the longest kind, so far as the game has gone.
      const long = { ...pub, deals: deals5.slice(0, state.deals.length).filter(() => state.seats === 5), ...(pub.result ? { result: RESULT5 } : {}) };
      for (const v of state.seats === 5 ? [pub, long] : [pub]) problems.push(...payloadProblems(lang, board(loc, v, names)));
      for (let seat = 0; seat < state.seats; seat++) {
        const v = view(state, seat);
        if (!pub.active.includes(seat)) seen.add('hand:sitsOut');
        if (v.staubaus?.givenBack && v.phase === 'play') seen.add(`hand:given:${seat === v.staubaus.announcer ? 'announcer' : 'holder'}`);
        problems.push(
          ...payloadProblems(
            lang,
            reunionUi.hand(loc, v, names, STAMP, [], reunionUi.refusal(loc, { code: 'name_in_discard', vars: { card: '10♣' } })),
          ),
        );
      }
    }
    expect(problems).toEqual([]);
    for (const step of [
      'announce',
      'announce:round2',
      'name:staubaus1',
      'giveBack:staubaus1',
      'play:staubaus1',
      'play:staubaus2:round2',
      'over',
      'hand:sitsOut',
      'hand:given:announcer',
      'hand:given:holder',
    ])
      expect([...seen], step).toContain(step);
  });

  it('words the Staubaus controls and lines: buttons, the naming menu, the table', () => {
    const round2 = at((s) => s.phase === 'announce' && (s.announcements?.length ?? 0) >= 3)[0]!;
    const seat = toAct(round2)[0]!;
    const hand = json(reunionUi.hand(loc, view(round2, seat), NAMES5, STAMP, []));
    const labels = hand.components.flatMap((r: Json) => r.components).map((c: Json) => c.label);
    const turned = round2.turnUp.slice(-1);
    expect(labels).toEqual(
      expect.arrayContaining([...SUITS.filter((x) => x !== turned).map((x) => `Staubaus in ${x}`), lang === 'de' ? 'Passen' : 'Pass']),
    );
    const first = at((s) => s.phase === 'announce' && (s.announcements?.length ?? 0) < 3)[0]!;
    const firstLabels = json(reunionUi.hand(loc, view(first, toAct(first)[0]!), NAMES5, STAMP, []))
      .components.flatMap((r: Json) => r.components)
      .map((c: Json) => c.label);
    expect(firstLabels).toEqual(expect.arrayContaining(lang === 'de' ? ['Staubaus ansagen', 'Passen'] : ['Staubaus', 'Pass']));
    const naming = at((s) => s.phase === 'name')[0]!;
    const announcer = toAct(naming)[0]!;
    const menu = json(reunionUi.hand(loc, view(naming, announcer), NAMES5, STAMP, []))
      .components.flatMap((r: Json) => r.components)
      .find((c: Json) => c.type === 3);
    // Every card not in the announcer's hand, the discarded ones included (their place stays unknown), unless the announcer discarded them.
    const own = announcer === naming.dealer ? naming.discard : [];
    expect(menu.options.map((o: Json) => o.value).sort()).toEqual(
      FRENCH_32.filter((c) => !naming.hands[announcer]!.includes(c) && !own.includes(c)).sort(),
    );
    expect(menu.options.length).toBeLessThanOrEqual(25);
    const table = visibleText(json(reunionUi.table(loc, view(naming, null), NAMES5, MENTIONS)));
    expect(table).toMatch(lang === 'de' ? /\*\*Staubaus\*\*: .* muss alle zehn Stiche machen/ : /\*\*Staubaus\*\*: .* must take all ten tricks/);
    const suitGame = at((s) => s.phase === 'play' && s.staubaus?.round === 2)[0]!;
    expect(visibleText(json(reunionUi.table(loc, view(suitGame, null), NAMES5, MENTIONS)))).toMatch(
      lang === 'de' ? /dann die beiden anderen Buben/ : /then the other two jacks/,
    );
    // The hand in the Große Ekart suit game: every jack is a trump, the suit's own jack first; tricks taken, not card points.
    const announcer2 = suitGame.staubaus!.announcer;
    const suitHand: string = json(reunionUi.hand(loc, view(suitGame, announcer2), NAMES5, STAMP, [])).content;
    const jacks =
      lang === 'de' ? /alle Buben sind Trumpf: (B[♣♠♥♦]) B[♣♠♥♦] B[♣♠♥♦] B[♣♠♥♦]$/m : /every jack is a trump: (J[♣♠♥♦]) J[♣♠♥♦] J[♣♠♥♦] J[♣♠♥♦]$/m;
    expect(suitHand).toMatch(jacks);
    expect(jacks.exec(suitHand)![1]!.slice(-1)).toBe(suitGame.trump);
    expect(suitHand).toMatch(lang === 'de' ? /^Stiche: /m : /^Tricks taken: /m);
    expect(suitHand).not.toMatch(lang === 'de' ? /Kartenpunkte in Stichen/ : /Card points in tricks/);
    const out = at((s) => s.seats === 5 && s.phase === 'play')[0]!;
    const sitter = [0, 1, 2, 3, 4].find((s) => !view(out, null).active.includes(s))!;
    expect(json(reunionUi.hand(loc, view(out, sitter), NAMES5, STAMP, [])).content).toMatch(
      lang === 'de' ? /Du setzt in diesem Spiel aus/ : /You sit out this deal/,
    );
  });

  it('narrates every Staubaus event, the rounds closing and the seats sitting out, at five players with long names', () => {
    const problems: string[] = [];
    const kinds = new Set<string>();
    for (const { state, events } of VARIANT_PLAYED) {
      for (const e of events) kinds.add(e.type);
      const names = NAMES5.slice(0, state.seats);
      problems.push(...lineProblems(lang, reunionUi.narrate(loc, events, names, view(state, null)).join('\n')));
      if (!events.length) problems.push(...lineProblems(lang, reunionUi.opening(loc, view(state, null), names)));
    }
    const every: ReunionEvent[] = [
      { type: 'dealt', dealNo: 4, dealer: 4, trump: '♠', turnUp: 'J♠', active: [0, 1, 4] },
      { type: 'passed', seat: 0, round: 2 },
      { type: 'announced', seat: 0, round: 1, suit: '♠' },
      { type: 'announced', seat: 0, round: 2, suit: '♥' },
      { type: 'handedOver', from: 1, to: 0, card: 'Q♥' },
      { type: 'givenBack', from: 0, to: 1 },
      { type: 'staubausOver', announcer: 0, won: false, tricks: 9 },
      { type: 'staubausOver', announcer: 0, won: true, tricks: 10 },
      { type: 'dealScored', score: staubausDeal5(4, false) },
      { type: 'dealScored', score: worstDeal5(4) },
      { type: 'gameOver', result: RESULT5 },
    ];
    const five = view(at((s) => s.seats === 5)[0]!, null);
    const lines = reunionUi.narrate(loc, every, NAMES5, five);
    expect(lines).toHaveLength(every.length + 2); // a Stange line for each of the two trickless players of the ordinary deal
    problems.push(...lines.flatMap((l) => lineProblems(lang, l)));
    // The most one move can narrate: the trick that ends a Staubaus, and the deal, and the next deal or the game.
    const trick: ReunionEvent = {
      type: 'trickWon',
      trickNo: 10,
      winner: 1,
      plays: [0, 1, 4].map((seat) => ({ seat, card: 'J♥' as Card })),
      cardPoints: 36,
      lastTrick: true,
    };
    for (const move of [
      [trick, every[6]!, every[8]!, every[0]!],
      [trick, every[6]!, every[8]!, every[10]!],
      [trick, { type: 'bowerCaptured', from: 0, to: 1 }, every[9]!, every[10]!],
    ] as ReunionEvent[][])
      problems.push(...lineProblems(lang, reunionUi.narrate(loc, move, NAMES5, five).join('\n')));
    expect(problems).toEqual([]);
    for (const kind of ['announced', 'passed', 'handedOver', 'givenBack', 'staubausOver', 'dealt', 'dealScored', 'gameOver'])
      expect([...kinds], kind).toContain(kind);
    const text = lines.join('\n');
    expect(text).toMatch(
      lang === 'de'
        ? /Quirinalda Fenwoxtrup-Yselbrandt setzen in diesem Spiel aus\.[\s\S]*verlangt D♥[\s\S]*Staubaus verloren[\s\S]*Stich 10 abgegeben[\s\S]*Staubaus gewonnen/
        : /Quirinalda Fenwoxtrup-Yselbrandt sit out this deal\.[\s\S]*names Q♥[\s\S]*Staubaus lost[\s\S]*lost trick 10[\s\S]*Staubaus won/,
    );
    // In a Staubaus deal a trick is narrated without card points (they are not scored).
    const inStaubaus = view(at((s) => s.phase === 'play' && !!s.staubaus?.named)[0]!, null);
    const trickWon: ReunionEvent = { type: 'trickWon', trickNo: 2, winner: 0, plays: [{ seat: 0, card: 'A♣' }], cardPoints: 11, lastTrick: false };
    expect(reunionUi.narrate(loc, [trickWon], NAMES5, inStaubaus)[0]).toMatch(lang === 'de' ? /macht den Stich\.$/ : /takes it\.$/);
    expect(reunionUi.narrate(loc, [trickWon], NAMES5, five)[0]).toMatch(lang === 'de' ? /bekommt 11 Kartenpunkte\.$/ : /takes 11 card points\.$/);
    // Sitting-out seats are no Stange, and a Staubaus deal has none.
    expect(lines.filter((l) => /Stange/.test(l))).toHaveLength(2);
  });

  it('shows who sat out in the deal fields, the final result and the records lines, within limits', () => {
    const last = at((s) => s.phase === 'over' && s.seats === 5)[0]!;
    const over = { ...view(last, null), deals: deals5, result: RESULT5 };
    const payload = reunionUi.result(loc, over, NAMES5);
    expect(payloadProblems(lang, payload)).toEqual([]);
    const text = visibleText(json(payload));
    expect(text).toMatch(lang === 'de' ? /hat in den Spielen \d und \d ausgesetzt/ : /sat out deals \d and \d/);
    expect(text).toMatch(lang === 'de' ? /Staubaus verloren/ : /Staubaus lost/);
    const ui = reunionUi.records;
    const order: RankedSeat[] = NAMES5.map((who, seat) => ({ seat, rank: 1, measure: RESULT5.net[seat]!, trophy: '🏆 ', who }));
    const lines = [
      ...deals5.map((d) => ui.dealLine(loc, d, NAMES5)),
      ...at((s) => s.phase === 'over').flatMap((s) => s.deals.map((d) => ui.dealLine(loc, d, NAMES5))),
      ui.resultLine(loc, order, RESULT5),
    ];
    expect(lines.flatMap((l) => lineProblems(lang, l, 1024))).toEqual([]);
    expect(lines[1]).toMatch(
      lang === 'de'
        ? /setzen aus · Staubaus von .* in ♣ \(B♣ verlangt\) verloren: zahlte jedem Gegner 4 Einheiten$/
        : /sit out · Staubaus by .* in ♣ \(J♣ named\) lost: paid each opponent 4 units$/,
    );
    expect(lines[0]).not.toMatch(/(kein Stich|no trick): (Quirinalda|Wendeline)/); // a seat sitting out pays no Stange
    expect(lines[0]).toMatch(/(kein Stich|no trick): Bartholomeo/);
  });

  it('gives the rules with the variants and their options', () => {
    const text = visibleText(json(reunionUi.rules(loc)));
    for (const term of [
      'kleine_ekart:true',
      'grosse_ekart:true',
      'Kleine Ekart',
      'Große Ekart',
      'Staubaus',
      lang === 'de' ? 'setzen aus' : 'sit it out',
    ])
      expect(text, term).toContain(term);
  });
});
