/**
 * The record commands (/scoreboard and its page buttons, /stats, /history, /replay, the rating chart) and the weekly
 * game night (reminders, sign-up answers, seating, standings, skipped and paused notes, the set-up summary, the
 * scheduled event, every refusal) in both languages, each at its longest: within Discord's limits, German output
 * really German, and numbers and dates written the language's way ("2,5", "1. Dez." in German).
 */
import { describe, expect, it } from 'vitest';
import { renderRatingChart } from '../../src/discord/render/chart.ts';
import { historyLine, renderHistory } from '../../src/discord/render/records/history.ts';
import { measureText, playerName } from '../../src/discord/render/records/measure.ts';
import { renderReplay } from '../../src/discord/render/records/replay.ts';
import { type StandingsPageView, renderScoreboardPage } from '../../src/discord/render/records/scoreboard.ts';
import { renderStats, type StatsSection } from '../../src/discord/render/records/stats.ts';
import {
  eventTexts,
  localDate,
  renderCancelled,
  renderNobody,
  renderPaused,
  renderReminder,
  renderReport,
  renderSeating,
  renderSetup,
  renderSkipped,
  renderStandings,
  signUpText,
  threadName,
  whenFrom,
} from '../../src/discord/render/weekly.ts';
import { LANGS, type Locale, localeOf } from '../../src/i18n/index.ts';
import { RESOURCES } from '../../src/i18n/resources.ts';
import { toRecord } from '../../src/records/book.ts';
import { periodLabel } from '../../src/records/periods.ts';
import { ReplayFileError, replayResult } from '../../src/records/replay.ts';
import { BOARD_SORTS, type BoardRow, type GameRecord, type PlayerStats } from '../../src/records/types.ts';
import { GAME_IDS, type GameId } from '../../src/tables/games.ts';
import type { NightRow, NightState, WeeklyConfig } from '../../src/weekly/types.ts';
import { messageProblems } from '../support/fake-discord.ts';
import { playFinished } from '../records/played.ts';

const EN = localeOf('en');
const DE = localeOf('de');
const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));
/** A 32-character display name (Discord's longest), with markdown to escape. */
const longName = (i: number): string => `*Ü${String(i).padStart(2, '0')}_${'ẞ'.repeat(27)}`.slice(0, 32);
const ZONE = 'Europe/Berlin';

/**
 * English of this area's own templates that must not show in German output (the games' own words — deal lines,
 * counts — are their helpers' and checked in their tests).
 */
const ENGLISH_WORDS = [
  /scoreboard/i,
  /\bpage\b/i,
  /\bplayers?\b/i,
  /computer players/,
  /\bStatistics\b/,
  /Best game/,
  /Current streak/,
  /\bRating\b/,
  /\baverage\b/,
  /Latest games/,
  /\bfinished\b/,
  /Result:/,
  /Game night/,
  /\b(today|tomorrow) at\b/,
  /\bstandings\b/i,
  /signed up/,
  /\bTable \d/,
  /\bPress\b/,
  /\bnight of\b/,
  /\bwins?\b/,
  /\bgames\b/,
  /\bseason\b/,
  /\bweek of\b/,
  /\ball time\b/,
  /\bThere (is|are)\b/,
  /\bNo \w+ (games|game)\b/,
  /\bnot\b/,
  /\byou\b/i,
  /\bthe\b/i,
];

/** German output: none of the English templates' words. */
function expectGerman(text: string): void {
  const words = text.replace(/`[^`]*`/g, '');
  for (const word of ENGLISH_WORDS) expect(words, `${word} in: ${text}`).not.toMatch(word);
}

/** Every string of a resource tree, by its dotted key (plural forms by their suffixed key). */
function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const row = (position: number, extra: Partial<BoardRow> = {}): BoardRow => ({
  position,
  playerId: `${position}0000000000000000`,
  name: longName(position),
  bot: false,
  games: 123_456,
  wins: 98_765,
  net: -1_234_567,
  rating: -98.76,
  ...extra,
});

describe('/scoreboard', () => {
  const periods = ['2026-W49', '2026-12', '2026-Q4', 'all'] as const;

  it.each(LANGS)('%s: every game, sort and period, ten long names and bots, within limits, with Prev and Next', (lang) => {
    const loc = localeOf(lang);
    for (const game of GAME_IDS)
      for (const sort of BOARD_SORTS)
        for (const periodId of periods)
          for (const includeBots of [false, true]) {
            const rows = Array.from({ length: 10 }, (_, i) =>
              row(
                99_990 + i,
                i === 0 && includeBots ? { playerId: 'bot:strong', bot: true } : i === 1 && includeBots ? { playerId: 'bot:easy', bot: true } : {},
              ),
            );
            const view: StandingsPageView = {
              game,
              periodId,
              sort,
              includeBots,
              page: 9_999,
              total: 100_000,
              rows,
              periodLabel: periodLabel(loc, periodId, ZONE),
            };
            const body = json(renderScoreboardPage(loc, view));
            expect(messageProblems(body)).toEqual([]);
            const labels = body.components[0].components.map((b: { label: string }) => b.label);
            expect(labels).toEqual(lang === 'de' ? ['◀ Zurück', 'Weiter ▶'] : ['◀ Prev', 'Next ▶']);
            if (lang === 'de') expectGerman(body.content);
          }
    expect(
      renderScoreboardPage(loc, { game: 'reunion', periodId: 'all', sort: 'net', includeBots: false, page: 1, total: 0, rows: [], periodLabel: 'x' })
        .content,
    ).toContain(lang === 'de' ? 'In diesem Zeitraum wurde nicht gespielt.' : 'No games in this period.');
  });

  it('writes the header, the columns, the numbers and the computer players in German', () => {
    const rows = [row(1, { playerId: 'bot:strong', bot: true, games: 1_234, net: 25, rating: 2.54 })];
    const content = String(
      renderScoreboardPage(DE, {
        game: 'reunion',
        periodId: '2026-Q4',
        sort: 'wins',
        includeBots: true,
        page: 1,
        total: 1,
        rows,
        periodLabel: periodLabel(DE, '2026-Q4', ZONE),
      }).content,
    );
    expect(content.split('\n')[0]).toBe('**Réunion-Rangliste** · Saison Q4 2026 · Reihenfolge: Siege · Seite 1/1');
    expect(content).toMatch(/#\s+Spieler\s+Partien\s+Siege\s+\S+\s+Wertung/);
    expect(content).toContain('🤖 starker Computer');
    expect(content).toContain('1.234');
    expect(content).toContain('2,5');
    expect(content).toContain('1 Spieler · mit Computerspielern');
  });

  it('names the periods with Intl dates in each language', () => {
    expect(['2026-W49', '2026-12', '2026-Q4', 'all'].map((p) => periodLabel(EN, p, ZONE))).toEqual([
      'week of 30 Nov 2026',
      'December 2026',
      'Q4 2026 season',
      'all time',
    ]);
    expect(['2026-W49', '2026-12', '2026-Q4', 'all'].map((p) => periodLabel(DE, p, ZONE))).toEqual([
      'Woche ab 30. Nov. 2026',
      'Dezember 2026',
      'Saison Q4 2026',
      'seit Beginn',
    ]);
    expect(periodLabel(DE, '2026-W49', ZONE)).not.toBe(periodLabel(DE, '2026-W50', ZONE));
    expect(periodLabel(DE, '2026-W50', ZONE)).toBe('Woche ab 7. Dez. 2026');
  });
});

describe('/stats', () => {
  const stats = (game: GameId): PlayerStats => ({
    playerId: '100000000000000000',
    name: longName(1),
    bot: false,
    games: 123_457,
    wins: 98_765,
    measureSum: game === 'romme' ? -308_642 : 308_642,
    best: { measure: game === 'romme' ? -1 : 1_234, recordId: 'abcdefghij123456' },
    worst: { measure: -98_765, recordId: 'zyxwvutsrq654321' },
    streak: -12_345,
    longestWinStreak: 23_456,
    longestLossStreak: 34_567,
    rating: { mu: 27, sigma: 6, ordinal: -1_234.56 },
    counts: {
      bowersCaptured: 12_345,
      bowersLost: 23_456,
      stangen: 345,
      deals: 370_371,
      'played:dreier': 9_999,
      'won:dreier': 8_888,
      'played:zweier': 7_777,
      'won:zweier': 6_666,
      'played:einer': 5_555,
      'won:einer': 4_444,
      'played:solo': 3_333,
      'won:solo': 2_222,
      pfeifen: 1_111,
      raeuber: 999,
      raeuberLost: 888,
      handRomme: 777,
      dealsWon: 66_666,
      penalty: 925_926,
    },
    lastPlayedAt: 0,
  });
  const sections: StatsSection[] = GAME_IDS.map((game) => ({ game, stats: stats(game), trend: -123.45, trendGames: 10 }));

  it.each(LANGS)('%s: every game in one message, at its longest, within limits', (lang) => {
    const body = json(renderStats(localeOf(lang), longName(1), sections));
    expect(messageProblems(body)).toEqual([]);
    for (const game of GAME_IDS) expect(body.content).toContain(`__${game === 'reunion' ? 'Réunion' : game === 'romme' ? 'Rommé' : 'Dreierles'}__`);
    if (lang === 'de') {
      expect(body.content).toContain('**Statistik von');
      expect(body.content).toContain('Beste Partie');
      expect(body.content).toContain('Aktuelle Serie: 12.345 Partien ohne Sieg');
      expect(body.content).toContain('in den letzten 10 Partien');
      expect(body.content).toMatch(/123\.457 Partien · 98\.765 Siege \(80\s%\)/);
      // The games' own counts lines are their helpers' to translate.
      expectGerman(
        body.content
          .split('\n')
          .filter((l: string) => l.startsWith('__') || /^(Beste|Aktuelle|Wertung|-#)/.test(l))
          .join('\n'),
      );
    }
  });

  it('writes decimals, percentages and the streaks the language’s way', () => {
    const one: StatsSection = {
      game: 'reunion',
      stats: {
        ...stats('reunion'),
        games: 2,
        wins: 1,
        measureSum: 5,
        streak: 1,
        longestWinStreak: 1,
        longestLossStreak: 0,
        rating: { mu: 0, sigma: 0, ordinal: 2.54 },
      },
      trend: 0.04,
      trendGames: 1,
    };
    const de = String(renderStats(DE, 'anna', [one]).content);
    expect(de).toMatch(/\(50\s%\) · im Schnitt \+2,5 \S+ pro Partie/);
    expect(de).toContain('Aktuelle Serie: 1 Sieg · längste: 1 Sieg, 0 ohne Sieg');
    expect(de).toContain('Wertung 2,5 (±0 in der letzten Partie)');
    const en = String(renderStats(EN, 'anna', [one]).content);
    expect(en).toContain('(50%) · average +2.5 units per game');
    expect(en).toContain('Rating 2.5 (±0 over the last game)');
    expect(measureText(DE, 'romme', -12.5, 1)).toMatch(/^12,5 /);
  });
});

describe('/history and /replay', () => {
  const record = (game: GameId, seats: number, seed: string, options: Record<string, unknown> = {}): GameRecord =>
    toRecord(playFinished(game, seats, seed, options).finished, ZONE);
  const december = Date.parse('2026-12-01T19:05:00Z');

  it.each(LANGS)('%s: ten six-player Rommé games with long names and both filters, within limits', (lang) => {
    const loc = localeOf(lang);
    const r = record('romme', 6, 'i18n-hist');
    const long = { ...r, id: 'abcdefghij123456', outcomes: r.outcomes.map((o, i) => ({ ...o, name: longName(i) })) };
    const body = json(
      renderHistory(loc, {
        records: Array.from({ length: 10 }, () => long),
        total: 99_990,
        page: 9_999,
        game: 'romme',
        playerName: longName(7),
        timeZone: ZONE,
      }),
    );
    expect(messageProblems(body)).toEqual([]);
    const header = body.content.split('\n')[0];
    expect(header).toContain(lang === 'de' ? '**Letzte Partien** (Rommé, mit' : '**Latest games** (Rommé, with');
    expect(header).toContain(lang === 'de' ? 'Seite 9.999/9.999 · 99.990 Partien' : 'page 9,999/9,999 · 99,990 games');
    if (lang === 'de') expectGerman([header, body.content.split('\n').at(-1)].join('\n'));
    expect(renderHistory(loc, { records: [], total: 1, page: 1, timeZone: ZONE }).content).toContain(
      lang === 'de' ? 'Auf dieser Seite stehen keine Partien.' : 'No games on this page.',
    );
  });

  it('dates a game the language’s way in the guild’s time zone', () => {
    const r = { ...record('reunion', 3, 'i18n-date'), finishedAt: december };
    expect(historyLine(EN, r, ZONE)).toContain(' · 1 Dec 2026 20:05 · **Réunion** · ');
    expect(historyLine(DE, r, ZONE)).toContain(' · 1. Dez. 2026, 20:05 · **Réunion** · ');
    expect(historyLine(DE, r, 'America/New_York')).toContain(' · 1. Dez. 2026, 14:05 · ');
  });

  it.each(LANGS)('%s: a long session deal by deal within limits, the rest counted, the file the same', (lang) => {
    const loc = localeOf(lang);
    const r = { ...record('dreierles', 4, 'i18n-replay', { rounds: 10 }), finishedAt: december };
    const long = {
      ...r,
      outcomes: r.outcomes.map((o, i) => ({ ...o, name: longName(i) })),
      seats: r.seats.map((s, i) => ({ ...s, name: longName(i) })),
    };
    const body = renderReplay(loc, long, ZONE);
    expect(messageProblems(json(body))).toEqual([]);
    const lines = String(body.content).split('\n');
    expect(lines[0]).toContain(
      lang === 'de'
        ? `**Dreierles**-Partie \`${r.id}\` · beendet 1. Dez. 2026, 20:05 · `
        : `**Dreierles** game \`${r.id}\` · finished 1 Dec 2026 20:05 · `,
    );
    expect(String(body.content)).toMatch(
      lang === 'de' ? /\n… und \d+ weitere Spiele \(in den Zügen der Datei\)\n\*\*Ergebnis:\*\* / : /\n… and \d+ more deals/,
    );
    if (lang === 'de') expectGerman([lines[0], lines.at(-1)].join('\n').replace(longName(0), ''));
    expect(replayResult(JSON.parse(String(body.files[0]!.attachment)))).toEqual(r.result);
  });

  it('says what is wrong with a bad replay file in both languages', () => {
    const good = JSON.parse(String(renderReplay(EN, record('reunion', 3, 'i18n-bad'), ZONE).files[0]!.attachment));
    const bad = [
      { ...good, players: good.players.slice(0, 2) },
      { ...good, moves: good.moves.slice(0, -1) },
      { ...good, options: { staubaus: true } },
      'x',
    ];
    for (const file of bad) {
      let error: unknown;
      try {
        replayResult(file);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ReplayFileError);
      const { text, message } = error as ReplayFileError;
      expect(EN.say(text)).toBe(message);
      expect(DE.say(text)).not.toBe(message);
    }
  });
});

describe('rating chart', () => {
  const from = Date.UTC(2026, 9, 1);
  const to = Date.UTC(2026, 11, 30);
  const series = Array.from({ length: 5 }, (_, i) => ({
    name: playerName(DE, { playerId: i ? `${i}` : 'bot:strong', name: longName(i), bot: i === 0 }),
    points: [
      { at: from + i * 86_400_000, ordinal: -2.5 * i },
      { at: to - i * 3_600_000, ordinal: 12.5 * i },
    ],
  }));

  it('draws its words in the reader’s language (another image), the same bytes for the same language', () => {
    const draw = (loc: Locale) =>
      renderRatingChart(loc, series, {
        title: loc.t('records:chart.title', { game: 'Réunion', period: periodLabel(loc, '2026-Q4', ZONE) }),
        from,
        to,
        timeZone: ZONE,
      });
    const de = draw(DE);
    expect(draw(DE).equals(de)).toBe(true);
    expect(draw(EN).equals(de)).toBe(false);
    expect(
      renderRatingChart(DE, [], { title: 'x', from, to, timeZone: ZONE }).equals(renderRatingChart(EN, [], { title: 'x', from, to, timeZone: ZONE })),
    ).toBe(false);
    expect(DE.t('records:chart.axis')).toBe('Wertung (μ − 3σ)');
  });
});

describe('the weekly game night', () => {
  const startsAt = Date.parse('2026-12-05T19:00:00Z');
  const signUps = Array.from({ length: 150 }, (_, i) => ({ userId: `${100_000_000_000_000_000 + i}`, name: longName(i) }));
  const tables = Array.from({ length: 40 }, (_, t) => ({
    threadId: `${200_000_000_000_000_000 + t}`,
    tableId: `table${t}`,
    seats: [0, 1, 2].map((s) =>
      s === 2
        ? { userId: `bot:${t}`, name: longName(s), bot: true }
        : { userId: `${300_000_000_000_000_000 + 3 * t + s}`, name: longName(s), bot: false },
    ),
  }));
  const night = (over: Partial<NightState> = {}): NightState => ({
    guildId: 'g1',
    id: '2026-12-05',
    game: 'dreierles',
    startsAt,
    timeZone: ZONE,
    channelId: 'c1',
    signUps,
    reminders: [],
    version: 1,
    status: 'playing',
    tables,
    ...over,
  });
  const rows: NightRow[] = Array.from({ length: 120 }, (_, i) => ({
    playerId: i ? `${i}` : 'bot:strong',
    name: longName(i),
    bot: i === 0,
    games: 12,
    wins: 11,
    total: -123_456,
  }));
  const season = { periodId: '2026-Q4', sort: 'net' as const, rows: Array.from({ length: 5 }, (_, i) => row(i + 1)) };
  const config: WeeklyConfig = {
    guildId: 'g1',
    game: 'dreierles',
    day: 'saturday',
    time: '20:00',
    timeZone: ZONE,
    channelId: '400000000000000000',
    roleId: '500000000000000000',
    paused: false,
    since: 0,
    next: { id: '2026-12-05', startsAt, eventId: null },
    active: [],
    setBy: 'u9',
  };

  /** Every message the night posts or answers, in `loc`'s language, at its longest. */
  const messages = (loc: Locale) => ({
    reminder24h: renderReminder(loc, config, night({ status: 'open', tables: [] }), startsAt - 86_400_000),
    reminder1h: renderReminder(loc, config, night({ status: 'open', tables: [] }), startsAt - 3_600_000),
    reminderWeekAhead: renderReminder(loc, { roleId: null }, night({ status: 'open', tables: [], signUps: [] }), startsAt - 5 * 86_400_000),
    nobody: renderNobody(loc, night({ status: 'empty', signUps: [], tables: [] })),
    skipped: renderSkipped(loc, night({ status: 'skipped', tables: [] })),
    seating: renderSeating(loc, night()),
    seatingFailed: renderSeating(loc, night({ tables: [] })),
    standings: renderStandings(loc, night(), rows, season),
    standingsNone: renderStandings(loc, night(), [], { ...season, rows: [] }),
    reportFinal: renderReport(loc, { night: night(), rows, tablesOver: tables.length }),
    reportFinalNone: renderReport(loc, { night: night(), rows: [], tablesOver: tables.length }),
    reportSoFar: renderReport(loc, { night: night(), rows, tablesOver: 3 }),
    reportNoneYet: renderReport(loc, { night: night(), rows: [], tablesOver: 0 }),
    reportEmpty: renderReport(loc, { night: night({ status: 'empty', tables: [] }), rows: [], tablesOver: 0 }),
    reportSkipped: renderReport(loc, { night: night({ status: 'skipped', tables: [] }), rows: [], tablesOver: 0 }),
    setup: { content: renderSetup(loc, config, 'x'.repeat(500), 150) },
    setupPlain: { content: renderSetup(loc, { ...config, roleId: null }, null) },
    paused: { content: renderPaused(loc, config) },
    cancelled: { content: renderCancelled(loc) },
    signUpIn: { content: signUpText(loc, night({ status: 'open' }), startsAt - 6 * 86_400_000, true, true) },
    signUpAlready: { content: signUpText(loc, night({ status: 'open' }), startsAt - 3_600_000, true, false) },
    signUpOut: { content: signUpText(loc, night({ status: 'open' }), startsAt - 86_400_000, false, true) },
    signUpNotIn: { content: signUpText(loc, night({ status: 'open' }), startsAt, false, false) },
  });

  it.each(LANGS)('%s: every post and answer at its longest within limits', (lang) => {
    const loc = localeOf(lang);
    for (const [kind, body] of Object.entries(messages(loc))) {
      expect(messageProblems(json(body)), kind).toEqual([]);
      expect(String(body.content).length, kind).toBeGreaterThan(0);
      if (lang === 'de') expectGerman(String(body.content).replace(/<[@#&]+\d+>/g, ''));
    }
    const event = eventTexts(loc, config, config.next, 'n'.repeat(100));
    expect(event.name.length).toBeLessThanOrEqual(100);
    expect(event.description.length).toBeLessThanOrEqual(1000);
    expect(threadName(loc, night(), 40).length).toBeLessThanOrEqual(100);
  });

  it('has buttons, days, dates and times in the language, in the night’s time zone', () => {
    const de = messages(DE);
    const en = messages(EN);
    const labels = (body: { components?: readonly unknown[] }) => json(body.components)[0].components.map((b: { label: string }) => b.label);
    expect(labels(de.reminder24h)).toEqual(['Bin dabei', 'Bin raus']);
    expect(labels(en.reminder24h)).toEqual(["I'm in", "I'm out"]);
    expect(de.reminder24h.content).toContain('🎲 **Spieleabend: Dreierles morgen um 20:00 Uhr** (Europe/Berlin)');
    expect(en.reminder1h.content).toContain('🎲 **Game night: Dreierles today at 20:00** (Europe/Berlin)');
    expect(de.reminderWeekAhead.content).toContain('am Samstag, 5. Dezember um 20:00 Uhr');
    expect(en.reminderWeekAhead.content).toContain('on Saturday 5 December at 20:00');
    expect(de.reminder24h.content).toMatch(/✋ \*\*150 dabei:\*\* .* … und \d+ weitere$/);
    expect(de.setup.content).toContain('jeden **Samstag um 20:00 Uhr** (Europe/Berlin)');
    expect(de.setup.content).toContain('Nächster Abend: **Samstag, 5. Dezember 2026, 20:00 Uhr**');
    expect(de.setup.content).toContain('Seine 150 Anmeldungen wurden zurückgesetzt');
    expect(en.setup.content).toContain('every **Saturday at 20:00** (Europe/Berlin)');
    expect(localDate(DE, startsAt, 'Pacific/Auckland')).toBe('Sonntag, 6. Dezember 2026');
    expect(whenFrom(DE, startsAt, startsAt, 'America/New_York')).toBe('heute um 14:00 Uhr');
    expect(de.standings.content).toContain('🏆 **Dreierles-Abend am Samstag, 5. Dezember 2026 — Ergebnisse**');
    expect(de.standings.content).toMatch(/\n1\. 🤖 starker Computer — −123456 .+ · 11 Siege · 12 Partien\n/);
    expect(de.reportSoFar.content).toContain('Zwischenstand (3 von 40 Tischen fertig)');
    expect(de.seating.content).toContain('**Der Dreierles-Abend hat begonnen: 40 Tische.**');
    expect(en.seating.content).toContain('**The Dreierles night has started: 40 tables.**');
    expect(threadName(DE, night(), 1)).toBe('Dreierles-Abend 2026-12-05 · Tisch 1');
    expect(threadName(EN, night({ game: 'romme' }), 1)).toBe('Rommé night 2026-12-05 · table 1');
    expect(eventTexts(DE, config, config.next, 'spieleabend').name).toBe('Spieleabend: Dreierles');
    expect(eventTexts(EN, config, config.next, 'game-night').name).toBe('Game night: Dreierles');
    expect(eventTexts(DE, config, config.next, 'spieleabend').description).toContain('„Bin dabei“');
  });
});

describe('refusals and private notes', () => {
  /** Long values for every variable a refusal or note names. */
  const VARS = {
    name: 'ẞ'.repeat(40),
    game: 'Dreierles',
    option: 'include_bots',
    choices: '`week`, `month`, `season`, `all`',
    min: 1,
    max: 9999,
    period: periodLabel(DE, '2026-W49', ZONE),
    count: 9_999,
    id: 'abcdefghij123456',
    subcommand: 'x'.repeat(32),
    week: 'x'.repeat(8),
    day: 'x'.repeat(100),
    time: 'x'.repeat(5),
    zone: 'x'.repeat(64),
    format: 'stammtisch-replay/1',
    problems: 'x'.repeat(300),
    seats: 7,
    move: 20_000,
    seat: 7,
    reason: 'x'.repeat(200),
  };
  const groups = [
    ['records', 'refusal'],
    ['records', 'note'],
    ['records', 'replayFile'],
    ['weekly', 'refusal'],
    ['weekly', 'note'],
  ] as const;

  it.each(groups)('%s:%s.* in both languages: within limits, German not English', (ns, group) => {
    const keys = leaves((RESOURCES.en[ns] as Record<string, unknown>)[group]).map(([k]) => k.replace(/_(one|other)$/, ''));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of new Set(keys))
      for (const count of [1, 9_999]) {
        const en = EN.t(`${ns}:${group}.${key}`, { ...VARS, count });
        const de = DE.t(`${ns}:${group}.${key}`, { ...VARS, count });
        expect(en.length).toBeLessThanOrEqual(2000);
        expect(de.length).toBeLessThanOrEqual(2000);
        expect(de, key).not.toBe(en);
        expect(de).not.toContain('{{');
        expectGerman(de);
      }
  });
});
