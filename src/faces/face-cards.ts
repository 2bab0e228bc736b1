/**
 * The cards that have a face: every card of every pack, once. A card is named by its label as the packs write it —
 * French `A♠` … `2♦` (Rommé's 52, which hold Réunion's 32), Rommé's `Joker`, and the Cego pack's own cards: the
 * cavaliers `C♣` … `C♦` and the trumps `Stiess`, `1` … `21` (its kings, queens, jacks and pips are French labels).
 * Packs: src/cards/french.ts, src/cards/cego.ts.
 */
import { TRUMPS } from '../cards/cego.ts';
import { JOKER, RANKS_52, SUITS, type Suit } from '../cards/french.ts';

/** A card label of any pack (`10♥`, `C♣`, `18`, `Stiess`, `Joker`). */
export type FaceCard = string;

/** Every card with a face, in a fixed order: French by suit (A … K), the joker, the cavaliers, the trumps high to low. */
export const FACE_CARDS: readonly FaceCard[] = [
  ...SUITS.flatMap((s) => RANKS_52.map((r) => `${r}${s}`)),
  JOKER,
  ...SUITS.map((s) => `C${s}`),
  ...TRUMPS,
];

/** What a face shows: a suit card (rank and suit), a trump (its number; 0 for the Stiess) or the joker. */
export type FaceKind = { kind: 'suit'; rank: string; suit: Suit } | { kind: 'trump'; n: number } | { kind: 'joker' };

/** What `card`'s face shows. Throws `Error` for a label that is not a card of any pack. */
export function faceKind(card: FaceCard): FaceKind {
  if (!FACE_SET.has(card)) throw new Error(`No card face for "${card}"`);
  if (card === JOKER) return { kind: 'joker' };
  if (TRUMPS.includes(card)) return { kind: 'trump', n: /^\d+$/.test(card) ? Number(card) : 0 };
  return { kind: 'suit', rank: card.slice(0, -1), suit: card.slice(-1) as Suit };
}

const FACE_SET = new Set(FACE_CARDS);

const SUIT_LETTER: Record<Suit, string> = { '♣': 'c', '♠': 's', '♥': 'h', '♦': 'd' };

/**
 * A card's name in ASCII letters and digits (for emoji names and file names): `10♥` → `10h`, `C♣` → `Cc`, `18` →
 * `T18`, `Stiess` → `T0`, `Joker` → `Jk`.
 */
export function faceCode(card: FaceCard): string {
  const face = faceKind(card);
  if (face.kind === 'joker') return 'Jk';
  if (face.kind === 'trump') return `T${face.n}`;
  return `${face.rank}${SUIT_LETTER[face.suit]}`;
}
