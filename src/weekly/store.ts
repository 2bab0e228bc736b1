/**
 * Where weekly nights live (keys after the store's `<prefix>::` namespace; the braces are Redis Cluster hash tags,
 * so a guild's weekly keys share one slot):
 * - `weekly:{<guildId>}` — the config (`WeeklyConfig`);
 * - `weekly:{<guildId>}:night:<occurrence>` — one occurrence's sign-ups, reminders and tables (`NightState`);
 * - `weekly:{<guildId>}:nights` — the occurrences that started, oldest first (at most `HISTORY` of them);
 * - `weekly:index` — guild id → when the runner should next look at it (epoch ms; null = only when told), so a
 *   poll reads one key instead of every guild's config;
 * - `weekly-claim:{<guildId>}:<occurrence>:<what>` — a claim: whichever process sets it first runs that phase.
 *   On Redis `SET … NX PX` (shared by every bot process); on the embedded store (one process) a Keyv entry with
 *   the same lifetime, under the process's lock, so it also survives a restart.
 * Changes of a guild's config and nights run under the guild's lock (`withGuild`, across processes on Redis).
 */
import type KeyvRedis from '@keyv/redis';
import type Keyv from 'keyv';
import type { Locks } from '../store/lock.ts';
import type { NightState, WeeklyConfig } from './types.ts';

/** Occurrences kept in a guild's history (two years of weekly nights). */
const HISTORY = 104;
/** How long a claim lives: longer than any occurrence's phases are looked at (a week), so none runs twice. */
const CLAIM_TTL_MS = 14 * 24 * 3_600_000;

const configKey = (guildId: string): string => `weekly:{${guildId}}`;
const nightKey = (guildId: string, occurrence: string): string => `weekly:{${guildId}}:night:${occurrence}`;
const historyKey = (guildId: string): string => `weekly:{${guildId}}:nights`;
const INDEX_KEY = 'weekly:index';
const claimKey = (guildId: string, occurrence: string, what: string): string => `weekly-claim:{${guildId}}:${occurrence}:${what}`;

type SetNx = { set(k: string, v: string, o: { NX: true; PX: number }): Promise<string | null>; del(k: string): Promise<number> };

export class WeeklyStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly redis: KeyvRedis<unknown> | null,
    private readonly prefix: string,
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
      const client = (await this.redis.getClient()) as unknown as SetNx;
      // A JSON value: everything in the namespace stays parseable by Keyv.
      return (await client.set(`${this.prefix}::${key}`, JSON.stringify({ value: true }), { NX: true, PX: CLAIM_TTL_MS })) === 'OK';
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
    if (this.redis) await ((await this.redis.getClient()) as unknown as SetNx).del(`${this.prefix}::${key}`);
    else await this.locks.with(key, () => this.keyv.delete(key).then(() => undefined));
  }
}
