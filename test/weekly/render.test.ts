/**
 * The weekly night's renders (src/discord/render/weekly.ts): player names are markdown-escaped everywhere they
 * appear, and `/weekly standings` of a night whose tables are all over never says "No game has finished yet".
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.ts';
import { renderReminder, renderReport, renderSeating, renderSetup, renderStandings } from '../../src/discord/render/weekly.ts';
import type { NightRow, NightState, WeeklyConfig } from '../../src/weekly/types.ts';

const LINK = '[x](https://e.example)';
const ESCAPED = '\\[x](https://e.example)';

const night = (over: Partial<NightState> = {}): NightState => ({
  guildId: 'g1',
  id: '2026-12-05',
  game: 'reunion',
  startsAt: Date.parse('2026-12-05T19:00:00Z'),
  timeZone: 'Europe/Berlin',
  channelId: 'c1',
  signUps: [{ userId: 'u1', name: LINK }],
  reminders: [],
  version: 1,
  status: 'playing',
  tables: [
    {
      threadId: 't1',
      tableId: 'tab1',
      seats: [
        { userId: 'u1', name: LINK, bot: false },
        { userId: 'bot', name: '*strong*', bot: true },
      ],
    },
  ],
  ...over,
});

const row: NightRow = { playerId: 'u1', name: LINK, bot: false, games: 1, wins: 1, total: 3 };

describe('weekly renders', () => {
  it('escape player names in the reminder, seating, standings, season top and report', () => {
    const reminder = renderReminder(ENGLISH, { roleId: null }, night(), Date.parse('2026-12-04T19:00:00Z')).content ?? '';
    expect(reminder).toContain(`1 in:** ${ESCAPED}`);
    expect(renderSeating(ENGLISH, night()).content).toContain('🤖 \\*strong\\*');
    const season = {
      periodId: '2026-Q4',
      sort: 'net' as const,
      rows: [{ position: 1, playerId: 'u1', name: LINK, bot: false, games: 1, wins: 1, net: 3, rating: 0 }],
    };
    const standings = renderStandings(ENGLISH, night(), [row], season).content ?? '';
    expect(standings).toContain(`1. ${ESCAPED} — +3 units`);
    expect(standings).not.toContain(`] ${LINK}`);
    expect(standings.match(/\\\[x/g)).toHaveLength(2);
    expect(renderReport(ENGLISH, { night: night(), rows: [row], tablesOver: 1 }).content).toContain(`1. ${ESCAPED}`);
  });

  it('a report of a night whose tables are all over without a result says so, not "No game has finished yet"', () => {
    const text = renderReport(ENGLISH, { night: night(), rows: [], tablesOver: 1 }).content ?? '';
    expect(text).toContain('final standings');
    expect(text).toContain("No game of the night's 1 table finished with a result.");
    expect(text).not.toContain('No game has finished yet');
    const playing = renderReport(ENGLISH, { night: night(), rows: [], tablesOver: 0 }).content ?? '';
    expect(playing).toContain('standings so far (0 of 1 table over)');
    expect(playing).toContain('No game has finished yet.');
  });

  it('the set-up summary says when sign-ups of the replaced night were reset', () => {
    const config = {
      guildId: 'g1',
      game: 'romme',
      day: 'saturday',
      time: '18:00',
      timeZone: 'Europe/Berlin',
      channelId: 'c2',
      roleId: null,
      paused: false,
      since: 0,
      next: { id: '2026-12-05', startsAt: Date.parse('2026-12-05T17:00:00Z'), eventId: null },
      active: [],
      setBy: 'u9',
    } satisfies WeeklyConfig;
    expect(renderSetup(ENGLISH, config, null)).not.toContain('reset');
    expect(renderSetup(ENGLISH, config, null, 1)).toContain('1 sign-up was reset');
    expect(renderSetup(ENGLISH, config, null, 4)).toContain('4 sign-ups were reset');
  });
});
