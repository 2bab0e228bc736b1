/**
 * `/weekly pause`, `/weekly resume` and `/weekly cancel`. Refusals are thrown as `Refusal`.
 */
import { Refusal } from '../refusal.ts';
import { requireConfig, upcoming, type WeeklyDeps } from './deps.ts';
import { attachEvent, dropEvent } from './events.ts';
import { NIGHT_CHECK_MS, wakeAt } from './schedule.ts';
import type { WeeklyConfig } from './types.ts';

/**
 * Pause: no reminders and no tables until `resumeNights`. The upcoming week's scheduled event is deleted (members
 * should not see a night that will not happen). Throws `Refusal` when there is no night or it is paused.
 */
export async function pauseNights(deps: WeeklyDeps, guildId: string): Promise<WeeklyConfig> {
  const { config, eventId } = await deps.store.withGuild(guildId, async () => {
    const config = await requireConfig(deps, guildId);
    if (config.paused) throw new Refusal('bad_input', 'weekly:refusal.paused');
    const eventId = config.next.eventId;
    config.paused = true;
    config.next.eventId = null;
    await deps.store.saveConfig(config, wakeAt(config, deps.now()));
    return { config, eventId };
  });
  if (eventId) await dropEvent(deps, guildId, eventId);
  return config;
}

/** Resume a paused night from the first start more than an hour away (with a new scheduled event). */
export async function resumeNights(deps: WeeklyDeps, guildId: string): Promise<{ config: WeeklyConfig; eventError: string | null }> {
  const now = deps.now();
  const occ = await deps.store.withGuild(guildId, async () => {
    const config = await requireConfig(deps, guildId);
    if (!config.paused) throw new Refusal('bad_input', 'weekly:refusal.not_paused');
    const occ = await upcoming(deps, guildId, config, now);
    Object.assign(config, { paused: false, since: now, next: { ...occ, eventId: null } });
    await deps.store.saveConfig(config, wakeAt(config, now));
    return occ;
  });
  const eventError = await attachEvent(deps, guildId, occ);
  return { config: await requireConfig(deps, guildId), eventError };
}

/**
 * Delete the night's config and its upcoming scheduled event. Past nights' standings stay available; a started
 * night whose tables are still being played keeps being looked at until they are over (then its standings).
 */
export async function cancelNights(deps: WeeklyDeps, guildId: string): Promise<WeeklyConfig> {
  const config = await deps.store.withGuild(guildId, async () => {
    const config = await requireConfig(deps, guildId);
    await deps.store.deleteConfig(guildId, config.active.length ? deps.now() + NIGHT_CHECK_MS : undefined);
    return config;
  });
  if (config.next.eventId) await dropEvent(deps, guildId, config.next.eventId);
  return config;
}
