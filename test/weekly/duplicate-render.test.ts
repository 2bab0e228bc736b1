/**
 * How a duplicate night's standings read (src/discord/render/weekly.ts), in English and German: the explanation
 * under the title with the game's deal measure, each line with the signed duplicate score first, and the one-table
 * night saying that it is ranked by the plain total. The set-up answer says what a duplicate night is.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';
import { renderReport, renderSeating, renderSetup, renderStandings } from '../../src/discord/render/weekly.ts';
import type { NightRow, NightState, NightTable, WeeklyConfig } from '../../src/weekly/types.ts';

const GERMAN = localeOf('de');

const table = (n: number): NightTable => ({ threadId: `t${n}`, tableId: `tab${n}`, seats: [] });

const night = (tables: number, game: NightState['game'] = 'reunion'): NightState => ({
  guildId: 'g1',
  id: '2026-12-05',
  game,
  startsAt: Date.parse('2026-12-05T19:00:00Z'),
  timeZone: 'Europe/Berlin',
  channelId: 'c1',
  signUps: [],
  reminders: [],
  version: 1,
  status: 'finished',
  tables: Array.from({ length: tables }, (_, i) => table(i + 1)),
  format: 'duplicate',
});

const rows: NightRow[] = [
  { playerId: 'u1', name: 'anna', bot: false, games: 1, wins: 0, total: -2, duplicate: 24.5 },
  { playerId: 'u2', name: 'bernd', bot: false, games: 1, wins: 1, total: 4, duplicate: -24.5 },
];
const season = { periodId: '2026-Q4', sort: 'net' as const, rows: [] };

describe('duplicate night renders', () => {
  it('explain the duplicate score and show it first on each line, best first as given', () => {
    const text = renderStandings(ENGLISH, night(2), rows, season).content ?? '';
    expect(text).toContain('Duplicate night: every table played the same deals');
    expect(text).toContain('(card points)');
    expect(text).toContain('1. anna — duplicate **+24.5** · −2 units · 0 wins · 1 game');
    expect(text).toContain('2. bernd — duplicate **−24.5** · +4 units · 1 win · 1 game');
    const german = renderStandings(GERMAN, night(2, 'romme'), rows, season).content ?? '';
    expect(german).toContain('Duplicate-Abend: Alle Tische haben dieselben Spiele gespielt');
    expect(german).toContain('Strafpunkte; + heißt weniger');
    expect(german).toContain('1. anna — Duplicate **+24,5**');
  });

  it('say that one table is ranked by the plain total, in the standings and in /weekly standings', () => {
    const plainRows = rows.map(({ duplicate: _, ...r }) => r);
    const text = renderStandings(ENGLISH, night(1), plainRows, season).content ?? '';
    expect(text).toContain('Duplicate night with one table');
    expect(text).not.toContain('duplicate **');
    const report = renderReport(ENGLISH, { night: night(1), rows: plainRows, tablesOver: 1 }).content ?? '';
    expect(report).toContain('ranked by the plain total');
    const plain = renderStandings(ENGLISH, { ...night(2), format: undefined }, plainRows, season).content ?? '';
    expect(plain).not.toContain('Duplicate');
  });

  it('tell the seated players of several tables that they play the same deals', () => {
    expect(renderSeating(ENGLISH, night(2)).content).toContain("Keep out of the other tables' threads until your own game is over.");
    expect(renderSeating(GERMAN, night(2)).content).toContain('Alle Tische spielen dieselben Karten');
    expect(renderSeating(ENGLISH, night(1)).content).not.toContain('Duplicate');
    expect(renderSeating(ENGLISH, { ...night(2), format: undefined }).content).not.toContain('Duplicate');
  });

  it('say what a duplicate night is in the set-up answer', () => {
    const config: WeeklyConfig = {
      guildId: 'g1',
      game: 'reunion',
      day: 'saturday',
      time: '20:00',
      timeZone: 'Europe/Berlin',
      channelId: 'c1',
      roleId: null,
      paused: false,
      since: 0,
      next: { id: '2026-12-05', startsAt: Date.parse('2026-12-05T19:00:00Z'), eventId: null },
      active: [],
      setBy: 'u0',
      format: 'duplicate',
    };
    expect(renderSetup(GERMAN, config, null)).toContain('Duplicate: Alle Tische eines Abends spielen dieselben Karten');
    expect(renderSetup(ENGLISH, { ...config, format: undefined }, null)).not.toContain('Duplicate');
  });
});
