/**
 * Who reads what, in which language: an answer only the user sees is in their Discord locale (`interaction.locale`:
 * `de…` → German, anything else English); a public message — the lobby, the table, narration, records posted in the
 * channel, the weekly night's posts — is in the server's language: the one chosen with `/settings language`, else the
 * server's preferred locale (Discord's `guild_locale`), else English. The table keeps the server's language whoever
 * clicked.
 */
import type { Client } from 'discord.js';
import { type Lang, langOf, type Locale, localeFor, localeOf } from '../i18n/index.ts';
import type { Logger } from '../logger.ts';
import type { GuildSettingsStore } from '../store/settings.ts';

/** The language of an answer only `interaction`'s user sees. */
export const privateLocale = (interaction: { locale: string }): Locale => localeFor(interaction.locale);

/** How long a server's chosen language is trusted without reading the store again (another process may change it). */
const CACHE_MS = 60_000;

/** The servers' public languages: the stored choice (cached for a minute), else the server's preferred locale. */
export class Languages {
  private readonly chosen = new Map<string, { lang: Lang | null; until: number }>();

  constructor(
    private readonly settings: GuildSettingsStore,
    private readonly client: Client | null,
    private readonly log: Logger,
  ) {}

  /**
   * The public language of a server. `guildLocale` is the interaction's `guild_locale` when there is one (else the
   * cached guild's preferred locale is used). A store that does not answer leaves the server's own locale: a
   * message in the wrong language beats no message.
   */
  async forGuild(guildId: string, guildLocale?: string | null): Promise<Locale> {
    const own = guildLocale ?? this.client?.guilds.cache.get(guildId)?.preferredLocale ?? null;
    const chosen = await this.choice(guildId);
    return chosen ? localeOf(chosen) : localeFor(own);
  }

  /** The public language of the server `interaction` came from (English outside a server). */
  forInteraction(interaction: { guildId: string | null; guildLocale: string | null }): Promise<Locale> {
    return interaction.guildId ? this.forGuild(interaction.guildId, interaction.guildLocale) : Promise.resolve(localeFor(null));
  }

  /** The language chosen with `/settings language`, or null for the server's own. */
  async choice(guildId: string): Promise<Lang | null> {
    const cached = this.chosen.get(guildId);
    if (cached && cached.until > performance.now()) return cached.lang;
    try {
      const { language } = await this.settings.get(guildId);
      const lang = language ? langOf(language) : null;
      this.chosen.set(guildId, { lang, until: performance.now() + CACHE_MS });
      return lang;
    } catch (err) {
      this.log.warn({ err, guildId }, "could not read the server's language; using its preferred locale");
      return null;
    }
  }

  /** Store the server's choice (null: follow the server's preferred locale again) and use it from now on. */
  async choose(guildId: string, lang: Lang | null): Promise<void> {
    await this.settings.update(guildId, { language: lang ?? undefined });
    this.chosen.set(guildId, { lang, until: performance.now() + CACHE_MS });
  }
}
