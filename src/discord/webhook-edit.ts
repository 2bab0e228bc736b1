/**
 * Editing a message through the webhook of the interaction that created or showed it
 * (PATCH /webhooks/{app}/{token}/messages/{ref}): Discord does not count these requests against the bot's global rate
 * limit, for the 15 minutes the token lives. Sent through a REST client of the caller's (one without a local global
 * limit: discord.js's REST counts every request, token-authenticated ones too, against its 50 a second), with the
 * body and files discord.js would send itself (`Webhook.editMessage`).
 */
import { type APIMessage, type Client, InteractionWebhook, MessagePayload, type MessageEditOptions, type REST, Routes } from 'discord.js';

/** How long Discord keeps an interaction token valid (ms). */
export const TOKEN_MS = 15 * 60_000;

/** A message an interaction's webhook can edit (its token is a secret: never logged; stored only with its table, src/store/screens.ts). */
export interface WebhookMessage {
  applicationId: string;
  token: string;
  /** How the webhook names the message: `@original`, or a followUp's id. */
  ref: string;
  /** When the token was issued (the interaction's creation, epoch ms). */
  issuedAt: number;
}

/** `payload` resolved as discord.js sends it on the webhook of `target`'s interaction (the body; files not yet read). */
export const webhookPayload = (
  client: Client<true>,
  target: Pick<WebhookMessage, 'applicationId' | 'token'>,
  payload: MessageEditOptions,
): MessagePayload => MessagePayload.create(new InteractionWebhook(client, target.applicationId, target.token), payload).resolveBody();

/** Edit `target` to `payload` through `rest`; resolves to the message as Discord answered, throws Discord's error. */
export async function editThroughWebhook(rest: REST, client: Client<true>, target: WebhookMessage, payload: MessageEditOptions): Promise<APIMessage> {
  const { body, files } = await webhookPayload(client, target, payload).resolveFiles();
  return (await rest.patch(Routes.webhookMessage(target.applicationId, target.token, target.ref), {
    body,
    files: files ?? undefined,
    auth: false,
  })) as APIMessage;
}
