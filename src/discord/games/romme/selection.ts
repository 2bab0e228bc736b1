/**
 * The Rommé hand's selection state, carried in custom_ids of the owner's ephemeral hand (never stored):
 * cards are single base-36 characters — their index in the sorted hand at the stamped table version —
 * groups already set aside for a first meld are `staged`, joined by `-`, each optionally `@<start>` for a
 * run whose jokers were placed. Encoded as `<staged>_<selected>`, e.g. `012-345@9_67`.
 */
import type { CardId } from '../../../games/romme/pack.ts';
import { isJoker, rankNumber, suitOfCard } from '../../../games/romme/pack.ts';
import type { Group } from '../../../games/romme/index.ts';

export interface Selection {
  staged: Group[];
  selected: CardId[];
}

const SUIT_ORDER = ['♣', '♥', '♠', '♦'];

/** The hand in display order: by suit (♣ ♥ ♠ ♦), then rank A … K, jokers last. */
export function sortRomme(hand: readonly CardId[]): CardId[] {
  const key = (c: CardId) => (isJoker(c) ? 1000 : SUIT_ORDER.indexOf(suitOfCard(c)) * 20 + rankNumber(c));
  return hand.slice().sort((a, b) => key(a) - key(b) || a.localeCompare(b));
}

const ch = (i: number) => i.toString(36);

/** Encode a selection against the sorted hand. */
export function encodeSelection(sel: Selection, sorted: readonly CardId[]): string {
  const cards = (list: readonly CardId[]) => list.map((c) => ch(sorted.indexOf(c))).join('');
  const staged = sel.staged.map((g) => `${cards(g.cards)}${g.start ? `@${g.start}` : ''}`).join('-');
  return `${staged}_${cards(sel.selected)}`;
}

/** Decode a selection; null when malformed or naming cards the hand does not have. */
export function decodeSelection(text: string, sorted: readonly CardId[]): Selection | null {
  const m = /^((?:[0-9a-z]+(?:@\d{1,2})?)(?:-[0-9a-z]+(?:@\d{1,2})?)*)?_([0-9a-z]*)$/.exec(text);
  if (!m) return null;
  const cards = (s: string): CardId[] | null => {
    const out = [...s].map((c) => sorted[parseInt(c, 36)]);
    return out.every((c): c is CardId => !!c) && new Set(out).size === out.length ? out : null;
  };
  const staged: Group[] = [];
  for (const part of (m[1] ?? '').split('-').filter(Boolean)) {
    const [ids = '', start] = part.split('@');
    const list = cards(ids);
    if (!list) return null;
    staged.push(start ? { cards: list, start: Number(start) } : { cards: list });
  }
  const selected = cards(m[2] ?? '');
  if (!selected) return null;
  const all = [...staged.flatMap((g) => g.cards), ...selected];
  if (new Set(all).size !== all.length) return null;
  return { staged, selected };
}
