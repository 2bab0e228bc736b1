/**
 * Telling "Discord did not answer" apart from "Discord said no", for the command-line entry points.
 */

/** Error codes of a request that got no answer: refused, name not resolved, timed out, cut off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether `err` (or an error in its `cause` chain) is a request that never got an answer. */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if ((typeof code === 'string' && NETWORK_CODES.has(code)) || e.name === 'AbortError' || e.message === 'fetch failed') return true;
  }
  return false;
}

/** The sentence for a person at the console: where the bot tried to reach Discord, why it failed, what to check. */
export function cannotReachDiscord(apiUrl: string | undefined, err: Error): string {
  const cause = err.cause instanceof Error && !err.message.includes(err.cause.message) ? `: ${err.cause.message}` : '';
  return `cannot reach Discord at ${apiUrl ?? 'https://discord.com/api'} (${err.message}${cause}). Check the network (and DISCORD_API_URL if set).`;
}
