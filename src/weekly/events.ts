/**
 * The server's scheduled event of the upcoming night: created when a night is set up, resumed or moved on to the
 * next week, deleted when it is replaced, paused, cancelled or skipped.
 */
import type { WeeklyDeps } from './deps.ts';
import { wakeAt } from './schedule.ts';
import type { Occurrence } from './types.ts';

/**
 * Create the scheduled event of `occ` and store its id on the config, unless the config moved on meanwhile
 * (then the event is deleted again). Returns null, or why the event could not be created.
 */
export async function attachEvent(deps: WeeklyDeps, guildId: string, occ: Occurrence): Promise<string | null> {
  const config = await deps.store.config(guildId);
  if (!config || config.paused || config.next.id !== occ.id) return null;
  let eventId: string;
  try {
    eventId = await deps.gateway.createEvent(config, occ);
  } catch (err) {
    deps.log.warn({ err, guildId, occurrence: occ.id }, 'weekly night: could not create the scheduled event');
    return err instanceof Error ? err.message : String(err);
  }
  const kept = await deps.store.withGuild(guildId, async () => {
    const current = await deps.store.config(guildId);
    if (!current || current.paused || current.next.id !== occ.id || current.next.eventId) return false;
    current.next.eventId = eventId;
    await deps.store.saveConfig(current, wakeAt(current, deps.now()));
    return true;
  });
  if (!kept) await dropEvent(deps, guildId, eventId);
  return null;
}

/** Delete a scheduled event; a failure is logged (the event then stays on the server's list). */
export async function dropEvent(deps: WeeklyDeps, guildId: string, eventId: string): Promise<void> {
  await deps.gateway
    .deleteEvent(guildId, eventId)
    .catch((err: unknown) => deps.log.warn({ err, guildId, eventId }, 'weekly night: could not delete the scheduled event'));
}
