/**
 * A night's results: when every table of a night in play is over, its standings are posted (once across
 * processes), and `/weekly standings` shows any started night's.
 */
import { RECORD_RULES } from '../records/rules.ts';
import { periodIds } from '../records/periods.ts';
import type { GameRecord } from '../records/types.ts';
import { Refusal } from '../refusal.ts';
import type { WeeklyDeps } from './deps.ts';
import { wakeAt } from './schedule.ts';
import { nightStandings, occurrenceOf } from './standings.ts';
import type { NightRow, NightState } from './types.ts';

/** What looking at a night's tables needs: each table's record, and what its thread holds now. */
type TableLookups = { ledger: Pick<WeeklyDeps['ledger'], 'record'>; tables: Pick<WeeklyDeps['tables'], 'get'> };

/** A night's standings as `/weekly standings` shows them. */
export interface NightReport {
  night: NightState;
  rows: NightRow[];
  /** Tables of the night whose game is over (finished with a result, or closed without one). */
  tablesOver: number;
}

/** The night's tables with their records: a table is over when it has a record, or is no longer open in its thread. */
async function tableOutcomes(deps: TableLookups, night: NightState): Promise<{ over: boolean; record: GameRecord | null }[]> {
  return Promise.all(
    night.tables.map(async (t) => {
      const record = await deps.ledger.record(night.guildId, t.tableId);
      if (record) return { over: true, record };
      return { over: (await deps.tables.get(t.threadId))?.id !== t.tableId, record: null };
    }),
  );
}

/**
 * When every table of a night in play is over (finished, or closed without a result), post its standings once
 * (claimed) and take it off the config's `active` list.
 */
export async function checkNight(deps: WeeklyDeps, guildId: string, occurrence: string): Promise<void> {
  const { store, gateway } = deps;
  const night = await store.night(guildId, occurrence);
  if (night?.status === 'open') return; // still being seated
  if (night?.status === 'playing') {
    const outcomes = await tableOutcomes(deps, night);
    if (outcomes.some((o) => !o.over)) return;
    if (await store.claim(guildId, occurrence, 'standings')) {
      const records = outcomes.flatMap((o) => (o.record ? [o.record] : []));
      await gateway.postStandings(night, nightStandings(records, night.format === 'duplicate'), await seasonTop(deps, night, records));
    }
  }
  await store.withGuild(guildId, async () => {
    const current = await store.night(guildId, occurrence);
    if (current?.status === 'playing') {
      current.status = 'finished';
      await store.saveNight(current);
    }
    const config = await store.config(guildId);
    if (config?.active.includes(occurrence)) {
      config.active = config.active.filter((id) => id !== occurrence);
      await store.saveConfig(config, wakeAt(config, deps.now()));
    }
  });
}

/** The top five of the season the night's games count in (by the game's default order; people only). */
async function seasonTop(deps: WeeklyDeps, night: NightState, records: readonly GameRecord[]) {
  const periodId = records[0]?.periods.season ?? periodIds(night.startsAt, night.timeZone).season;
  const sort = RECORD_RULES[night.game].defaultSort;
  const { rows } = await deps.ledger.board({
    guildId: night.guildId,
    game: night.game,
    periodId,
    includeBots: false,
    sort,
    offset: 0,
    limit: 5,
  });
  return { periodId, sort, rows };
}

/**
 * A night's standings for `/weekly standings`: `week` is an ISO week id (`2026-W49`) or `last`/undefined for the
 * latest night that started. Throws `Refusal('bad_input')` for a malformed week or when there is no such night.
 */
export async function nightReport(deps: WeeklyDeps, guildId: string, week: string | undefined): Promise<NightReport> {
  const wanted = week?.trim().toUpperCase();
  if (wanted && wanted !== 'LAST' && !/^\d{4}-W\d{2}$/.test(wanted)) throw new Refusal('bad_input', 'weekly:refusal.bad_week', { week });
  const ids = await deps.store.history(guildId);
  const occurrence = !wanted || wanted === 'LAST' ? ids.at(-1) : [...ids].reverse().find((id) => isoWeekOfDate(id) === wanted);
  const night = occurrence ? await deps.store.night(guildId, occurrence) : undefined;
  if (!night)
    throw ids.length
      ? new Refusal('bad_input', 'weekly:refusal.no_such_night', { week: wanted })
      : new Refusal('bad_input', 'weekly:refusal.no_nights');
  const outcomes = await tableOutcomes(deps, night);
  return {
    night,
    rows: nightStandings(
      outcomes.flatMap((o) => (o.record ? [o.record] : [])),
      night.format === 'duplicate',
    ),
    tablesOver: outcomes.filter((o) => o.over).length,
  };
}

/**
 * Whether the deals of a game played at a weekly night are still secret: it was played at a duplicate night
 * (`nightId`) some of whose tables are still playing, and so may still be dealt the same cards. Until every table of
 * the night is over, no command may show such a game's seed or moves (`/replay`).
 */
export async function dealsSecret(
  deps: TableLookups & { store: Pick<WeeklyDeps['store'], 'night'> },
  record: { guildId: string; nightId?: string },
): Promise<boolean> {
  const occurrence = record.nightId ? occurrenceOf(record.nightId, record.guildId) : null;
  const night = occurrence ? await deps.store.night(record.guildId, occurrence) : undefined;
  if (night?.format !== 'duplicate' || night.status === 'finished') return false;
  if (night.status !== 'playing') return true; // still being seated
  return (await tableOutcomes(deps, night)).some((o) => !o.over);
}

/** The ISO week id (`2026-W49`) of a local date `yyyy-MM-dd` (time zone independent: the date is already local). */
function isoWeekOfDate(date: string): string {
  return periodIds(Date.parse(`${date}T12:00:00Z`), 'UTC').week;
}
