/**
 * The record commands' renderers (scoreboard, statistics, history, replay, rating chart) and the scoreboard
 * buttons' custom_id: formatting, each game's unit (Rommé as penalty points), pagination, Discord's limits.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.ts';
import { decodeId, encodeId } from '../../src/discord/customId.ts';
import { CHART_HEIGHT, CHART_WIDTH, renderRatingChart } from '../../src/discord/render/chart.ts';
import { historyLine, renderHistory } from '../../src/discord/render/records/history.ts';
import { decimal, measureText } from '../../src/discord/render/records/measure.ts';
import { renderReplay } from '../../src/discord/render/records/replay.ts';
import { standingsTable, type StandingsPageView, renderScoreboardPage } from '../../src/discord/render/records/scoreboard.ts';
import { countsLine, renderStats, type StatsSection } from '../../src/discord/render/records/stats.ts';
import { toRecord } from '../../src/records/book.ts';
import { replayFile, replayResult } from '../../src/records/replay.ts';
import type { BoardRow, GameRecord, PlayerStats } from '../../src/records/types.ts';
import { messageProblems } from '../support/fake-discord.ts';
import { playFinished } from '../records/played.ts';

const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));
const row = (position: number, name: string, net: number, rating: number, extra: Partial<BoardRow> = {}): BoardRow => ({
  position,
  playerId: `${position}00000000000000000`,
  name,
  bot: false,
  games: 10 + position,
  wins: 5 - position,
  net,
  rating,
  ...extra,
});
const view = (over: Partial<StandingsPageView> = {}): StandingsPageView => ({
  game: 'reunion',
  periodId: '2026-Q4',
  periodLabel: 'Q4 2026 season',
  sort: 'net',
  includeBots: false,
  page: 1,
  total: 3,
  rows: [row(1, 'anna', 15, 12.34), row(2, 'bernd', 0, 3), row(3, 'carl', -15, -1.26)],
  ...over,
});
/** The custom_ids of a body's buttons, in order. */
const buttonIds = (body: { components?: readonly unknown[] }): string[] =>
  json(body.components ?? []).flatMap((r: { components: { custom_id: string }[] }) => r.components.map((c) => c.custom_id));
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('scoreboard', () => {
  it('shows a ranked table with the game, the period, the order and page x/y', () => {
    const body = renderScoreboardPage(ENGLISH, view());
    const lines = String(body.content).split('\n');
    expect(lines[0]).toBe('**Réunion scoreboard** · Q4 2026 season · by net units · page 1/1');
    expect(lines.slice(1, 6)).toEqual([
      '```',
      '  #  Player  Games  Wins    Units  Rating',
      '  1  anna       11     4      +15    12.3',
      '  2  bernd      12     3        0       3',
      '  3  carl       13     2      −15    −1.3',
    ]);
    expect(body.allowedMentions).toEqual({ parse: [] });
    expect(body.components).toEqual([]); // one page: no Prev/Next
  });

  it('counts Dreierles in game points and Rommé in penalty points (fewest first), not in minus points', () => {
    const dreierles = String(renderScoreboardPage(ENGLISH, view({ game: 'dreierles', rows: [row(1, 'anna', 42, 1)], total: 1 })).content);
    expect(dreierles).toContain('by net game points');
    expect(dreierles).toMatch(/Points {2}Rating\n {2}1 {2}anna .* \+42 /);
    const romme = String(
      renderScoreboardPage(ENGLISH, view({ game: 'romme', rows: [row(1, 'anna', -37, 1), row(2, 'bernd', -120, 0)], total: 2 })).content,
    );
    expect(romme).toContain('by penalty points (fewest first)');
    expect(romme).toMatch(/Penalty {2}Rating\n {2}1 {2}anna .* 37 .*\n {2}2 {2}bernd .* 120 /);
    expect(romme).not.toMatch(/−37|-37/);
    expect(String(renderScoreboardPage(ENGLISH, view({ game: 'romme', sort: 'wins' })).content)).toContain('by wins');
  });

  it('shows all computer players of a level as one entry, and long names cut short', () => {
    const table = standingsTable(ENGLISH, 'reunion', [
      row(1, 'Kurt', 4, 2, { playerId: 'bot:strong', bot: true }),
      row(2, 'a name far too long for the table', 1, 1),
    ]);
    expect(table).toContain('  1  🤖 strong computer ');
    expect(table).toContain('  2  a name far too lo…     12 ');
    expect(table).not.toContain('Kurt');
  });

  it('has Prev and Next buttons to the neighbouring pages only, as strict custom_ids', () => {
    const at = (page: number) =>
      buttonIds(renderScoreboardPage(ENGLISH, view({ page, total: 25, periodId: '2026-W49', sort: 'rating', includeBots: true })));
    expect(at(1)).toEqual(['st:sb:reunion:2026-W49:rating:1:2']);
    expect(at(2)).toEqual(['st:sb:reunion:2026-W49:rating:1:1', 'st:sb:reunion:2026-W49:rating:1:3']);
    expect(at(3)).toEqual(['st:sb:reunion:2026-W49:rating:1:2']);
    expect(String(renderScoreboardPage(ENGLISH, view({ page: 3, total: 25 })).content)).toContain('page 3/3');
    expect(decodeId('st:sb:reunion:2026-W49:rating:1:3')).toEqual({
      kind: 'standings',
      page: { game: 'reunion', periodId: '2026-W49', sort: 'rating', includeBots: true, page: 3 },
    });
    const page = { game: 'romme', periodId: 'all', sort: 'wins', includeBots: false, page: 9999 } as const;
    expect(decodeId(encodeId({ kind: 'standings', page }))).toEqual({ kind: 'standings', page });
  });

  it.each([
    'st:sb:skat:2026-W49:net:0:1', // not a game we run
    'st:sb:reunion:2026-W49:points:0:1', // not a sort
    'st:sb:reunion:2026-W49:net:2:1', // bots is 0 or 1
    'st:sb:reunion:2026-W49:net:0:0', // pages start at 1
    'st:sb:reunion:2026-W49:net:0:10000',
    'st:sb:reunion:2026-W49:net:0:01',
    'st:sb:reunion:2025-W53:net:0:1', // 2025 has 52 weeks
    'st:sb:reunion:2026-W00:net:0:1',
    'st:sb:reunion:2026-13:net:0:1',
    'st:sb:reunion:2026-Q5:net:0:1',
    'st:sb:reunion:yesterday:net:0:1',
    'st:sb:reunion:all:net:0:1:extra',
    'st:sb:reunion:all:net:0',
    'st:sb:Reunion:all:net:0:1',
  ])('refuses the malformed custom_id %s', (id) => {
    expect(decodeId(id)).toBeNull();
  });

  it('stays within Discord limits with ten long names, and does not crash on an empty page', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(91 + i, `${'ẞ'.repeat(32)}\`\`\``, -123456, -98.76));
    const body = renderScoreboardPage(ENGLISH, view({ rows, total: 100_000, page: 9, includeBots: true }));
    expect(messageProblems(json(body))).toEqual([]);
    expect(String(body.content)).not.toContain('ẞ```'); // a name cannot close the code block
    expect(String(renderScoreboardPage(ENGLISH, view({ rows: [], total: 0 })).content)).toContain('No games in this period.');
  });
});

describe('statistics', () => {
  const stats = (over: Partial<PlayerStats> = {}): PlayerStats => ({
    playerId: '100000000000000000',
    name: 'anna',
    bot: false,
    games: 8,
    wins: 3,
    measureSum: 10,
    best: { measure: 6, recordId: 'aaaa111111' },
    worst: { measure: -4, recordId: 'bbbb222222' },
    streak: 2,
    longestWinStreak: 3,
    longestLossStreak: 4,
    rating: { mu: 27, sigma: 6, ordinal: 9.04 },
    counts: {},
    lastPlayedAt: 0,
    ...over,
  });

  it('shows games, win rate, average, best and worst with their ids, streaks and the rating trend', () => {
    const section: StatsSection = {
      game: 'reunion',
      stats: stats({ counts: { bowersCaptured: 5, bowersLost: 2, stangen: 1, deals: 24 } }),
      trend: 2.06,
      trendGames: 8,
    };
    expect(String(renderStats(ENGLISH, 'anna', [section]).content).split('\n')).toEqual([
      '**Statistics of anna**',
      '',
      '__Réunion__ · 8 games · 3 wins (38%) · average +1.3 units per game',
      'Best game +6 units (`aaaa111111`) · worst −4 units (`bbbb222222`)',
      'Current streak: 2 wins in a row · longest: 3 wins, 4 without a win',
      'Rating 9 (+2.1 over the last 8 games)',
      'Bowers captured 5 · bowers lost 2 · Stangen 1',
      '',
      '-# Rating: conservative skill estimate (μ − 3σ), starts at 0. `/replay id:<id>` shows a game.',
    ]);
  });

  it('names the Dreierles contracts in German and counts Pfeifen and Räuber', () => {
    const counts = {
      'played:dreier': 4,
      'won:dreier': 3,
      'played:zweier': 0,
      'won:zweier': 0,
      'played:einer': 0,
      'won:einer': 0,
      'played:solo': 1,
      'won:solo': 1,
      pfeifen: 2,
      raeuber: 5,
      raeuberLost: 2,
      deals: 12,
    };
    expect(countsLine(ENGLISH, 'dreierles', counts)).toBe('Contracts won/played: Dreier 3/4, Solo 1/1 · Pfeifen 2 · Räuber played 5, lost 2');
    expect(countsLine(ENGLISH, 'dreierles', { pfeifen: 0 })).toBe('No contract played as declarer · Pfeifen 0 · Räuber played 0, lost 0');
  });

  it('shows Rommé in penalty points: average per game and per deal, best as the fewest', () => {
    const section: StatsSection = {
      game: 'romme',
      stats: stats({
        games: 4,
        measureSum: -150,
        best: { measure: 0, recordId: 'cccc333333' },
        worst: { measure: -90, recordId: 'dddd444444' },
        streak: -3,
        longestWinStreak: 1,
        counts: { handRomme: 1, dealsWon: 5, deals: 16, penalty: 150 },
      }),
      trend: -0.04,
      trendGames: 1,
    };
    const text = String(renderStats(ENGLISH, 'anna', [section]).content);
    expect(text).toContain('average 37.5 penalty points per game');
    expect(text).toContain('Best game 0 penalty points (`cccc333333`) · worst 90 penalty points (`dddd444444`)');
    expect(text).toContain('Current streak: 3 games without a win · longest: 1 win, 4 without a win');
    expect(text).toContain('Rating 9 (±0 over the last game)');
    expect(text).toContain('Hand-Rommé 1 · deals won 5 of 16 · average 9.4 penalty points per deal');
  });

  it('has one section per game, in the order given, within Discord limits', () => {
    const body = renderStats(ENGLISH, 'anna **bold**', [
      { game: 'reunion', stats: stats(), trend: 1, trendGames: 10 },
      { game: 'dreierles', stats: stats(), trend: 1, trendGames: 10 },
      { game: 'romme', stats: stats(), trend: 1, trendGames: 10 },
    ]);
    const text = String(body.content);
    expect(text.indexOf('__Réunion__')).toBeLessThan(text.indexOf('__Dreierles__'));
    expect(text.indexOf('__Dreierles__')).toBeLessThan(text.indexOf('__Rommé__'));
    expect(text).toContain('Statistics of anna \\*\\*bold\\*\\*');
    expect(messageProblems(json(body))).toEqual([]);
  });
});

describe('history and replay', () => {
  const record = (game: 'reunion' | 'dreierles' | 'romme', seats: number, seed: string, options: Record<string, unknown> = {}): GameRecord =>
    toRecord(playFinished(game, seats, seed, options).finished, 'Europe/Berlin');

  it('lists games with the date in the guild time zone, the game, the result line and the id', () => {
    const r = record('reunion', 3, 'hist-1');
    expect(historyLine(ENGLISH, r, 'Europe/Berlin')).toMatch(
      /^`thist1` · 30 Nov 2026 21:15 · \*\*Réunion\*\* · .*Anna [+−]?\d+ units? \(\d+ card points\)/,
    );
    expect(historyLine(ENGLISH, r, 'UTC')).toContain('30 Nov 2026 20:15');
    const body = renderHistory(ENGLISH, {
      records: [r, record('romme', 2, 'hist-2')],
      total: 12,
      page: 2,
      game: 'reunion',
      playerName: 'Anna',
      timeZone: 'UTC',
    });
    const lines = String(body.content).split('\n');
    expect(lines[0]).toBe('**Latest games** (Réunion, with Anna) · page 2/2 · 12 games');
    expect(lines[1]).toContain('`thist1`');
    expect(lines[2]).toMatch(/`thist2` .* \*\*Rommé\*\* · 1\. .* penalty points/);
    expect(messageProblems(json(body))).toEqual([]);
  });

  it('keeps ten six-player Rommé games within 2,000 characters', () => {
    const r = record('romme', 6, 'hist-6');
    const long = { ...r, outcomes: r.outcomes.map((o) => ({ ...o, name: 'N'.repeat(32) })) };
    const body = renderHistory(ENGLISH, { records: Array.from({ length: 10 }, () => long), total: 10, page: 1, timeZone: 'UTC' });
    expect(messageProblems(json(body))).toEqual([]);
  });

  it('shows a game deal by deal and attaches replay-<id>.json that rebuilds its result', () => {
    const r = record('reunion', 3, 'replay-1');
    const body = renderReplay(ENGLISH, r, 'UTC');
    const lines = String(body.content).split('\n');
    expect(lines[0]).toBe('**Réunion** game `treplay1` · finished 30 Nov 2026 20:15 · Anna, 🤖 Bernd, Carl');
    expect(lines.filter((l) => l.startsWith('Deal '))).toHaveLength(3);
    expect(body.content).toContain('**Result:** ');
    expect(body.files).toHaveLength(1);
    const file = body.files[0]!;
    expect(file.name).toBe('replay-treplay1.json');
    const parsed = JSON.parse(String(file.attachment));
    expect(parsed).toEqual(json(replayFile(r)));
    expect(replayResult(parsed)).toEqual(r.result);
  });

  it('keeps a long session within 2,000 characters and says how many deals are not shown', () => {
    const r = record('dreierles', 3, 'replay-long', { rounds: 10 });
    expect(r.deals).toHaveLength(30);
    const body = renderReplay(ENGLISH, r, 'UTC');
    expect(messageProblems(json(body))).toEqual([]);
    const shown = String(body.content)
      .split('\n')
      .filter((l) => l.startsWith('Deal ')).length;
    expect(shown).toBeGreaterThan(3);
    expect(body.content).toContain(`… and ${30 - shown} more deals`);
  });
});

describe('rating chart', () => {
  const from = Date.UTC(2026, 9, 1);
  const to = Date.UTC(2026, 10, 30);
  const series = [
    {
      name: 'anna',
      points: [
        { at: from + 86_400_000, ordinal: 1.5 },
        { at: from + 5 * 86_400_000, ordinal: 4.25 },
        { at: to - 3_600_000, ordinal: 9 },
      ],
    },
    { name: '🤖 strong computer', points: [{ at: from + 2 * 86_400_000, ordinal: -2 }] },
  ];

  it('is a PNG of the documented size, the same bytes for the same data', () => {
    const png = renderRatingChart(ENGLISH, series, { title: 'Réunion rating · Q4 2026 season', from, to, timeZone: 'Europe/Berlin' });
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(pngSize(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect(renderRatingChart(ENGLISH, series, { title: 'Réunion rating · Q4 2026 season', from, to, timeZone: 'Europe/Berlin' }).equals(png)).toBe(
      true,
    );
    const other = renderRatingChart(ENGLISH, [series[0]!], { title: 'Réunion rating · Q4 2026 season', from, to, timeZone: 'Europe/Berlin' });
    expect(other.equals(png)).toBe(false);
  });

  it('draws an empty chart without data, and a span of no time', () => {
    for (const png of [
      renderRatingChart(ENGLISH, [], { title: 'none', from, to, timeZone: 'UTC' }),
      renderRatingChart(ENGLISH, [{ name: 'x', points: [] }], { title: 'none', from, to: from, timeZone: 'UTC' }),
    ]) {
      expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(pngSize(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    }
  });
});

describe('numbers', () => {
  it('writes decimals with a real minus sign and each game in its unit', () => {
    expect([decimal(ENGLISH, 2.54), decimal(ENGLISH, -3), decimal(ENGLISH, -0.04), decimal(ENGLISH, 0.125, 2)]).toEqual(['2.5', '−3', '0', '0.13']);
    expect([
      measureText(ENGLISH, 'reunion', 3),
      measureText(ENGLISH, 'dreierles', -12),
      measureText(ENGLISH, 'romme', -37),
      measureText(ENGLISH, 'romme', 0),
    ]).toEqual(['+3 units', '−12 game points', '37 penalty points', '0 penalty points']);
    expect([
      measureText(ENGLISH, 'reunion', -1),
      measureText(ENGLISH, 'dreierles', 1),
      measureText(ENGLISH, 'romme', -1),
      measureText(ENGLISH, 'reunion', 1.04, 1),
    ]).toEqual(['−1 unit', '+1 game point', '1 penalty point', '+1 unit']);
  });
});
