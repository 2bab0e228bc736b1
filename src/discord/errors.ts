/**
 * The one error boundary: every refusal becomes a short ephemeral answer; anything unexpected is
 * logged and answered with a line that says what is true. Moves are all-or-nothing, so an error before a change
 * was stored leaves nothing changed ("nothing was changed"); a failure after it was stored (answering the player,
 * rendering the new hand) arrives wrapped in `AfterChangeError`, and the answer says the change was made.
 * Discord's own errors: 10062 (unknown interaction: too late) and 40060 (already acknowledged) are logged only;
 * 50027 (the interaction token expired: the hand message can no longer be edited) asks the player to press
 * **My hand** again where a fresh answer is still possible; 50013 (missing permissions) names what the bot needs.
 * Rate limits (429) never get here: discord.js's REST queue waits and retries.
 */
import { DiscordAPIError, type Interaction } from 'discord.js';
import { describeReason, IllegalMoveError } from '../games/types.ts';
import type { Logger } from '../logger.ts';
import { LockTimeoutError } from '../store/lock.ts';
import { Refusal } from '../refusal.ts';
import { permissionNames, TABLE_CHANNEL_PERMISSIONS } from './permissions.ts';
import { findUi } from './games/index.ts';
import { privateLocale } from './language.ts';
import { replyPrivately } from './respond.ts';
import { ENGLISH, type Locale, type Text } from '../i18n/index.ts';

/**
 * Told for an unexpected failure before anything was stored — most often storage not answering, but a bug says the
 * same (the error is logged either way): all the player needs to know is that nothing was changed.
 */
export const NOTHING_CHANGED: Text = { key: 'error.nothing_changed' };

/** What `afterChange` says could not be shown when its caller names nothing more precise. */
const NOT_UPDATED: Text = { key: 'error.not_updated' };

/**
 * A failure after a change was stored: answering the interaction or rendering its result failed, but the move or
 * lobby change itself is made. `done` says what was stored ("Your move was made"), `hint` what could not be shown and
 * what to do ("your hand could not be updated. Press **My hand** …"), both translated where the player is answered;
 * the message (English, for the log) is `${done}, but ${hint}`. The original error is `cause`.
 */
export class AfterChangeError extends Error {
  readonly done: Text;
  readonly hint: Text;
  constructor(done: Text, hint: Text, options: { cause: unknown }) {
    super(ENGLISH.say(afterChangeText(done, hint)), options);
    this.done = done;
    this.hint = hint;
    this.name = 'AfterChangeError';
  }
}

/** "`done`, but `hint`" as a message. */
const afterChangeText = (done: Text, hint: Text): Text => ({ key: 'error.after_change', vars: { done, hint } });

/**
 * Run `show` — the part after a change was stored — turning any failure into `AfterChangeError(done, hint)`.
 * The hint defaults to "the message could not be updated." Resolves with what `show` resolves to.
 */
export async function afterChange<T>(done: Text, show: () => Promise<T>, hint: Text = NOT_UPDATED): Promise<T> {
  try {
    return await show();
  } catch (cause) {
    throw new AfterChangeError(done, hint, { cause });
  }
}

/** Told when the table stayed locked too long (another move in progress, or a crashed process's lock not yet expired). */
export const TABLE_BUSY: Text = { key: 'error.busy' };

/** Told to a player whose hand message can no longer be edited (its interaction token expired). */
export const HAND_EXPIRED: Text = { key: 'error.hand_expired' };

/** Told in `loc` when Discord refused the bot for missing permissions in the channel: what to grant. */
export const missingPermissions = (loc: Locale): string =>
  loc.t('error.missing_permissions', { permissions: permissionNames(loc, TABLE_CHANNEL_PERMISSIONS) });

/** Discord errors that only mean the interaction can no longer be answered. */
const GONE = new Set([10062, 40060]);
/** Invalid webhook token: the interaction's token is older than 15 minutes. */
const TOKEN_EXPIRED = 50027;
/** Missing permissions. */
const MISSING_PERMS = 50013;

/** The Discord error code of `err`, or of the failure an `AfterChangeError` wraps; null for anything else. */
function discordCode(err: unknown): number | null {
  const inner = err instanceof AfterChangeError ? err.cause : err;
  return inner instanceof DiscordAPIError ? Number(inner.code) : null;
}

/** The sentence a refusal or a refused move says in `loc` (an engine's reason through its game's UI). */
function refusalText(err: Refusal | IllegalMoveError, loc: Locale): string {
  if (err instanceof IllegalMoveError) {
    const ui = err.game ? findUi(err.game) : undefined;
    return ui ? ui.refusal(loc, err.reason) : describeReason(err.reason);
  }
  return loc.say(err.text);
}

/** The sentence shown to the player for `err`, in `loc`. */
export function userMessage(err: unknown, loc: Locale = ENGLISH): string {
  // A refusal may quote what the user typed (a game, a level): keep it within Discord's 2,000 characters.
  if (err instanceof Refusal || err instanceof IllegalMoveError) {
    const text = refusalText(err, loc);
    return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
  }
  if (err instanceof LockTimeoutError) return loc.say(TABLE_BUSY);
  if (err instanceof AfterChangeError) return loc.say(afterChangeText(err.done, err.hint));
  return loc.say(NOTHING_CHANGED);
}

/** How an interaction ended badly: an expected refusal, an unexpected failure, or a Discord API error. */
export type ErrorKind = 'refused' | 'failed' | 'discord';

/** The kind of `err` (for metrics). */
export function errorKind(err: unknown): ErrorKind {
  if (err instanceof Refusal || err instanceof IllegalMoveError) return 'refused';
  return discordCode(err) !== null ? 'discord' : 'failed';
}

/** Answer `interaction` with the refusal, ephemerally; never throws. `onError` is told the error's kind first. */
export async function answerError(interaction: Interaction, err: unknown, log: Logger, onError?: (kind: ErrorKind) => void): Promise<void> {
  onError?.(errorKind(err));
  const code = discordCode(err);
  if (code !== null && GONE.has(code)) {
    log.warn({ code, interaction: interaction.id }, 'the interaction could no longer be answered');
    return;
  }
  if (code === TOKEN_EXPIRED) {
    log.warn({ code, interaction: interaction.id }, 'the interaction token expired: its message can no longer be edited');
    // Every webhook call on this token fails alike; only a first answer (a fresh callback) can still get through.
    if (!interaction.isRepliable() || interaction.replied || interaction.deferred) return;
    const loc = privateLocale(interaction);
    const expired =
      err instanceof AfterChangeError ? loc.t('error.done_then', { done: loc.say(err.done), then: loc.say(HAND_EXPIRED) }) : loc.say(HAND_EXPIRED);
    await replyPrivately(interaction, expired).catch((replyErr: unknown) => {
      log.warn({ err: replyErr, interaction: interaction.id }, 'could not answer the interaction');
    });
    return;
  }
  const expected = err instanceof Refusal || err instanceof IllegalMoveError;
  if (code === MISSING_PERMS) log.warn({ code, interaction: interaction.id, channelId: interaction.channelId }, 'missing permissions in the channel');
  else if (err instanceof AfterChangeError)
    log.error({ err: err.cause, interaction: interaction.id }, `stored, but showing it failed: ${ENGLISH.say(err.done)}`);
  else if (!expected) log.error({ err, interaction: interaction.id }, 'interaction failed');
  if (!interaction.isRepliable()) return;
  try {
    const loc = privateLocale(interaction);
    const missing =
      err instanceof AfterChangeError
        ? loc.say(
            afterChangeText(err.done, {
              key: 'error.missing_permissions_hint',
              vars: { permissions: permissionNames(loc, TABLE_CHANNEL_PERMISSIONS) },
            }),
          )
        : missingPermissions(loc);
    await replyPrivately(interaction, code === MISSING_PERMS ? missing : userMessage(err, loc));
  } catch (replyErr) {
    log.warn({ err: replyErr, interaction: interaction.id }, 'could not answer the interaction');
  }
}
