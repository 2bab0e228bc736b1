/**
 * When a weekly night's game may show its seed and moves (`dealsSecret`, src/weekly/report.ts; `/replay` asks it):
 * a duplicate night's games stay secret while any of its tables is still playing or being seated; a plain night's
 * games and a finished night's never are.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/records/types.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { dealsSecret } from '../../src/weekly/report.ts';
import type { NightState } from '../../src/weekly/types.ts';

const night = (over: Partial<NightState>): NightState => ({
  guildId: 'g1',
  id: '2026-12-05',
  game: 'reunion',
  startsAt: 0,
  timeZone: 'UTC',
  channelId: 'c1',
  signUps: [],
  reminders: [],
  version: 1,
  status: 'playing',
  tables: [
    { threadId: 't1', tableId: 'tab1', seats: [] },
    { threadId: 't2', tableId: 'tab2', seats: [] },
  ],
  format: 'duplicate',
  ...over,
});

/** Lookups over one night, the records of `recorded` table ids and the tables still open in threads (`open`: thread → table id). */
function lookups(state: NightState | undefined, recorded: string[], open: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      store: {
        night: async (guildId: string, occurrence: string) => {
          asked.push(`night ${guildId}:${occurrence}`);
          return state;
        },
      },
      ledger: { record: async (_: string, id: string) => (recorded.includes(id) ? ({ id } as GameRecord) : null) },
      tables: { get: async (threadId: string) => (open[threadId] ? ({ id: open[threadId] } as TableRecord) : undefined) },
    },
  };
}

const game = { guildId: 'g1', nightId: 'g1:2026-12-05' };

describe('a weekly night game’s seed and moves', () => {
  it('stay secret while another table of its duplicate night plays, and open when every table is over', async () => {
    expect(await dealsSecret(lookups(night({}), ['tab1'], { t2: 'tab2' }).deps, game)).toBe(true);
    expect(await dealsSecret(lookups(night({ status: 'open' }), [], {}).deps, game)).toBe(true);
    // Table 2 closed without a result: over too.
    expect(await dealsSecret(lookups(night({}), ['tab1'], {}).deps, game)).toBe(false);
    expect(await dealsSecret(lookups(night({}), ['tab1', 'tab2'], {}).deps, game)).toBe(false);
    expect(await dealsSecret(lookups(night({ status: 'finished' }), ['tab1'], { t2: 'tab2' }).deps, game)).toBe(false);
  });

  it('are never secret at a plain night or outside a night, and the night is looked up by the game’s own guild', async () => {
    expect(await dealsSecret(lookups(night({ format: undefined }), ['tab1'], { t2: 'tab2' }).deps, game)).toBe(false);
    const none = lookups(night({}), [], { t2: 'tab2' });
    expect(await dealsSecret(none.deps, { guildId: 'g1' })).toBe(false);
    expect(await dealsSecret(none.deps, { guildId: 'g2', nightId: 'g1:2026-12-05' })).toBe(false);
    expect(none.asked).toEqual([]);
    const one = lookups(night({}), ['tab1'], { t2: 'tab2' });
    await dealsSecret(one.deps, game);
    expect(one.asked).toEqual(['night g1:2026-12-05']);
  });
});
