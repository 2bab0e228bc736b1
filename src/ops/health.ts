/**
 * The health check behind /health: is the Discord client ready, does the store answer a ping.
 */
import type { Client } from 'discord.js';
import type { Storage } from '../store/keyv.ts';
import type { Health } from './http.ts';

/** How long the store may take to answer the health ping, in milliseconds. */
const PING_TIMEOUT_MS = 1000;

/**
 * Whether the store answers within a second. A closed Redis connection counts as down without reconnecting
 * (a health probe must not reopen the connection a shutdown closed).
 */
export async function storageAnswers(storage: Storage): Promise<boolean> {
  if (storage.redis && !storage.redis.isOpen) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const ping = storage.keyv.get('health-check').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The health of a bot: `stopping` when a shutdown has begun, else ok only when Discord and storage both are. */
export async function checkHealth(client: Client, storage: Storage, stopping: boolean): Promise<Health> {
  const discord = client.isReady();
  const storageOk = await storageAnswers(storage);
  const status = stopping ? 'stopping' : discord && storageOk ? 'ok' : 'unavailable';
  return { status, discord, storage: storageOk };
}
