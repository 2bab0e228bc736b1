/**
 * The weekly game night service, one object for the Discord layer and the runner: set-up (src/weekly/setup.ts),
 * pause, resume and cancel (src/weekly/pause.ts), sign-ups and reminders (src/weekly/reminders.ts), and what the
 * runner does when a phase is due — post a reminder, seat the sign-ups at tables in threads (src/weekly/start.ts),
 * move on to the next week — and, once every table of a night is over, its standings (src/weekly/report.ts; posted
 * once, even with several bot processes: each phase and the standings are claimed in the store first,
 * src/store/weekly.ts).
 *
 * Refusals are thrown as `Refusal` (answered ephemerally by the Discord layer's error boundary).
 */
import type { GameRecord } from '../records/types.ts';
import { lingering, type WeeklyDeps } from './deps.ts';
import { cancelNights, pauseNights, resumeNights } from './pause.ts';
import { remind, signUp } from './reminders.ts';
import { checkNight, dealsSecret, type NightReport, nightReport } from './report.ts';
import { duePhase, NIGHT_CHECK_MS, wakeAt } from './schedule.ts';
import { type SetupInput, type SetupResult, setupNight } from './setup.ts';
import { occurrenceOf } from './standings.ts';
import { startNight } from './start.ts';
import type { NightState, SignUp, WeeklyConfig } from './types.ts';

export type { NightReport } from './report.ts';
export type { SetupInput, SetupResult } from './setup.ts';
export type { WeeklyDeps } from './deps.ts';

export class WeeklyNights {
  /** Work started outside a poll (record listeners, reminder edits), so a shutdown can wait for it. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly track = (work: Promise<void>, what: string): void => {
    const done = work.catch((err: unknown) => this.deps.log.warn({ err }, `weekly night: ${what} failed`)).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  };

  constructor(private readonly deps: WeeklyDeps) {}

  /** Whether work started outside a poll is still running. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Wait for the work started outside a poll. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all(this.inFlight);
  }

  /** Whether this process runs the guild's nights (its shard receives the guild). */
  handles(guildId: string): boolean {
    return this.deps.gateway.handles(guildId);
  }

  /** Guilds due for `runDue` now. */
  dueGuilds(now: number): Promise<string[]> {
    return this.deps.store.dueGuilds(now);
  }

  config(guildId: string): Promise<WeeklyConfig | undefined> {
    return this.deps.store.config(guildId);
  }

  /** Set up (or replace) the guild's weekly night (see `setupNight`). */
  setup(input: SetupInput): Promise<SetupResult> {
    return setupNight(this.deps, input);
  }

  /** Pause the guild's night (see `pauseNights`). */
  pause(guildId: string): Promise<WeeklyConfig> {
    return pauseNights(this.deps, guildId);
  }

  /** Resume a paused night (see `resumeNights`). */
  resume(guildId: string): Promise<{ config: WeeklyConfig; eventError: string | null }> {
    return resumeNights(this.deps, guildId);
  }

  /** Cancel the guild's night (see `cancelNights`). */
  cancel(guildId: string): Promise<WeeklyConfig> {
    return cancelNights(this.deps, guildId);
  }

  /** "I'm in" / "I'm out" on a reminder (see `signUp` in src/weekly/reminders.ts). */
  signUp(
    guildId: string,
    occurrence: string,
    player: SignUp,
    joining: boolean,
    messageId?: string,
  ): Promise<{ night: NightState; changed: boolean }> {
    return signUp(this.deps, this.track, guildId, occurrence, player, joining, messageId);
  }

  /**
   * The runner's step for one guild: run the phase of the upcoming night that is due (once across processes),
   * move on to the next week after a start, look at nights still being played, and record when to look again.
   */
  async runDue(guildId: string): Promise<void> {
    const { deps } = this;
    const config = await deps.store.config(guildId);
    const now = deps.now();
    if (config) {
      const phase = duePhase(config, now);
      if (phase === 'start') await startNight(deps, config, now);
      else if (phase && (await deps.store.claim(guildId, config.next.id, phase))) await remind(deps, config, now);
      for (const occurrence of config.active) await checkNight(deps, guildId, occurrence);
    } else for (const occurrence of await lingering(deps, guildId)) await checkNight(deps, guildId, occurrence);
    await deps.store.withGuild(guildId, async () => {
      const current = await deps.store.config(guildId);
      if (current) await deps.store.saveConfig(current, wakeAt(current, deps.now()));
      else await deps.store.deleteConfig(guildId, (await lingering(deps, guildId)).length ? deps.now() + NIGHT_CHECK_MS : undefined);
    });
  }

  /** A record was committed: if it belongs to a weekly night, that night may be over. */
  recorded(record: GameRecord): void {
    const occurrence = record.nightId ? occurrenceOf(record.nightId, record.guildId) : null;
    if (occurrence) this.track(checkNight(this.deps, record.guildId, occurrence), 'checking whether the night is over');
  }

  /** Whether a recorded game's seed and moves must stay hidden: its duplicate night is still playing (see `dealsSecret`). */
  dealsSecret(record: { guildId: string; nightId?: string }): Promise<boolean> {
    return dealsSecret(this.deps, record);
  }

  /** A night's standings for `/weekly standings` (see `nightReport`). */
  report(guildId: string, week: string | undefined): Promise<NightReport> {
    return nightReport(this.deps, guildId, week);
  }
}
