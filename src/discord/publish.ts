/**
 * Keeps the public side of a table up to date: edits the table message in place and posts short
 * narration. Work is queued per channel so edits arrive in order and an older render never
 * overwrites a newer one. Every request goes through discord.js's REST queue (which waits out 429s);
 * a failure (e.g. 50013, the bot lost a permission in the channel) is logged and never reaches the table
 * layer: moves are stored before the channel hears of them, and the next update tries again.
 */
import { type Client, DiscordAPIError, type MessageCreateOptions } from 'discord.js';
import type { Logger } from '../logger.ts';
import type { TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import { uiFor } from './games/index.ts';
import { mentionable, namesOf, renderPublic } from './render/index.ts';

export class Publisher {
  private readonly queues = new Map<string, Promise<void>>();
  /** The table version each table message shows, so an older render never replaces a newer one. */
  private readonly shown = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly tables: TableService,
    private readonly log: Logger,
  ) {}

  /** Run `job` after the channel's earlier jobs; failures are logged, never thrown to the caller. */
  private enqueue(channelId: string, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(channelId) ?? Promise.resolve()).then(job).catch((err: unknown) => this.failed(channelId, err));
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
    return next;
  }

  /** Log a failed channel update; missing permissions (50013) get a line of their own that says what to grant. */
  private failed(channelId: string, err: unknown): void {
    if (err instanceof DiscordAPIError && Number(err.code) === 50013)
      this.log.warn(
        { channelId, code: 50013, method: err.method, path: err.url.replace(/^.*\/api\/v\d+/, '') },
        'missing permissions: cannot post or edit in the channel (grant View Channel, Send Messages, Embed Links, Read Message History); the table keeps working',
      );
    else this.log.warn({ err, channelId }, 'could not update the channel');
  }

  /** Wait until every queued update of every channel has gone out. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** Wait until every queued update of the channel has gone out. */
  flush(channelId: string): Promise<void> {
    return this.queues.get(channelId) ?? Promise.resolve();
  }

  private async channel(channelId: string) {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`cannot post in channel ${channelId}`);
    return channel;
  }

  /** Edit the table message to show `table` (skipped if a newer version was already shown). */
  refresh(table: TableRecord): Promise<void> {
    return this.enqueue(table.channelId, async () => {
      if (!table.messageId || (this.shown.get(table.messageId) ?? 0) > table.version) return;
      this.shown.set(table.messageId, table.version);
      const channel = await this.channel(table.channelId);
      await channel.messages.edit(table.messageId, renderPublic(this.tables, table));
      if (table.status === 'finished') this.shown.delete(table.messageId);
    });
  }

  /** Replace the table message by a closing line (the table was cancelled or closed). */
  closeMessage(channelId: string, messageId: string, content: string): Promise<void> {
    return this.enqueue(channelId, async () => {
      this.shown.delete(messageId);
      const channel = await this.channel(channelId);
      await channel.messages.edit(messageId, { content, embeds: [], components: [] });
    });
  }

  /** Post narration lines to the channel, mentioning the users in `mention`. */
  announce(channelId: string, lines: readonly string[], mention: readonly string[] = []): Promise<void> {
    if (lines.length === 0) return Promise.resolve();
    return this.enqueue(channelId, async () => {
      const channel = await this.channel(channelId);
      const content = [...lines, ...mention.map((id) => `<@${id}>, your turn.`)].join('\n').slice(0, 2000);
      const message: MessageCreateOptions = { content, allowedMentions: { users: [...mention] } };
      await channel.send(message);
    });
  }

  /** After a move: narrate its events (mentioning who acts next when a trick or deal ended) and refresh the table message. */
  async afterMove(table: TableRecord, events: unknown[]): Promise<void> {
    const ui = uiFor(table.game);
    const view = this.tables.view(table, null);
    const lines = ui.narrate(events, namesOf(table), view);
    const next = table.status === 'playing' && lines.length ? mentionable(table, ui.toAct(view)) : [];
    void this.announce(table.channelId, lines, next);
    await this.refresh(table);
  }
}
