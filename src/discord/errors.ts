/**
 * The one error boundary: every refusal becomes a short ephemeral answer; anything unexpected is
 * logged and answered with a generic line. Moves are all-or-nothing, so an error never leaves a half-made move.
 */
import { DiscordAPIError, type Interaction, MessageFlags } from 'discord.js';
import { IllegalMoveError } from '../games/types.ts';
import type { Logger } from '../logger.ts';
import { TableError } from '../tables/errors.ts';

export const STORAGE_UNAVAILABLE = 'Storage is unavailable; nothing was changed. Try again in a moment.';

/** Discord errors that only mean the interaction can no longer be answered. */
const GONE = new Set([10062, 40060]);

/** The sentence shown to the player for `err`. */
export function userMessage(err: unknown): string {
  if (err instanceof TableError || err instanceof IllegalMoveError) return err.message;
  return STORAGE_UNAVAILABLE;
}

/** How an interaction ended badly: an expected refusal, an unexpected failure, or a Discord API error. */
export type ErrorKind = 'refused' | 'failed' | 'discord';

/** The kind of `err` (for metrics). */
export function errorKind(err: unknown): ErrorKind {
  if (err instanceof TableError || err instanceof IllegalMoveError) return 'refused';
  return err instanceof DiscordAPIError ? 'discord' : 'failed';
}

/** Answer `interaction` with the refusal, ephemerally; never throws. `onError` is told the error's kind first. */
export async function answerError(interaction: Interaction, err: unknown, log: Logger, onError?: (kind: ErrorKind) => void): Promise<void> {
  onError?.(errorKind(err));
  if (err instanceof DiscordAPIError && GONE.has(Number(err.code))) {
    log.warn({ code: err.code, interaction: interaction.id }, 'the interaction could no longer be answered');
    return;
  }
  const expected = err instanceof TableError || err instanceof IllegalMoveError;
  if (!expected) log.error({ err, interaction: interaction.id }, 'interaction failed');
  if (!interaction.isRepliable()) return;
  const body = { content: userMessage(err), flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  try {
    if (interaction.replied || interaction.deferred) await interaction.followUp(body);
    else await interaction.reply(body);
  } catch (replyErr) {
    log.warn({ err: replyErr, interaction: interaction.id }, 'could not answer the interaction');
  }
}
