/**
 * Start-up retries with capped exponential backoff (p-retry): a store that is not up yet (Redis still starting,
 * a network blip during a deploy) is waited for, with one warn line per failed attempt, instead of the bot
 * exiting at once.
 */
import pRetry from 'p-retry';
import type { Logger } from '../logger.ts';

/** How long to keep trying and how the pause between attempts grows. */
export interface RetryPolicy {
  /** Give up after this many milliseconds of trying (0 = one attempt only). */
  limitMs: number;
  /** Pause after the first failed attempt, in milliseconds (default 500). */
  minDelayMs?: number;
  /** The longest pause between attempts, in milliseconds (default 15,000). */
  maxDelayMs?: number;
}

/** Thrown when the limit passed without a successful attempt; `cause` is the last attempt's error. */
export class RetryLimitError extends Error {
  constructor(what: string, elapsedMs: number, cause: Error) {
    super(`${what} failed for ${(elapsedMs / 1000).toFixed(1)} s; last error: ${cause.message}`, { cause });
    this.name = 'RetryLimitError';
  }
}

/**
 * Run `attempt` until it succeeds, pausing 0.5 s, 1 s, 2 s … (capped at `maxDelayMs`) between attempts, for at
 * most `policy.limitMs`. Each failure logs one warn line: what, the attempt number, the reason and the next
 * pause. Throws `RetryLimitError` once the limit is reached.
 */
export async function retryStartup<T>(what: string, attempt: () => Promise<T>, policy: RetryPolicy, log: Logger): Promise<T> {
  const minTimeout = policy.minDelayMs ?? 500;
  const maxTimeout = policy.maxDelayMs ?? 15_000;
  const factor = 2;
  const start = performance.now();
  const remaining = () => policy.limitMs - (performance.now() - start);
  try {
    return await pRetry(attempt, {
      retries: Number.POSITIVE_INFINITY,
      factor,
      minTimeout,
      maxTimeout,
      maxRetryTime: policy.limitMs,
      onFailedAttempt: ({ error, attemptNumber, retriesConsumed }) => {
        const left = remaining();
        if (left <= 0) return; // the give-up is reported by the caller
        // The pause p-retry takes next (randomize off): minTimeout · factor^retriesConsumed, capped, within the limit.
        const nextDelayMs = Math.round(Math.min(minTimeout * factor ** retriesConsumed, maxTimeout, left));
        const pause = `${(nextDelayMs / 1000).toFixed(1)} s`;
        log.warn(
          { attempt: attemptNumber, reason: error.message, nextDelayMs },
          attemptNumber === 1
            ? `${what} failed: ${error.message}. Retrying in ${pause}, for up to ${Math.round(policy.limitMs / 1000)} s in all`
            : `${what} failed (attempt ${attemptNumber}); retrying in ${pause}`,
        );
      },
    });
  } catch (err) {
    throw new RetryLimitError(what, performance.now() - start, err as Error);
  }
}
