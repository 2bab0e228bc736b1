/**
 * Running totals: seeded games of every game (a four-player Réunion, a four-player Dreierles, multi-deal Rommé with two
 * and three players) played through the engine by the easy computer players. After every deal but the last the public
 * board shows the standing so far — Réunion card points (and side-payment units once any were paid), Dreierles game
 * points, Rommé penalty points — equal to the sums of the engine's deal scores so far; the result message has a line
 * per deal whose figures add up to its totals line and to the engine's result. In English and German.
 */
import { describe, expect, it } from 'vitest';
import { uiFor } from '../../src/discord/games/index.ts';
import type { Payload } from '../../src/discord/games/types.ts';
import { sheetFields } from '../../src/discord/kit/sheet.ts';
import { type DealScore as DreierlesDeal, type DreierlesView } from '../../src/games/dreierles/index.ts';
import type { DealScore as ReunionDeal } from '../../src/games/reunion/index.ts';
import type { DealScore as RommeDeal } from '../../src/games/romme/index.ts';
import { ENGLISH, LANGS, localeOf } from '../../src/i18n/index.ts';
import { defaultOptions, type GameId, gameById } from '../../src/tables/games.ts';
import { messageProblems } from '../support/fake-discord.ts';

const NAMES = ['anna', 'bernd', 'carl', 'dora', 'emil', 'frieda'];

interface Embed {
  description?: string;
  fields?: { name: string; value: string }[];
}

/** The first embed of a payload as Discord receives it. */
const embedOf = (payload: Payload): Embed => (JSON.parse(JSON.stringify(payload)) as { embeds: Embed[] }).embeds[0]!;

/** "−1.234" / "+5" / "0" as a number (German thousands dot, English comma, a real minus sign). */
const num = (text: string): number => Number(text.replace(/[.,]/g, '').replace('−', '-').replace('+', ''));

/** Each seat's figure in a "anna 40 · bernd −2 · carl 88" list (after `from`, when given), by seat; `units` the "(+1)" after it. */
function figures(text: string, names: readonly string[], from = ''): { points: number[]; units: (number | null)[] } {
  const list = from ? text.slice(text.lastIndexOf(from) + from.length) : text;
  const points: number[] = [];
  const units: (number | null)[] = [];
  names.forEach((n, s) => {
    const m = new RegExp(`(?:^|[ :·*])${n} (/|__\\d+__|[+−]?[\\d.,]+)(?: \\(([+−]?\\d+)\\))?`).exec(list);
    if (!m) return;
    points[s] = m[1] === '/' ? 0 : num(m[1]!.replace(/_/g, ''));
    units[s] = m[2] === undefined ? null : num(m[2]);
  });
  return { points, units };
}

const sum = (rows: readonly number[][], seats: number): number[] =>
  Array.from({ length: seats }, (_, s) => rows.reduce((t, r) => t + (r[s] ?? 0), 0));

interface Case {
  game: GameId;
  seats: number;
  options?: Record<string, unknown>;
  seed: string;
  /** Réunion: a side payment is made before the last deal, so the board shows units. */
  units?: boolean;
  /** Each deal's figure per seat in the game's measure, from the engine's deal score. */
  perDeal(deal: unknown): number[];
}

const CASES: Case[] = [
  { game: 'reunion', seats: 3, seed: 'totals-r3', perDeal: (d) => (d as ReunionDeal).cardPoints },
  { game: 'reunion', seats: 4, options: { kleineEkart: true }, seed: 'totals-r4', units: true, perDeal: (d) => (d as ReunionDeal).cardPoints },
  { game: 'dreierles', seats: 3, options: { rounds: 2 }, seed: 'totals-d3', perDeal: (d) => (d as DreierlesDeal).net },
  { game: 'dreierles', seats: 4, seed: 'totals-d4', perDeal: (d) => (d as DreierlesDeal).net },
  { game: 'romme', seats: 3, options: { deals: 3 }, seed: 'totals-m3', perDeal: (d) => (d as RommeDeal).penalties },
  { game: 'romme', seats: 2, options: { deals: 4 }, seed: 'totals-m2', perDeal: (d) => (d as RommeDeal).penalties },
];

/** Play `c` to its end with the easy computer players; the public view after each finished deal but the last, and at the end. */
function play(c: Case): { boards: unknown[]; final: unknown; deals: unknown[] } {
  const game = gameById(c.game)!;
  let state = game.setup({ ...defaultOptions(game), ...game.fixedOptions, ...c.options }, c.seats, c.seed);
  const boards: unknown[] = [];
  let dealsSeen = 0;
  for (let i = 0; game.toAct(state).length; i++) {
    if (i > 20_000) throw new Error(`${c.seed}: the game does not end`);
    const seat = game.toAct(state)[0]!;
    const move = game.decide('easy', game.view(state, seat), { seed: `${c.seed}-${i}`, budgetMs: 50, now: () => 0 });
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(`${c.seed}: ${r.reason.code}`);
    state = r.state;
    const deals = (state as { deals: unknown[] }).deals;
    if (deals.length > dealsSeen && game.toAct(state).length) boards.push(game.view(state, null));
    dealsSeen = deals.length;
  }
  return { boards, final: game.view(state, null), deals: (state as { deals: unknown[] }).deals };
}

describe.each(CASES)('$game with $seats players ($seed)', (c) => {
  const played = play(c);
  const names = NAMES.slice(0, c.seats);
  const ui = uiFor(c.game);

  it('is a game of several deals', () => {
    expect(played.deals.length).toBeGreaterThan(1);
    expect(played.boards.length).toBe(played.deals.length - 1);
  });

  it.each(LANGS)('shows the standing so far on the board after each deal (%s)', (lang) => {
    const loc = localeOf(lang);
    let unitsShown = false;
    played.boards.forEach((view, k) => {
      const deals = (view as { deals: unknown[] }).deals;
      expect(deals.length).toBe(k + 1);
      const expected = sum(deals.map(c.perDeal), c.seats);
      const players = embedOf(ui.table(loc, view, names, [])).fields![0]!.value.split('\n');
      if (c.game === 'romme') {
        // Each player's line carries the penalty total so far.
        const unit = lang === 'de' ? 'Strafpunkte' : 'penalty points';
        const totals = names.map((n) => num(new RegExp(` · ([\\d.,]+) ${unit}$`).exec(players.find((l) => l.includes(`**${n}**`))!)![1]!));
        expect(totals).toEqual(expected);
        return;
      }
      const line = players.at(-1)!;
      expect(line).toMatch(lang === 'de' ? /^\*\*Stand\*\* — / : /^\*\*Standing\*\* — /);
      expect(players.filter((l) => l === line)).toHaveLength(1);
      const shown = figures(line, names, ': ');
      expect(shown.points).toEqual(expected);
      if (c.game === 'reunion') {
        // Units of the side payments so far, shown (for everyone) once any were paid.
        const sideUnits = names.map(() => 0);
        for (const p of (deals as ReunionDeal[]).flatMap((d) => d.sidePayments)) {
          sideUnits[p.from] = (sideUnits[p.from] ?? 0) - p.units;
          sideUnits[p.to] = (sideUnits[p.to] ?? 0) + p.units;
        }
        expect(shown.units).toEqual(sideUnits.some((u) => u) ? sideUnits : names.map(() => null));
        unitsShown ||= shown.units.some((u) => u !== null);
      }
    });
    expect(unitsShown).toBe(c.units === true);
  });

  it.each(LANGS)('lists every deal in the result, adding up to the totals (%s)', (lang) => {
    const loc = localeOf(lang);
    const embed = embedOf(ui.result(loc, played.final, names));
    expect(messageProblems({ embeds: [embed] })).toEqual([]);
    const perDeal = played.deals.map(c.perDeal);
    const expected = sum(perDeal, c.seats);
    const result = (played.final as { result: { totals: number[] } }).result;
    expect(result.totals).toEqual(expected);
    if (c.game === 'reunion') {
      // A field per deal whose first line (or second, after a Staubaus) is its card points; the podium has the totals.
      const dealFields = embed.fields!.filter((f) => /^(Deal|Spiel) \d+ · /.test(f.name));
      expect(dealFields).toHaveLength(played.deals.length);
      // A seat sitting the deal out is named as such, without a figure: it scored 0.
      const rows = dealFields.map(
        (f) =>
          figures(
            f.value.split('\n').find((l) => !/Staubaus|:/.test(l))!,
            names,
          ).points,
      );
      expect(rows.map((r) => names.map((_, s) => r[s] ?? 0))).toEqual(perDeal);
      const podium = names.map((n) => num(new RegExp(`\\*\\*${n}\\*\\*: ([\\d.,]+) `).exec(embed.description!)![1]!));
      expect(podium).toEqual(expected);
      return;
    }
    const unit = { dreierles: lang === 'de' ? 'Spielpunkte ' : 'game points ', romme: lang === 'de' ? 'Strafpunkte ' : 'penalty points ' }[c.game];
    const sheet = embed.fields!.filter((f) => f.name === (lang === 'de' ? 'Spiele' : 'Deals')).flatMap((f) => f.value.split('\n'));
    const total = sheet.at(-1)!;
    expect(total).toMatch(lang === 'de' ? /^\*\*Summe\*\* · / : /^\*\*Total\*\* · /);
    const lines = sheet.slice(0, -1);
    expect(lines.map((l) => num(/^(?:Deal|Spiel) (\d+):/.exec(l)![1]!))).toEqual(played.deals.map((_, k) => k + 1));
    const rows = lines.map((l) => figures(l, names, unit).points);
    expect(rows).toEqual(perDeal);
    expect(sum(rows, c.seats)).toEqual(figures(total, names, unit).points);
    expect(figures(total, names, unit).points).toEqual(expected);
  });
});

describe('the score sheet of a long game', () => {
  const long = 'Annegret Hohenzollern-Sigmaringe';
  const names = [long, `${long.slice(0, 30)}-2`, `${long.slice(0, 30)}-3`, `${long.slice(0, 30)}-4`];

  it('leaves out the oldest deals, saying how many, and keeps the totals', () => {
    const deals = Array.from({ length: 40 }, (_, k) => `Deal ${k + 1}: ${names.map((n) => `${n} +${k}`).join(' · ')}`);
    const fields = sheetFields(ENGLISH, 'Deals', deals, '**Total** · 4 players');
    const lines = fields.flatMap((f) => f.value.split('\n'));
    const left = 40 - (lines.length - 2);
    expect(left).toBeGreaterThan(0);
    expect(lines[0]).toBe(`… ${left} earlier deals not shown`);
    expect(lines.slice(1, -1)).toEqual(deals.slice(left));
    expect(lines.at(-1)).toBe('**Total** · 4 players');
    expect(fields.every((f) => f.name === 'Deals' && f.value.length <= 1024)).toBe(true);
    expect(fields.reduce((n, f) => n + f.value.length, 0)).toBeLessThanOrEqual(3000);
  });

  it('keeps every deal when they fit, in one field', () => {
    const fields = sheetFields(ENGLISH, 'Deals', ['Deal 1: a 1', 'Deal 2: a 2'], 'Total a 3');
    expect(fields).toEqual([{ name: 'Deals', value: 'Deal 1: a 1\nDeal 2: a 2\nTotal a 3' }]);
  });

  it.each(LANGS)('a ten-round Dreierles session of four with long names stays within Discord’s limits (%s)', (lang) => {
    const game = gameById('dreierles')!;
    const { final } = play({ game: 'dreierles', seats: 4, options: { rounds: 1 }, seed: 'totals-long', perDeal: () => [] });
    const view = final as DreierlesView;
    // The session's four deals ten times over: forty deals, the totals ten times theirs.
    const deals = Array.from({ length: 10 }, (_, r) => view.deals.map((d) => ({ ...d, dealNo: d.dealNo + 4 * r }))).flat();
    const totals = view.totals.map((t) => t * 10);
    const long = { ...view, deals, totals, result: view.result && { ...view.result, deals, totals } };
    const payload = uiFor(game.id).result(localeOf(lang), long, names);
    expect(messageProblems(JSON.parse(JSON.stringify(payload)))).toEqual([]);
    const sheet = embedOf(payload).fields!.flatMap((f) => f.value.split('\n'));
    const left = Number(/^… (\d+) /.exec(sheet[0]!)?.[1]);
    expect(sheet[0]).toBe(lang === 'de' ? `… ${left} frühere Spiele nicht gezeigt` : `… ${left} earlier deals not shown`);
    expect(sheet).toHaveLength(1 + (40 - left) + 1);
    expect(sheet[1]).toMatch(new RegExp(`^(Deal|Spiel) ${left + 1}: `));
    expect(figures(sheet.at(-1)!, names, lang === 'de' ? 'Spielpunkte ' : 'game points ').points).toEqual(totals);
  });
});
