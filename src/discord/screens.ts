/**
 * What the board and the live hands keep in the store (src/store/screens.ts) so that whichever process next changes a
 * table — after a restart, or another host's timer loop — can edit their messages through their interaction tokens:
 * the stored shape of a live hand (`hand:<userId>`) and of a board's interaction (`board`), each with the moment its
 * token runs out (`expiresAt`, Discord's 15 minutes after issue). The tokens are secrets: these values are never logged.
 */
import { z } from 'zod';
import { TOKEN_MS, type WebhookMessage } from './webhook-edit.ts';

/** A live hand as stored: enough to edit its message through its token and to render it for its player. */
export interface StoredHand extends WebhookMessage {
  /** The table the hand shows (a hand of an earlier table in the channel is never edited to a later one). */
  tableId: string;
  guildId: string;
  userId: string;
  messageId: string;
  /** The player's Discord locale (the hand's language). */
  locale: string;
  /** The table version the message showed when it became live. */
  version: number;
}

/** A board's interaction as stored. */
export interface StoredBoard extends WebhookMessage {
  messageId: string;
}

const webhookMessage = { applicationId: z.string(), token: z.string(), ref: z.string(), issuedAt: z.number(), expiresAt: z.number() };
const storedHand = z.object({
  ...webhookMessage,
  tableId: z.string(),
  guildId: z.string(),
  userId: z.string(),
  messageId: z.string(),
  locale: z.string(),
  version: z.number(),
});
const storedBoard = z.object({ ...webhookMessage, messageId: z.string() });

/** The store's field of a player's live hand. */
export const handField = (userId: string): string => `hand:${userId}`;
/** The store's field of the board's interaction. */
export const BOARD_FIELD = 'board';

/** When a token issued at `issuedAt` runs out (epoch ms). */
export const expiresAt = (issuedAt: number): number => issuedAt + TOKEN_MS;

/** `hand` as stored (JSON with its expiry). */
export const encodeHand = (hand: StoredHand): string => JSON.stringify({ ...pickHand(hand), expiresAt: expiresAt(hand.issuedAt) });
/** `board` as stored (JSON with its expiry). */
export const encodeBoard = (board: StoredBoard): string => JSON.stringify({ ...pickBoard(board), expiresAt: expiresAt(board.issuedAt) });

/** A stored hand back, or null when the value is not one (a value of another version is left alone). */
export function decodeHand(raw: string): StoredHand | null {
  const parsed = parse(storedHand, raw);
  return parsed && pickHand(parsed);
}

/** A stored board interaction back, or null when the value is not one. */
export function decodeBoard(raw: string): StoredBoard | null {
  const parsed = parse(storedBoard, raw);
  return parsed && pickBoard(parsed);
}

function parse<T>(schema: z.ZodType<T>, raw: string): T | null {
  try {
    const got = schema.safeParse(JSON.parse(raw));
    return got.success ? got.data : null;
  } catch {
    return null;
  }
}

const pickWebhook = (m: WebhookMessage): WebhookMessage => ({ applicationId: m.applicationId, token: m.token, ref: m.ref, issuedAt: m.issuedAt });

const pickHand = (h: StoredHand): StoredHand => ({
  ...pickWebhook(h),
  tableId: h.tableId,
  guildId: h.guildId,
  userId: h.userId,
  messageId: h.messageId,
  locale: h.locale,
  version: h.version,
});

const pickBoard = (b: StoredBoard): StoredBoard => ({ ...pickWebhook(b), messageId: b.messageId });
