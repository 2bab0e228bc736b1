/**
 * Answering interactions within Discord's 3-second window. The router arms `watchDeadline` for every
 * interaction: if no answer has gone out `DEFER_AFTER_MS` after Discord created it (a lock wait, a slow
 * Redis), it is acknowledged with a deferral — `deferUpdate` for a component (the table or hand message),
 * an ephemeral `deferReply` for a command. Handlers answer only through `update`, `replyPrivately` and
 * `replyPublicly`, which use update/reply while nothing was sent yet and editReply/followUp once the
 * interaction was deferred, so every interaction is acknowledged exactly once whichever comes first.
 */
import { type InteractionReplyOptions, type MessageComponentInteraction, MessageFlags, type RepliableInteraction } from 'discord.js';
import type { Logger } from '../logger.ts';
import type { Payload } from './games/types.ts';

/** Discord drops an interaction not acknowledged within 3 s of its creation; we defer at 2 s to keep a margin. */
export const DEFER_AFTER_MS = 2000;

interface AckState {
  timer: NodeJS.Timeout | null;
  /** The deferral on its way, if the deadline fired. */
  deferral: Promise<void> | null;
  /** Whether the interaction's own response (the deferred reply's placeholder) was already filled in. */
  originalUsed: boolean;
}

const states = new WeakMap<object, AckState>();

const stateOf = (interaction: object): AckState => {
  let s = states.get(interaction);
  if (!s) states.set(interaction, (s = { timer: null, deferral: null, originalUsed: false }));
  return s;
};

/**
 * Defer `interaction` if it is still unanswered `DEFER_AFTER_MS` after Discord created it. The delay is
 * measured from `interaction.createdTimestamp` (clamped to 0…DEFER_AFTER_MS against clock skew), not from
 * when we saw it. Returns a function that stops the watch (call it when the handler is done).
 */
export function watchDeadline(interaction: RepliableInteraction, log: Logger): () => void {
  const s = stateOf(interaction);
  const delay = Math.min(Math.max(interaction.createdTimestamp + DEFER_AFTER_MS - Date.now(), 0), DEFER_AFTER_MS);
  s.timer = setTimeout(() => {
    s.timer = null;
    if (interaction.deferred || interaction.replied) return;
    s.deferral = (interaction.isMessageComponent() ? interaction.deferUpdate() : interaction.deferReply({ flags: MessageFlags.Ephemeral })).then(
      () => log.debug({ interaction: interaction.id }, 'interaction deferred: the answer is taking longer'),
      (err: unknown) => log.warn({ err, interaction: interaction.id }, 'could not defer the interaction'),
    );
  }, delay);
  return () => {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
  };
}

/** Stop the deadline watch and wait for a deferral already on its way, so we know how to answer. */
async function ready(interaction: object): Promise<AckState> {
  const s = stateOf(interaction);
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  if (s.deferral) await s.deferral;
  return s;
}

/** Whether the interaction was acknowledged (deferred or answered). */
const acknowledged = (interaction: { deferred: boolean; replied: boolean }): boolean => interaction.deferred || interaction.replied;

/** Show `body` in place of the message the component is on (`update`, or `editReply` after a deferral). */
export async function update(interaction: MessageComponentInteraction, body: Payload): Promise<void> {
  await ready(interaction);
  if (acknowledged(interaction)) await interaction.editReply(body);
  else await interaction.update(body);
}

/** Where a private answer landed: its message id, and how its interaction's webhook names it (`@original` or the id). */
export interface SentMessage {
  id: string;
  ref: string;
}

/**
 * Answer only the presser can see: a reply, or after a deferral the deferred (ephemeral) reply filled in,
 * or a followUp when the component's message was deferred or something was already sent. With `track` the reply asks
 * Discord for the message it became and resolves to where it landed (null when Discord did not say).
 */
export async function replyPrivately(interaction: RepliableInteraction, body: string | Payload, track = false): Promise<SentMessage | null> {
  const payload: Payload = typeof body === 'string' ? { content: body, allowedMentions: { parse: [] } } : body;
  const s = await ready(interaction);
  if (!acknowledged(interaction)) {
    if (!track) {
      await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral } as InteractionReplyOptions);
      return null;
    }
    const response = await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral, withResponse: true } as InteractionReplyOptions & {
      withResponse: true;
    });
    const id = response.resource?.message?.id;
    return id ? { id, ref: '@original' } : null;
  }
  if (interaction.deferred && !interaction.isMessageComponent() && !s.originalUsed) {
    s.originalUsed = true;
    const message = await interaction.editReply(payload);
    return { id: message.id, ref: '@original' };
  }
  const message = await interaction.followUp({ ...payload, flags: MessageFlags.Ephemeral });
  return { id: message.id, ref: message.id };
}

/**
 * A public answer in the channel; resolves to where it landed (null if Discord did not say): its id, and how the
 * interaction's webhook names it (`@original` or the followUp's id), so it can be edited through the token.
 * After an ephemeral deferral the placeholder gets `privateNote` and the public message goes out as a followUp
 * (Discord makes the first followUp after a deferral inherit its ephemeral flag, so the placeholder is filled first).
 */
export async function replyPublicly(interaction: RepliableInteraction, body: Payload, privateNote: string): Promise<SentMessage | null> {
  const s = await ready(interaction);
  if (!acknowledged(interaction)) {
    const response = await interaction.reply({ ...body, withResponse: true });
    const id = response.resource?.message?.id;
    return id ? { id, ref: '@original' } : null;
  }
  if (interaction.deferred && !interaction.isMessageComponent() && !s.originalUsed) {
    s.originalUsed = true;
    await interaction.editReply({ content: privateNote, allowedMentions: { parse: [] } });
  }
  const message = await interaction.followUp({ ...body });
  return { id: message.id, ref: message.id };
}
