/**
 * The weekly game night on Discord: the `NightGateway` the night service acts through (scheduled events, posts
 * and edits in the night's channel, threads for the tables, table messages through the publisher), and the
 * handler of the reminders' "I'm in" / "I'm out" buttons.
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
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { NightGateway, NightRow, NightState, Occurrence, SeasonTop, WeeklyConfig } from '../weekly/types.ts';
import { actorOf, replyPrivately } from './actions.ts';
import { afterChange } from './errors.ts';
import type { BotContext } from './context.ts';
import { uiFor } from './games/index.ts';
import type { Payload } from './games/types.ts';
import type { Publisher } from './publish.ts';
import type { Languages } from './language.ts';
import { mentionable, namesOf } from './render/index.ts';
import { gameName } from './render/records/measure.ts';
import { localDate, renderNobody, renderReminder, renderSeating, renderSkipped, renderStandings, whenFrom } from './render/weekly.ts';

/** How long a night's scheduled event lasts (Discord wants an end time for an external event). */
const EVENT_HOURS = 3;

export class DiscordNightGateway implements NightGateway {
  /** Reminder edits per message, in order, and the sign-up version each message shows meanwhile (an older one is skipped). */
  private readonly edits = new Map<string, Promise<void>>();
  private readonly shown = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly publisher: Publisher,
    private readonly tables: TableService,
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
    const event = await guild.scheduledEvents.create({
      name: `Game night: ${gameName(config.game)}`,
      scheduledStartTime: new Date(occ.startsAt),
      scheduledEndTime: new Date(occ.startsAt + EVENT_HOURS * 3_600_000),
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: `#${channel.name}` },
      description: `Weekly ${gameName(config.game)} night in #${channel.name}: sign up with "I'm in" on the reminder; tables are seated at the start (${config.time}, ${config.timeZone}).`,
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
    const message = await channel.send(renderReminder(config, night, postedAt));
    return message.id;
  }

  updateReminder(config: WeeklyConfig, night: NightState, reminder: NightState['reminders'][number]): Promise<void> {
    const { messageId } = reminder;
    const next = (this.edits.get(messageId) ?? Promise.resolve())
      .then(async () => {
        if ((this.shown.get(messageId) ?? -1) >= night.version) return;
        this.shown.set(messageId, night.version);
        const channel = await this.textChannel(night.channelId);
        await channel.messages.edit(messageId, renderReminder(config, night, reminder.postedAt));
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

  postNobody(night: NightState): Promise<void> {
    return this.post(night.channelId, renderNobody(night));
  }

  postSkipped(night: NightState): Promise<void> {
    return this.post(night.channelId, renderSkipped(night));
  }

  async openThread(night: NightState, name: string): Promise<string> {
    const channel = await this.textChannel(night.channelId);
    const thread = await channel.threads.create({
      name: name.slice(0, 100),
      autoArchiveDuration: ThreadAutoArchiveDuration.OneDay,
      type: ChannelType.PublicThread,
    });
    return thread.id;
  }

  postTable(table: TableRecord): Promise<TableRecord> {
    return this.publisher.post(table);
  }

  async announceStart(table: TableRecord): Promise<void> {
    const ui = uiFor(table.game);
    const view = this.tables.view(table, null);
    await this.publisher.refresh(table);
    const loc = await this.languages.forGuild(table.guildId);
    await this.publisher.announce(table.channelId, [ui.opening(loc, view, namesOf(loc, table))], mentionable(table, ui.toAct(view)));
  }

  postSeating(night: NightState): Promise<void> {
    return this.post(night.channelId, renderSeating(night));
  }

  async postStandings(night: NightState, rows: NightRow[], season: SeasonTop): Promise<void> {
    await this.post(night.channelId, renderStandings(night, rows, season));
    this.log.info({ guildId: night.guildId, occurrence: night.id, players: rows.length }, 'weekly night: standings posted');
  }
}

/** "I'm in" / "I'm out" on a reminder: sign the presser up for the night (or withdraw), answered privately. */
export async function answerSignUp(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  ctx: BotContext,
  joining: boolean,
  occurrence: string,
): Promise<void> {
  if (!ctx.weekly || !interaction.guildId) throw new Refusal('bad_input', 'Weekly game nights live in servers.');
  const { night, changed } = await ctx.weekly.signUp(interaction.guildId, occurrence, actorOf(interaction), joining, interaction.message.id);
  const when = `the ${gameName(night.game)} night ${whenFrom(night.startsAt, ctx.now(), night.timeZone)} (${localDate(night.startsAt, night.timeZone)}, ${night.timeZone})`;
  const count = `${night.signUps.length} signed up`;
  const text = joining
    ? changed
      ? `✋ You're in for ${when}. ${count}. At the start you are seated at a table in a thread of this channel.`
      : `You're already signed up for ${when}. ${count}.`
    : changed
      ? `You're out of ${when}. ${count}.`
      : `You were not signed up for ${when}.`;
  if (!changed) return replyPrivately(interaction, text);
  await afterChange(joining ? "You're in" : "You're out", () => replyPrivately(interaction, text));
}
