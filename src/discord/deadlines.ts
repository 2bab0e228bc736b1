/**
 * The timer loop: polls the deadline index (src/store/deadlines.ts) and lets the table layer handle what is
 * due (`TableService.expire`), then tells the channel: a lobby that closed itself, a half-time reminder, a
 * computer move, a turn played for a player who ran out of time "(auto)", a player now away, an abandoned table.
 */
import { AsyncTask, SimpleIntervalJob, ToadScheduler } from 'toad-scheduler';
import type { Logger } from '../logger.ts';
import type { TimerOutcome } from '../tables/service.ts';
import type { DeadlineIndex } from '../tables/types.ts';
import type { BotContext } from './context.ts';

/** Channels handled per poll at most (the rest wait for the next poll). */
const BATCH = 100;

export class DeadlineRunner {
  private readonly inFlight = new Map<string, Promise<void>>();
  private scheduler: ToadScheduler | null = null;

  constructor(
    private readonly ctx: BotContext,
    private readonly index: DeadlineIndex,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {}

  /** Poll every `pollMs` milliseconds (a poll never overlaps the previous one). */
  start(pollMs: number): void {
    this.scheduler = new ToadScheduler();
    const task = new AsyncTask(
      'deadlines',
      () => this.tick(),
      (err) => this.log.warn({ err }, 'deadline poll failed'),
    );
    this.scheduler.addSimpleIntervalJob(new SimpleIntervalJob({ milliseconds: pollMs }, task, { preventOverrun: true, unref: true }));
  }

  /** Stop polling and wait for the deadlines being handled. */
  async stop(): Promise<void> {
    this.scheduler?.stop();
    this.scheduler = null;
    await Promise.all(this.inFlight.values());
  }

  /** Whether a deadline is being handled now. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Wait until the deadlines being handled now are done. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all(this.inFlight.values());
  }

  /** Handle every deadline due now; resolves when they are handled (also those another call started). */
  async tick(): Promise<void> {
    const due = await this.index.due(this.now(), BATCH);
    await Promise.all(due.map((channelId) => this.fire(channelId)));
  }

  private fire(channelId: string): Promise<void> {
    const running = this.inFlight.get(channelId);
    if (running) return running;
    const done = this.handle(channelId)
      .catch((err) => this.log.warn({ err, channelId }, 'could not handle a table deadline'))
      .finally(() => this.inFlight.delete(channelId));
    this.inFlight.set(channelId, done);
    return done;
  }

  private async handle(channelId: string): Promise<void> {
    const outcome = await this.ctx.tables.expire(channelId);
    if (outcome.kind === 'none') return; // nothing was due (the table layer has put the index right)
    await this.publish(outcome);
  }

  private async publish(outcome: Exclude<TimerOutcome, { kind: 'none' }>): Promise<void> {
    const { views } = this.ctx;
    const table = outcome.kind === 'moved' ? outcome.outcome.table : outcome.table;
    const loc = await this.ctx.languages.forGuild(table.guildId);
    switch (outcome.kind) {
      case 'lobbyClosed':
        if (table.messageId)
          await views.closed(table.channelId, table.messageId, {
            key: 'timer.lobby_closed',
            vars: { count: Math.round(this.ctx.tables.timing.lobbyTimeoutMs / 60_000) },
          });
        return;
      case 'reminder': {
        const seat = table.seats[outcome.seat];
        const left = Math.round((table.turnTimer ?? 0) / 2);
        if (seat) await views.pings.remind(table, seat.userId, loc.t('timer.reminder', { seconds: left }));
        return;
      }
      case 'abandoned':
        await views.boards.announce(table.channelId, [loc.t('timer.abandoned')]);
        if (table.messageId) await views.closed(table.channelId, table.messageId, { key: 'timer.abandoned_closed' });
        return;
      case 'moved':
        // A turn the timer played is told on the board from its logged move (`LoggedMove.timeout`: "(auto)", now away).
        await views.moved(table, outcome.outcome.events);
        return;
    }
  }
}
