/**
 * The custom_id codec. Every component the bot sends carries one of:
 * - `st:join`, `st:leave`, `st:start`, `st:fill` — lobby buttons (public message; Fill seats computer players)
 * - `st:back` — an away player takes their seat back (public message)
 * - `st:hand` — open or refresh the presser's own hand (public message and hand controls)
 * - `st:g:<stamp>:<payload>` — a game control on a player's ephemeral hand; `stamp` is `<tableId>.<version>.<seat>`,
 *   the table and its version when the hand was rendered (so a hand from an earlier turn, or from an earlier
 *   game in the same channel, is never applied); `payload` is the game UI's own encoding (may name the
 *   owner's cards: these only ever appear on ephemeral messages).
 * Public messages never carry a card in a custom_id.
 */

export type ComponentId =
  | { kind: SimpleKind }
  | { kind: 'game'; stamp: string; payload: string };

const SIMPLE_KINDS = ['join', 'leave', 'start', 'fill', 'back', 'hand'] as const;
type SimpleKind = (typeof SIMPLE_KINDS)[number];
const SIMPLE = new Set<string>(SIMPLE_KINDS);
const GAME = /^st:g:([a-z0-9]{1,16}\.\d{1,12}\.\d):([^:]{1,70})$/;

/** Encode a component id (always ≤ 100 characters). */
export function encodeId(id: ComponentId): string {
  return id.kind === 'game' ? `st:g:${id.stamp}:${id.payload}` : `st:${id.kind}`;
}

/** Decode a custom_id; null if it is not one of ours or is malformed. */
export function decodeId(customId: string): ComponentId | null {
  if (customId.length > 100 || !customId.startsWith('st:')) return null;
  const kind = customId.slice(3);
  if (SIMPLE.has(kind)) return { kind: kind as SimpleKind };
  const m = GAME.exec(customId);
  return m ? { kind: 'game', stamp: m[1] as string, payload: m[2] as string } : null;
}
