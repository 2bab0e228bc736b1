/**
 * The weekly game night on Discord: the `NightGateway` the night service acts through (scheduled events, posts
 * and edits in the night's channel, threads for the tables, table messages through src/discord/views.ts), and the
 * handler of the reminders' "I'm in" / "I'm out" buttons. What the night posts (events, reminders, threads,
 * seating, standings) is in the server's language; the answer to a sign-up in the presser's.
 */
import {
  ChannelType,
  type Client,
  DiscordAPIError,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  type ButtonInteraction,
  type StringSelectMenuInteraction,
  RESTJSONErrorCodes,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { Logger } from '../logger.ts';
import { Refusal } from '../refusal.ts';
import type { TableRecord } from '../tables/types.ts';
import type { NightGateway, NightRow, NightState, Occurrence, SeasonTop, WeeklyConfig } from '../weekly/types.ts';
import { actorOf, replyPrivately } from './actions.ts';
import { afterChange } from './errors.ts';
import type { BotContext } from './context.ts';
import type { Payload } from './games/types.ts';
import type { TableViews } from './views.ts';
import { type Languages, privateLocale } from './language.ts';
import { eventTexts, renderNobody, renderReminder, renderSeating, renderSkipped, renderStandings, signUpText, threadName } from './render/weekly.ts';

/** How long a night's scheduled event lasts (Discord wants an end time for an external event). */
const EVENT_HOURS = 3;

export class DiscordNightGateway implements NightGateway {
  /** Reminder edits per message, in order, and the sign-up version each message shows meanwhile (an older one is skipped). */
  private readonly edits = new Map<string, Promise<void>>();
  private readonly shown = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly views: TableViews,
    private readonly log: Logger,
    private readonly languages: Languages,
  ) {}

  handles(guildId: string): boolean {
    return this.client.guilds.cache.has(guildId);
  }

  /** The night's text channel; throws when it is gone or not a text channel. */
  private async textChannel(channelId: string) {
    const channel = await this.client.channels.fetch(channelId);
    if (channel?.type !== ChannelType.GuildText) throw new Error(`weekly night channel ${channelId} is not a text channel`);
    return channel;
  }

  async createEvent(config: WeeklyConfig, occ: Occurrence): Promise<string> {
    const guild = await this.client.guilds.fetch(config.guildId);
    const channel = await this.textChannel(config.channelId);
    const texts = eventTexts(await this.languages.forGuild(config.guildId), config, occ, channel.name);
    const event = await guild.scheduledEvents.create({
      name: texts.name,
      scheduledStartTime: new Date(occ.startsAt),
      scheduledEndTime: new Date(occ.startsAt + EVENT_HOURS * 3_600_000),
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: `#${channel.name}` },
      description: texts.description,
    });
    return event.id;
  }

  async deleteEvent(guildId: string, eventId: string): Promise<void> {
    const guild = await this.client.guilds.fetch(guildId);
    try {
      await guild.scheduledEvents.delete(eventId);
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownGuildScheduledEvent) return;
      throw err;
    }
  }

  async postReminder(config: WeeklyConfig, night: NightState, postedAt: number): Promise<string> {
    const channel = await this.textChannel(night.channelId);
    const message = await channel.send(renderReminder(await this.languages.forGuild(night.guildId), config, night, postedAt));
    return message.id;
  }

  updateReminder(config: WeeklyConfig, night: NightState, reminder: NightState['reminders'][number]): Promise<void> {
    const { messageId } = reminder;
    const next = (this.edits.get(messageId) ?? Promise.resolve())
      .then(async () => {
        if ((this.shown.get(messageId) ?? -1) >= night.version) return;
        this.shown.set(messageId, night.version);
        const channel = await this.textChannel(night.channelId);
        const loc = await this.languages.forGuild(night.guildId);
        await channel.messages.edit(messageId, renderReminder(loc, config, night, reminder.postedAt));
      })
      .finally(() => {
        if (this.edits.get(messageId) !== next) return;
        this.edits.delete(messageId);
        this.shown.delete(messageId);
      });
    this.edits.set(messageId, next);
    return next;
  }

  private async post(channelId: string, payload: Payload): Promise<void> {
    const channel = await this.textChannel(channelId);
    await channel.send(payload);
  }

  async postNobody(night: NightState): Promise<void> {
    await this.post(night.channelId, renderNobody(await this.languages.forGuild(night.guildId), night));
  }

  async postSkipped(night: NightState): Promise<void> {
    await this.post(night.channelId, renderSkipped(await this.languages.forGuild(night.guildId), night));
  }

  async openThread(night: NightState, table: number): Promise<string> {
    const channel = await this.textChannel(night.channelId);
    const thread = await channel.threads.create({
      name: threadName(await this.languages.forGuild(night.guildId), night, table),
      autoArchiveDuration: ThreadAutoArchiveDuration.OneDay,
      type: ChannelType.PublicThread,
    });
    return thread.id;
  }

  postTable(table: TableRecord): Promise<TableRecord> {
    return this.views.boards.post(table);
  }

  /**
   * The table started: its board shows the opening (the draw for first dealer, among its recent events). No post and
   * no mention (docs/playing.md § Weekly game night): the night's seating post has mentioned each player once with the
   * link to their thread, and the first turn follows the ping rule like any other.
   */
  async announceStart(table: TableRecord): Promise<void> {
    await this.views.refresh(table);
  }

  async postSeating(night: NightState): Promise<void> {
    await this.post(night.channelId, renderSeating(await this.languages.forGuild(night.guildId), night));
  }

  async postStandings(night: NightState, rows: NightRow[], season: SeasonTop): Promise<void> {
    await this.post(night.channelId, renderStandings(await this.languages.forGuild(night.guildId), night, rows, season));
    this.log.info({ guildId: night.guildId, occurrence: night.id, players: rows.length }, 'weekly night: standings posted');
  }
}

/** "I'm in" / "I'm out" on a reminder: sign the presser up for the night (or withdraw), answered privately in their language. */
export async function answerSignUp(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  ctx: BotContext,
  joining: boolean,
  occurrence: string,
): Promise<void> {
  if (!ctx.weekly || !interaction.guildId) throw new Refusal('bad_input', 'weekly:refusal.dm');
  const { night, changed } = await ctx.weekly.signUp(interaction.guildId, occurrence, actorOf(interaction), joining, interaction.message.id);
  const loc = privateLocale(interaction);
  const text = signUpText(loc, night, ctx.now(), joining, changed);
  if (!changed) return replyPrivately(interaction, text);
  await afterChange({ key: joining ? 'weekly:signUp.inDone' : 'weekly:signUp.outDone' }, () => replyPrivately(interaction, text));
}
