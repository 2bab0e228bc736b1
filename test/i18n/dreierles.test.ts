/**
 * Dreierles in both languages at its longest: every message kind (the table in every phase and at the end, the hand in
 * every phase, narration of every event type, records lines, /rules, every refusal) rendered in English and German
 * for 32-character names and the longest hands (19 cards while discarding), within Discord's limits; German output
 * has no English left in it; and every refusal code the engine returns has its sentence in both languages. Every hand's
 * header (bids or contract with declarer and knocks, the blind with the declarer's marked cards, the trick with who led,
 * the last trick, the session's game points) is checked against the view in both languages.
 */
import { describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard } from '../../src/cards/cego.ts';
import { cegoLabel, cegoLabels } from '../../src/discord/games/dreierles/cego-labels.ts';
import { contractName, signedNumber } from '../../src/discord/games/dreierles/format.ts';
import { dreierlesUi } from '../../src/discord/games/dreierles/index.ts';
import { RULE_SECTIONS } from '../../src/discord/games/dreierles/rules.ts';
import type { Payload, RankedSeat } from '../../src/discord/games/types.ts';
import {
  CONTRACTS,
  DEFAULT_DREIERLES_OPTIONS,
  type DealScore,
  type DreierlesEvent,
  type DreierlesMove,
  type DreierlesOptions,
  type DreierlesState,
  type DreierlesView,
  REFUSAL_CODES,
  apply,
  dreierles,
  legalMoves,
  setup,
  toAct,
  view,
} from '../../src/games/dreierles/index.ts';
import { dreierlesRecords } from '../../src/games/dreierles/records.ts';
import type { IllegalReason, Seat } from '../../src/games/types.ts';
import { LANGS, type Lang, type Locale, localeOf } from '../../src/i18n/index.ts';
import { withRecent } from '../../src/discord/render/index.ts';
import { messageProblems } from '../support/fake-discord.ts';

const NAMES = [
  'Annegret Hohenzollern-Sigmaringe',
  'Bernhard Schwarzwälder-Kirschtor',
  'Catrin Müller-Lüdenscheidt-Ösing',
  'Dorothea Freifrau-Vogelsang-Maul',
];
const STAMP = 'abcdef1234.123456';
const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));

interface Embed {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
}

/** What a reader sees of a payload: content, embed texts and button labels (not custom_ids, which hold card ids). */
function shown(body: { content?: string; embeds?: Embed[]; components?: { components?: { label?: string }[] }[] }): string {
  const parts = [body.content ?? ''];
  for (const e of body.embeds ?? []) parts.push(e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value]));
  for (const row of body.components ?? []) for (const c of row.components ?? []) parts.push(c.label ?? '');
  return parts.join('\n');
}

/** English words and labels that must not be left in German text. */
const ENGLISH_LEFT =
  /\b(the|and|of|or|to|your|you|with|each|from|must|may|not|is|only|trick|tricks|deal|deals|dealt|deals|card|cards|points|declarer|defenders?|knocks?|knocked|passes|passed|plays|played|takes|waiting|session|refresh|discard|discarded|none|over|won|lost|turn|press|forehand|dealer|auction|announced|lead|last|round|value|net|contract|game|kings?|queen|cavalier|jack|trumps?|sits)\b|Stiess|[QCJ][♣♠♥♦]/i;

/** German text with the names, mentions and `code` (command and option names) taken out, checked for English. */
function expectGerman(text: string, what: string): void {
  let rest = text.replace(/`[^`]*`/g, '').replace(/<@\d*>/g, '');
  for (const n of NAMES) rest = rest.split(n).join('');
  expect(rest, what).not.toMatch(ENGLISH_LEFT);
  expect(rest, what).not.toMatch(/\{\{|\$t\(|dreierles:/);
}

const seen: Record<Lang, string[]> = { en: [], de: [] };

/** Check one payload in `lang`: Discord's limits, and German being German. */
function check(lang: Lang, payload: Payload, what: string): void {
  const body = json(payload);
  expect(messageProblems(body), what).toEqual([]);
  const text = shown(body);
  expect(text, what).not.toMatch(/\{\{|\$t\(|dreierles:/);
  if (lang === 'de') expectGerman(text, what);
  seen[lang].push(text);
}

/** Check one line of text (narration, records, a refusal) in `lang`. */
function checkLine(lang: Lang, line: string, what: string, max = 2000): void {
  expect(line.length, what).toBeLessThanOrEqual(max);
  expect(line.length, what).toBeGreaterThan(0);
  expect(line, what).not.toMatch(/\{\{|\$t\(|dreierles:/);
  if (lang === 'de') expectGerman(line, what);
  seen[lang].push(line);
}

/**
 * A first deal for four players (seat 0 deals and sits out; 1, 2, 3 play): forehand (seat 1) holds ten trumps with
 * the Trull and takes three suit cards from the blind (19 cards while discarding); seat 2 holds the four Kings.
 */
function bonusDeal(): { hands: CegoCard[][]; blind: CegoCard[] } {
  const declarer = ['Stiess', '21', '20', '19', '18', '17', '16', '15', '14', '1', 'Q♥', 'C♥', 'J♥', 'Q♦', 'C♦', 'J♦'];
  const kings = ['K♥', 'K♦', 'K♣', 'K♠'];
  const blindTop = ['Q♣', 'C♣', 'J♣'];
  const used = new Set([...declarer, ...kings, ...blindTop]);
  const rest = CEGO_54.filter((c) => !used.has(c));
  const blind = [...blindTop, ...rest.splice(0, 3)];
  return { hands: [[], declarer, [...kings, ...rest.splice(0, 12)], rest.splice(0, 16)], blind };
}

/** The move a scripted player makes: deal 1 Dreier with every announcement and every knock, then Räuber, Dreier, Solo in turn. */
function choose(s: DreierlesState, seat: Seat): DreierlesMove {
  const moves = legalMoves(s, seat);
  const plan = s.dealNo % 3;
  const find = (type: DreierlesMove['type']) => moves.find((m) => m.type === type);
  if (s.phase === 'auction') {
    const want = plan === 1 ? null : plan === 0 ? 'dreier' : 'solo';
    return moves.find((m) => m.type === 'bid' && m.contract === want) ?? (find('pass') as DreierlesMove);
  }
  // Every knock in the first deal; later, one knock a deal and then no more.
  const knock = s.dealNo === 0 || s.knocks === 0 ? find('knock') : find('noKnock');
  return find('zehnDruck') ?? find('pfeifeRaus') ?? knock ?? (moves[0] as DreierlesMove);
}

/** Every move kind with odd arguments, and every card, for seeking refusals. */
function probes(s: DreierlesState, seat: Seat): unknown[] {
  const hand = s.hands[seat] ?? [];
  return [
    ...CONTRACTS.map((contract) => ({ type: 'bid', contract })),
    { type: 'bid', contract: 'sechser' },
    { type: 'pass' },
    { type: 'discard', cards: hand.slice(0, 1) },
    { type: 'discard', cards: hand.slice(0, 3) },
    { type: 'discard', cards: hand.slice(-3) },
    {
      type: 'discard',
      cards: ['K♥', 'K♦', 'K♣']
        .filter((c) => hand.includes(c))
        .concat(hand)
        .slice(0, 3),
    },
    {
      type: 'discard',
      cards: ['Stiess', '21', '1']
        .filter((c) => hand.includes(c))
        .concat(hand.filter((c) => /^\d+$/.test(c)))
        .slice(0, 3),
    },
    { type: 'discard', cards: ['Q♦', 'Q♥', 'Q♣'] },
    { type: 'discard', cards: 'Q♦' },
    { type: 'zehnDruck' },
    { type: 'pfeifeRaus' },
    { type: 'fertig' },
    { type: 'knock' },
    { type: 'noKnock' },
    { type: 'mogeln' },
    null,
    ...(s.phase === 'play' ? CEGO_54.map((card) => ({ type: 'play', card })) : [{ type: 'play', card: hand[0] }]),
    { type: 'play', card: 'Joker' },
  ];
}

/** The reasons the engine gave while `explore` probed, the longest (by English sentence) per code. */
const refusals = new Map<string, IllegalReason>();

function explore(s: DreierlesState): void {
  for (let seat = 0; seat < s.seats; seat++)
    for (const move of probes(s, seat)) {
      const r = apply(s, seat, move as DreierlesMove);
      if (r.ok) continue;
      const known = refusals.get(r.reason.code);
      const en = localeOf('en');
      if (!known || dreierlesUi.refusal(en, r.reason).length > dreierlesUi.refusal(en, known).length) refusals.set(r.reason.code, r.reason);
    }
}

interface Played {
  views: DreierlesView[];
  events: DreierlesEvent[];
  deals: DealScore[];
  final: DreierlesState;
}

/** Play a session by `choose`, keeping every view of every seat (and the public one) at every step, and every event. */
function play(options: DreierlesOptions, seats: number, seed: string, fixed?: ReturnType<typeof bonusDeal>, probe = false): Played {
  let s = setup(options, seats, seed, fixed);
  const views: DreierlesView[] = [];
  const events: DreierlesEvent[] = [];
  for (let step = 0; step < 5000; step++) {
    for (let seat = 0; seat < seats; seat++) views.push(view(s, seat));
    views.push(view(s, null));
    const seat = toAct(s)[0];
    if (seat === undefined) break;
    if (probe) explore(s);
    const r = apply(s, seat, choose(s, seat));
    if (!r.ok) throw new Error(`${seed}: ${r.reason.code}`);
    events.push(...r.events);
    s = r.state;
  }
  return { views, events, deals: s.deals, final: s };
}

/** The board's recent events at their longest in `loc`: the five longest narration lines of the sessions (after SESSIONS). */
const longestRecent = (loc: Locale): string[] =>
  SESSIONS.flatMap(({ events, final }) => dreierlesUi.narrate(loc, events, NAMES.slice(0, final.seats), view(final, null)))
    .sort((a, b) => b.length - a.length)
    .slice(0, 5);

/** A payload's text as JSON (enough to find words in it). */
const visibleOf = (payload: Payload): string => JSON.stringify(json(payload));

const SESSIONS: Played[] = [
  play({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 3, maxKnocks: 8, tariff: 1000 }, 4, 'i18n-long', bonusDeal(), true),
  play({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 2, lastRoundRaeuberOrSolo: true, raisedRaeuberValue: 8 }, 3, 'i18n-last-round', undefined, true),
  play({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 1, tariff: 0, maxKnocks: 1, pfeifeByThirdTrick: true }, 3, 'i18n-plain'),
];

describe.each(LANGS)('Dreierles in %s', (lang) => {
  const loc: Locale = localeOf(lang);

  it('names are 32 characters long', () => {
    for (const n of NAMES) expect(n).toHaveLength(32);
  });

  it('renders the table in every phase and at the end within the limits', () => {
    const phases = new Set<string>();
    for (const { views } of SESSIONS)
      for (const v of views.filter((x) => x.seat === null)) {
        const names = NAMES.slice(0, v.seats);
        const shown = v.result
          ? dreierlesUi.result(loc, v, names)
          : withRecent(
              loc,
              dreierlesUi.table(
                loc,
                v,
                names,
                v.toAct.map((s) => `12345678901234567${s}`),
              ),
              longestRecent(loc),
            );
        check(lang, shown, `table ${v.phase} deal ${v.dealNo}`);
        if (v.result)
          expect(visibleOf(shown)).toMatch(
            lang === 'de' ? /vorn mit \S+ Spielpunkten[\s\S]*"description":"1\. / : /on top with \S+ game points[\s\S]*"description":"1\. /,
          );
        else expect(visibleOf(shown)).toContain(lang === 'de' ? 'Zuletzt' : 'Recent');
        phases.add(v.result ? 'result' : v.phase);
      }
    expect([...phases].sort()).toEqual(['auction', 'declare', 'discard', 'knock', 'play', 'raeuberKnock', 'result'].sort());
  });

  it('renders every hand in every phase (19 cards while discarding) within the limits', () => {
    const phases = new Set<string>();
    let most = 0;
    for (const { views } of SESSIONS)
      for (const v of views.filter((x) => x.seat !== null)) {
        const names = NAMES.slice(0, v.seats);
        const selections = v.phase === 'discard' && v.toAct[0] === v.seat ? [[], v.discardable.slice(0, v.discardCount)] : [[]];
        for (const selection of selections)
          check(lang, dreierlesUi.hand(loc, v, names, STAMP, selection, undefined), `hand ${v.phase} seat ${v.seat}`);
        most = Math.max(most, v.hand.length);
        if (v.toAct[0] === v.seat) phases.add(v.phase);
        if (v.blindRest.length) phases.add('blind');
        if (!v.active.includes(v.seat as Seat)) phases.add('sitsOut');
      }
    expect(most).toBe(19);
    expect([...phases].sort()).toEqual(['auction', 'blind', 'declare', 'discard', 'knock', 'play', 'raeuberKnock', 'sitsOut'].sort());
  });

  it('heads every hand with the bids or the contract, declarer and knocks, the blind, the trick, the last trick and the game points', () => {
    const de = lang === 'de';
    const seen = new Set<string>();
    for (const { views } of SESSIONS)
      for (const v of views.filter((x) => x.seat !== null && !x.result)) {
        const names = NAMES.slice(0, v.seats);
        const body = json(dreierlesUi.hand(loc, v, names, STAMP, [], undefined));
        const content: string = body.content;
        const lines = content.split('\n');
        const at = (start: string) => lines.findIndex((l) => l.startsWith(start));
        const what = `${v.phase} seat ${v.seat} deal ${v.dealNo}`;
        // The game points of the session, every seat, right after the other header lines and before the turn.
        const points = `${de ? 'Spielpunkte' : 'Game points'}: ${v.totals.map((p, s) => `${names[s]} ${signedNumber(loc, p)}`).join(' · ')}`;
        expect(lines, what).toContain(points);
        expect(lines[0], what).toBe(
          `${de ? '**Deine Karten** · Dreierles, Spiel' : '**Your hand** · Dreierles deal'} ${v.dealNo + 1} ${de ? 'von' : 'of'} ${v.totalDeals}`,
        );
        if (v.phase !== 'auction') {
          const game =
            v.contract && v.declarer !== null
              ? `**${contractName(loc, v.contract)}**, ${de ? 'Alleinspieler' : 'declarer'} ${names[v.declarer]}`
              : '**Räuber**';
          expect(lines[1], what).toMatch(new RegExp(`^${game.replace(/\*/g, '\\*')}`));
          seen.add(v.contract ? 'contract' : 'raeuber');
          if (v.phase === 'knock' || v.phase === 'raeuberKnock' || v.phase === 'play') {
            expect(lines[1], what).toContain(`${de ? 'geklopft' : 'knocks'}: ${v.knocks}`);
            if (v.knocks) seen.add('knocks');
          }
          if (v.zehnDruck) expect(lines[1], what).toContain(' · Zehn Druck');
        } else if (v.bids.some((b) => b !== null)) {
          expect(lines[1], what).toMatch(de ? /^Gebote: / : /^Bids: /);
          seen.add('bids');
        }
        if (v.phase === 'play') {
          const trick = at(de ? `**Stich ${v.tricksPlayed + 1}**` : `**Trick ${v.tricksPlayed + 1}**`);
          expect(trick, what).toBeGreaterThan(0);
          if (v.trick.length) {
            const led = `${names[v.trick[0]!.seat]} ${de ? 'hat ausgespielt' : 'led'}: `;
            expect(lines[trick], what).toContain(`${led}${v.trick.map((p) => `${names[p.seat]} ${cegoLabel(loc, p.card)}`).join(' · ')}`);
            seen.add('trick');
          } else expect(lines[trick], what).toContain(`${names[v.leader]} ${de ? 'spielt aus.' : 'leads.'}`);
          if (v.lastTrick) {
            expect(lines[trick + 1], what).toMatch(new RegExp(`^${de ? 'Letzter Stich' : 'Last trick'}: .* → ${names[v.lastTrick.winner]}$`));
            seen.add('lastTrick');
          }
        }
        // The cards from the blind: named for everyone (public), marked ★ on the declarer's own buttons only.
        // (A card the rows have no room for is named in the last line, or in the menu of the others.)
        const labels: string[] = body.components.flatMap((r: { components: { label?: string; options?: { label: string }[] }[] }) =>
          r.components.flatMap((c) => [c.label ?? '', ...(c.options ?? []).map((o) => o.label)]),
        );
        const marked = labels.filter((l) => l.endsWith(' ★'));
        if (v.taken.length && v.declarer !== null) {
          if (v.seat === v.declarer) {
            expect(lines, what).toContain(
              `${de ? 'Aus dem Blinden (★ in deinen Karten)' : 'From the blind (★ in your hand)'}: ${cegoLabels(loc, v.taken)}`,
            );
            const fromBlind = v.hand.filter((c) => v.taken.includes(c)).map((c) => `${cegoLabel(loc, c)} ★`);
            for (const m of marked) expect(fromBlind, what).toContain(m);
            for (const m of fromBlind) expect(marked.includes(m) || lines.at(-1)!.includes(m), `${what}: ${m}`).toBe(true);
            if (marked.length) seen.add('marked');
          } else {
            expect(lines, what).toContain(`${names[v.declarer]} ${de ? 'nahm aus dem Blinden' : 'took from the blind'}: ${cegoLabels(loc, v.taken)}`);
            expect(marked, what).toEqual([]);
          }
        } else expect(marked, what).toEqual([]);
        // Everything above the turn: the points line comes before the status and the private lines.
        expect(at(de ? 'Spielpunkte' : 'Game points'), what).toBe(
          lines.length - 1 - (content.match(/\n(The rest|Your discard|Rest des|Deine abgelegten|More cards|Weitere Karten)/g)?.length ?? 0) - 1,
        );
      }
    expect([...seen].sort()).toEqual(['bids', 'contract', 'knocks', 'lastTrick', 'marked', 'raeuber', 'trick']);
  });

  it('narrates every event type within the limits', () => {
    const types = new Set<string>();
    for (const { events, views } of SESSIONS) {
      const v = views.at(-1) as DreierlesView;
      const names = NAMES.slice(0, v.seats);
      for (const e of events) {
        types.add(e.type);
        for (const line of dreierlesUi.narrate(loc, [e], names, v)) checkLine(lang, line, `narrate ${e.type}`);
      }
      checkLine(lang, dreierlesUi.opening(loc, views[0] as DreierlesView, names), 'opening');
    }
    // The one event a scripted session does not reach: a laid-out Pfeife forced early.
    const forced: DreierlesEvent = { type: 'pfeifeForced', seat: 1 };
    for (const line of dreierlesUi.narrate(loc, [forced], NAMES, SESSIONS[0]!.views.at(-1)!)) checkLine(lang, line, 'pfeifeForced');
    types.add(forced.type);
    const all: DreierlesEvent['type'][] = [
      'dealt',
      'bid',
      'passed',
      'declarer',
      'raeuber',
      'discarded',
      'zehnDruck',
      'pfeifeRaus',
      'fertig',
      'knocked',
      'declinedKnock',
      'played',
      'trickWon',
      'pfeifeForced',
      'dealScored',
      'gameOver',
    ];
    expect([...types].sort()).toEqual([...all].sort());
  });

  it('writes every records line within the limits', () => {
    for (const { deals, final } of SESSIONS) {
      const names = NAMES.slice(0, final.seats);
      for (const d of deals) checkLine(lang, dreierlesUi.records.dealLine(loc, d, names), `dealLine ${d.dealNo}`);
      const result = dreierles.result(final)!;
      const summary = dreierlesRecords.summarize({ result, seats: final.seats } as never);
      const order: RankedSeat[] = summary.outcomes.map((o, seat) => ({
        seat,
        rank: o.rank,
        measure: o.measure,
        trophy: o.rank === 1 ? '🏆 ' : '',
        who: `🤖 ${names[seat]}`,
      }));
      checkLine(lang, dreierlesUi.records.resultLine(loc, order, result), 'resultLine');
      for (const o of summary.outcomes) checkLine(lang, dreierlesUi.records.countsLine(loc, o.counts), 'countsLine');
    }
    checkLine(lang, dreierlesUi.records.countsLine(loc, {}), 'countsLine empty');
    for (const n of [1, -1, 2, 1000]) checkLine(lang, dreierlesUi.records.unit(loc, n), 'unit');
    checkLine(lang, dreierlesUi.records.column(loc), 'column');
  });

  it('gives /rules as one embed within the limits, with every section', () => {
    const payload = dreierlesUi.rules(loc);
    check(lang, payload, 'rules');
    const embed = json(payload).embeds?.[0] as Embed;
    expect(embed.fields?.length).toBe(RULE_SECTIONS.length);
    const text = shown(json(payload));
    for (const word of ['Dreier', 'Zweier', 'Einer', 'Solo', 'Zehn Druck', 'Pfeife raus', 'Räuber', 'Trull', 'Fertig', 'T21'])
      expect(text, word).toContain(word);
    // Each option by the name `/table new` shows it under in this language.
    for (const option of ['rounds', 'lastRoundRaeuberOrSolo', 'raisedRaeuberValue', 'maxKnocks', 'pfeifeByThirdTrick', 'tariff']) {
      const name = loc.t(`commands:table.new.option.${option}.name`);
      expect(text, option).toContain(`\`${name}\``);
    }
  });

  it('has a sentence for every refusal code, also with the longest variables', () => {
    const vars: IllegalReason['vars'] = { count: 3, card: 'Stiess', contract: 'einer', phase: 'raeuberKnock', suit: '♥', announcement: 'pfeifeRaus' };
    for (const code of REFUSAL_CODES) {
      const text = dreierlesUi.refusal(loc, { code, vars });
      expect(text, code).not.toBe(code);
      checkLine(lang, text, `refusal ${code}`, 300);
    }
  });

  it('renders every refusal the engine gave while probing, and the engine gave only known codes', () => {
    expect(refusals.size).toBeGreaterThan(15);
    for (const [code, reason] of refusals) {
      expect(REFUSAL_CODES as readonly string[], code).toContain(code);
      const text = dreierlesUi.refusal(loc, reason);
      expect(text, code).not.toBe(code);
      checkLine(lang, text, `refusal ${code} ${JSON.stringify(reason.vars)}`, 300);
    }
  });

  it('labels every card in the language, trumps never as plain numbers', () => {
    for (const card of CEGO_54) {
      const label = cegoLabel(loc, card);
      expect(label, card).not.toMatch(/^\d+$/);
      if (lang === 'de') expectGerman(label, card);
    }
    expect(cegoLabels(loc, ['Stiess', '21', '1', 'Q♥', 'C♣', 'J♦', '10♠', 'A♥'])).toBe(
      lang === 'de' ? 'Gstieß T21 Pfeife D♥ R♣ B♦ 10♠ A♥' : 'Stiess T21 Pfeife Q♥ C♣ J♦ 10♠ A♥',
    );
    expect(CONTRACTS.map((c) => contractName(loc, c))).toEqual(['Dreier', 'Zweier', 'Einer', 'Solo']);
    expect(signedNumber(loc, -1250)).toBe(lang === 'de' ? '−1.250' : '−1,250');
  });
});

describe('German Dreierles', () => {
  it('uses the German game terms', () => {
    const de = seen.de.join('\n');
    for (const word of [
      'Alleinspieler',
      'Gegenspieler',
      'Blinden',
      'klopf',
      'Vorhand',
      'Geber',
      'Stich',
      'bedienen',
      'Kartenpunkte',
      'Spielpunkte',
      'Gstieß',
      'Pfeife',
      'Trull',
      'Trumpf',
      'König',
      'Dame',
      'Reiter',
      'Bube',
      'ausgespielt',
      'geklopft',
      'Letzter Stich',
    ])
      expect(de, word).toContain(word);
    expect(seen.en.join('\n')).toContain('The blind was:');
  });
});
