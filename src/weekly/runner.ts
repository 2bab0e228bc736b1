/**
 * The weekly nights' poll: every `pollMs` it reads the store's index of guilds whose next phase time has come
 * (src/store/weekly.ts) and lets `WeeklyNights.runDue` handle each guild this process receives. Every bot process
 * polls; the claims in the store make each reminder, start and standings happen once. The clock is injected
 * (`now`), so tests drive it and call `tick()` themselves.
 */
import { AsyncTask, SimpleIntervalJob, ToadScheduler } from 'toad-scheduler';
import type { Logger } from '../logger.ts';
import type { WeeklyNights } from './night.ts';

/** How often the runner polls by default: reminders and starts are at most this late. */
export const WEEKLY_POLL_MS = 5_000;

export class WeeklyRunner {
  private readonly inFlight = new Map<string, Promise<void>>();
  private scheduler: ToadScheduler | null = null;

  constructor(
    readonly nights: WeeklyNights,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {}

  /** Poll every `pollMs` milliseconds (a poll never overlaps the previous one). */
  start(pollMs = WEEKLY_POLL_MS): void {
    this.scheduler = new ToadScheduler();
    const task = new AsyncTask(
      'weekly',
      () => this.tick(),
      (err) => this.log.warn({ err }, 'weekly night poll failed'),
    );
    this.scheduler.addSimpleIntervalJob(new SimpleIntervalJob({ milliseconds: pollMs }, task, { preventOverrun: true, unref: true }));
  }

  /** Stop polling and wait for the guilds being handled (and the nights' other work). */
  async stop(): Promise<void> {
    this.scheduler?.stop();
    this.scheduler = null;
    await this.idle();
  }

  /** Whether a guild's night, or work a record or a sign-up started, is being handled now. */
  get busy(): boolean {
    return this.inFlight.size > 0 || this.nights.busy;
  }

  /** Wait until nothing is being handled. */
  async idle(): Promise<void> {
    while (this.busy) {
      await Promise.all(this.inFlight.values());
      await this.nights.idle();
    }
  }

  /** Handle every guild due now; resolves when they are handled (also those another call started). */
  async tick(): Promise<void> {
    const due = (await this.nights.dueGuilds(this.now())).filter((guildId) => this.nights.handles(guildId));
    await Promise.all(due.map((guildId) => this.run(guildId)));
  }

  private run(guildId: string): Promise<void> {
    const running = this.inFlight.get(guildId);
    if (running) return running;
    const done = this.nights
      .runDue(guildId)
      .catch((err: unknown) => this.log.warn({ err, guildId }, 'could not handle a weekly night'))
      .finally(() => this.inFlight.delete(guildId));
    this.inFlight.set(guildId, done);
    return done;
  }
}
