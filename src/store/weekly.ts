/**
 * Where weekly nights live (keys in src/store/keys.ts): a guild's config, its nights, the occurrences that
 * started, the index of when the runner should next look at each guild (so a poll reads one key instead of every
 * guild's config), and claims: whichever process sets a claim first runs that phase. On Redis a claim is
 * `SET … NX PX` (shared by every bot process); on the embedded store (one process) a Keyv entry with the same
 * lifetime, under the process's lock, so it also survives a restart.
 * Changes of a guild's config and nights run under the guild's lock (`withGuild`, across processes on Redis).
 */
import type Keyv from 'keyv';
import type { NightState, WeeklyConfig } from '../weekly/types.ts';
import {
  WEEKLY_INDEX_KEY as INDEX_KEY,
  weeklyClaimKey as claimKey,
  weeklyConfigKey as configKey,
  weeklyHistoryKey as historyKey,
  weeklyNightKey as nightKey,
} from './keys.ts';
import type { Locks } from './lock.ts';
import type { RedisClient } from './redis/client.ts';

/** Occurrences kept in a guild's history (two years of weekly nights). */
const HISTORY = 104;
/** How long a claim lives: longer than any occurrence's phases are looked at (a week), so none runs twice. */
const CLAIM_TTL_MS = 14 * 24 * 3_600_000;

export class WeeklyStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly redis: RedisClient | null,
    private readonly locks: Locks,
  ) {}

  /** Run `fn` holding the guild's weekly lock. Throws `LockTimeoutError` when it cannot be had in time. */
  withGuild<T>(guildId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.with(configKey(guildId), fn);
  }

  async config(guildId: string): Promise<WeeklyConfig | undefined> {
    return (await this.keyv.get<WeeklyConfig>(configKey(guildId))) ?? undefined;
  }

  /** Store the config and when the runner should next look at it (call under the guild's lock). */
  async saveConfig(config: WeeklyConfig, wake: number | null): Promise<void> {
    await this.keyv.set(configKey(config.guildId), config);
    await this.setWake(config.guildId, wake);
  }

  /**
   * Delete the config (call under the guild's lock). Nights and history stay. The guild leaves the index, unless
   * `wake` says when to look at it again (a cancelled night's tables are still being played).
   */
  async deleteConfig(guildId: string, wake?: number): Promise<void> {
    await this.keyv.delete(configKey(guildId));
    await this.setWake(guildId, wake);
  }

  async night(guildId: string, occurrence: string): Promise<NightState | undefined> {
    return (await this.keyv.get<NightState>(nightKey(guildId, occurrence))) ?? undefined;
  }

  async saveNight(night: NightState): Promise<void> {
    await this.keyv.set(nightKey(night.guildId, night.id), night);
  }

  /** The guild's occurrences that started, oldest first. */
  async history(guildId: string): Promise<string[]> {
    return (await this.keyv.get<string[]>(historyKey(guildId))) ?? [];
  }

  /** Add an occurrence to the history once (call under the guild's lock). */
  async addHistory(guildId: string, occurrence: string): Promise<void> {
    const ids = await this.history(guildId);
    if (!ids.includes(occurrence)) await this.keyv.set(historyKey(guildId), [...ids, occurrence].slice(-HISTORY));
  }

  /** Guilds the runner should look at now (their wake time has come), earliest first. */
  async dueGuilds(now: number): Promise<string[]> {
    const index = (await this.keyv.get<Record<string, number | null>>(INDEX_KEY)) ?? {};
    return Object.entries(index)
      .filter((e): e is [string, number] => e[1] !== null && e[1] <= now)
      .sort((a, b) => a[1] - b[1])
      .map(([guildId]) => guildId);
  }

  /** Record when to look at the guild next (null: only when told; undefined: forget the guild). */
  private setWake(guildId: string, at: number | null | undefined): Promise<void> {
    return this.locks.with(INDEX_KEY, async () => {
      const index = (await this.keyv.get<Record<string, number | null>>(INDEX_KEY)) ?? {};
      if (at === undefined) delete index[guildId];
      else index[guildId] = at;
      await this.keyv.set(INDEX_KEY, index);
    });
  }

  /**
   * Claim `what` of an occurrence: true for the first caller of any process, false for every later one. Throws
   * when the store cannot be asked (then nothing runs, and the next poll asks again).
   */
  async claim(guildId: string, occurrence: string, what: string): Promise<boolean> {
    const key = claimKey(guildId, occurrence, what);
    if (this.redis) {
      // Keyv's JSON: Keyv reads the claim like any of its entries.
      return this.redis.setIfAbsent(key, JSON.stringify({ value: true }), CLAIM_TTL_MS);
    }
    return this.locks.with(key, async () => {
      if (await this.keyv.get(key)) return false;
      await this.keyv.set(key, true, CLAIM_TTL_MS);
      return true;
    });
  }

  /** Release a claim, so `what` of the occurrence can run again (a re-set-up night's reminders). */
  async unclaim(guildId: string, occurrence: string, what: string): Promise<void> {
    const key = claimKey(guildId, occurrence, what);
    if (this.redis) await this.redis.delete(key);
    else await this.locks.with(key, () => this.keyv.delete(key).then(() => undefined));
  }
}
