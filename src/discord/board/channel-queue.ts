/**
 * One queue of channel requests per channel (posts, edits, deletions of the board and of narration), so they reach
 * Discord in order and an older render never overwrites a newer one. A failing job is handed to `failed` (logged
 * there), never thrown to whoever queued it; a channel marked gone (deleted: channel ids are never reused) runs no
 * more jobs.
 */

/** Per-channel ordered jobs. */
export class ChannelQueue {
  private readonly queues = new Map<string, Promise<void>>();
  /** Channels known to be deleted: their queued jobs are dropped. */
  private readonly gone = new Set<string>();

  /** `failed(channelId, err)` is told of every job that threw (it must not throw itself). */
  constructor(private readonly failed: (channelId: string, err: unknown) => Promise<void>) {}

  /** Run `job` after the channel's earlier jobs; resolves when it ran (or was dropped), never rejects. */
  run(channelId: string, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(channelId) ?? Promise.resolve())
      .then(() => (this.gone.has(channelId) ? undefined : job()))
      .catch((err: unknown) => this.failed(channelId, err));
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
    return next;
  }

  /** Mark the channel as deleted (its queued jobs are dropped); false when it already was. */
  markGone(channelId: string): boolean {
    if (this.gone.has(channelId)) return false;
    this.gone.add(channelId);
    return true;
  }

  /** Take back `markGone` (the channel's table could not be closed: the next failed post tries again). */
  unmarkGone(channelId: string): void {
    this.gone.delete(channelId);
  }

  /** Wait until every queued job of every channel has run. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }
}
