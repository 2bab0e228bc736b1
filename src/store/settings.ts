/**
 * Per-guild settings kept in the store (key `guild:{<guildId>}:settings`, src/store/keys.ts): the guild's time zone, chosen with
 * `/settings` or `/weekly setup` (scoreboard weeks, months and seasons are counted in it; default UTC) and the language of
 * public messages (src/discord/language.ts).
 */
import type Keyv from 'keyv';
import { DEFAULT_TIME_ZONE } from '../records/periods.ts';
import { settingsKey } from './keys.ts';

export interface GuildSettings {
  /** IANA time zone name, e.g. `Europe/Berlin`. */
  timeZone?: string;
  /** The language of public messages, chosen with `/settings language` (`en` or `de`); unset: the server's preferred locale. */
  language?: string;
}

export class GuildSettingsStore {
  constructor(private readonly keyv: Keyv) {}

  async get(guildId: string): Promise<GuildSettings> {
    return (await this.keyv.get<GuildSettings>(settingsKey(guildId))) ?? {};
  }

  /** Merge `change` into the guild's settings. */
  async update(guildId: string, change: Partial<GuildSettings>): Promise<void> {
    await this.keyv.set(settingsKey(guildId), { ...(await this.get(guildId)), ...change });
  }

  /** The guild's time zone, or UTC. */
  async timeZone(guildId: string): Promise<string> {
    return (await this.get(guildId)).timeZone ?? DEFAULT_TIME_ZONE;
  }
}
