/**
 * A night's reminders and their buttons: posting a reminder (24 h and 1 h before the start) and signing up with
 * "I'm in" / "I'm out". Refusals are thrown as `Refusal`.
 */
import { Refusal } from '../refusal.ts';
import { newNight, type WeeklyDeps } from './deps.ts';
import type { NightState, SignUp, WeeklyConfig } from './types.ts';

/** The refusal of a button that is not for the upcoming night. */
const STALE = 'weekly:refusal.stale';

/**
 * "I'm in" (`joining`) or "I'm out" for `occurrence`, pressed on the reminder `messageId`. Throws
 * `Refusal('stale')` when the button is not for the upcoming night (an earlier week's reminder, a cancelled
 * or paused night, a reminder of a set-up replaced since, or the start has passed). `changed` is false when
 * the player already was in (or out). The reminders are edited afterwards, through `track` (work a shutdown waits for).
 */
export async function signUp(
  deps: WeeklyDeps,
  track: (work: Promise<void>, what: string) => void,
  guildId: string,
  occurrence: string,
  player: SignUp,
  joining: boolean,
  messageId?: string,
): Promise<{ night: NightState; changed: boolean }> {
  const result = await deps.store.withGuild(guildId, async () => {
    const config = await deps.store.config(guildId);
    if (!config || config.paused || config.next.id !== occurrence || deps.now() >= config.next.startsAt) throw new Refusal('stale', STALE);
    const night = (await deps.store.night(guildId, occurrence)) ?? newNight(config, config.next);
    if (messageId && night.retired?.includes(messageId)) throw new Refusal('stale', STALE);
    const seated = night.signUps.some((s) => s.userId === player.userId);
    if (seated === joining) return { config, night, changed: false };
    night.signUps = joining ? [...night.signUps, player] : night.signUps.filter((s) => s.userId !== player.userId);
    night.version += 1;
    await deps.store.saveNight(night);
    return { config, night, changed: true };
  });
  if (result.changed)
    for (const reminder of result.night.reminders) track(deps.gateway.updateReminder(result.config, result.night, reminder), 'showing the sign-ups');
  return { night: result.night, changed: result.changed };
}

/** Post a reminder of `config.next` (the caller holds the phase's claim). */
export async function remind(deps: WeeklyDeps, config: WeeklyConfig, now: number): Promise<void> {
  const night = await deps.store.withGuild(config.guildId, async () => {
    const night = (await deps.store.night(config.guildId, config.next.id)) ?? newNight(config, config.next);
    await deps.store.saveNight(night);
    return night;
  });
  const messageId = await deps.gateway.postReminder(config, night, now);
  const reminder = { messageId, postedAt: now };
  const after = await deps.store.withGuild(config.guildId, async () => {
    const current = (await deps.store.night(config.guildId, night.id)) ?? night;
    // Set up again while the reminder was on its way: its buttons are stale.
    const replaced = (current.rev ?? 0) !== (night.rev ?? 0);
    if (replaced) current.retired = [...(current.retired ?? []), messageId];
    else current.reminders.push(reminder);
    await deps.store.saveNight(current);
    return replaced ? null : current;
  });
  // Someone signed up while the reminder was on its way: show the count it missed.
  if (after && after.version !== night.version) await deps.gateway.updateReminder(config, after, reminder);
}
