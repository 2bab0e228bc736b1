/**
 * What the weekly game night service works with (src/weekly/night.ts and the files of its jobs), and the lookups
 * they share: the guild's config, a fresh night state, the upcoming occurrence, the nights still being played.
 */
import type { GuildSettingsStore } from '../store/settings.ts';
import type { Logger } from '../logger.ts';
import type { RecordLedger } from '../records/types.ts';
import { Refusal } from '../refusal.ts';
import type { TableService } from '../tables/service.ts';
import { firstOccurrence, nextOccurrence, type When } from './schedule.ts';
import type { WeeklyStore } from '../store/weekly.ts';
import type { NightGateway, NightState, Occurrence, WeeklyConfig } from './types.ts';

export interface WeeklyDeps {
  store: WeeklyStore;
  tables: TableService;
  ledger: RecordLedger;
  settings: GuildSettingsStore;
  gateway: NightGateway;
  /** Epoch ms. */
  now: () => number;
  log: Logger;
}

/** Started nights among this many latest ones are still looked at after a cancel (their tables may be playing). */
const LINGERING = 4;

/** The guild's config; throws `Refusal('bad_input')` when it has none. */
export async function requireConfig(deps: WeeklyDeps, guildId: string): Promise<WeeklyConfig> {
  const config = await deps.store.config(guildId);
  if (!config) throw new Refusal('bad_input', 'weekly:refusal.no_night');
  return config;
}

/** A fresh night state for `occ` of `config`. */
export function newNight(config: WeeklyConfig, occ: Occurrence): NightState {
  return {
    guildId: config.guildId,
    id: occ.id,
    game: config.game,
    startsAt: occ.startsAt,
    timeZone: config.timeZone,
    channelId: config.channelId,
    signUps: [],
    reminders: [],
    version: 0,
    status: 'open',
    tables: [],
    rev: config.rev ?? 0,
    ...(config.format === 'duplicate' ? { format: 'duplicate' as const } : {}),
  };
}

/** Whether the occurrence's night started (seated, found empty or skipped): its date never has a night again. */
async function started(deps: WeeklyDeps, guildId: string, occurrence: string): Promise<boolean> {
  const night = await deps.store.night(guildId, occurrence);
  return (night !== undefined && night.status !== 'open') || (await deps.store.history(guildId)).includes(occurrence);
}

/** The first start of `when` more than an hour after `now` on a date that has not started a night (call under the guild's lock). */
export async function upcoming(deps: WeeklyDeps, guildId: string, when: When, now: number): Promise<Occurrence> {
  let occ = firstOccurrence(when, now);
  while (await started(deps, guildId, occ.id)) occ = nextOccurrence(when, occ.startsAt);
  return occ;
}

/** Started nights among the latest whose tables are still being played (kept looked at after a cancel). */
export async function lingering(deps: WeeklyDeps, guildId: string): Promise<string[]> {
  const ids = (await deps.store.history(guildId)).slice(-LINGERING);
  const nights = await Promise.all(ids.map((id) => deps.store.night(guildId, id)));
  return nights.flatMap((n) => (n?.status === 'playing' ? [n.id] : []));
}
