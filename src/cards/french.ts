/**
 * The 32-card French pack (a Skat pack): suits ♣ ♠ ♥ ♦, ranks A 10 K Q J 9 8 7.
 * A card is its label, e.g. `A♠`, `10♥`, `J♣` — plain strings, so state stays JSON and readable.
 * Rule source: docs/rules/reunion.md § Pack.
 */

/** The four French suits, as the symbols used in labels. */
export const SUITS = ['♣', '♠', '♥', '♦'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks of the 32-card pack, in the natural order high to low (A K Q J 10 9 8 7). */
export const RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'] as const;
export type Rank = (typeof RANKS)[number];

/** Ranks of the 52-card pack (Rommé's), in its order A 2 … 10 J Q K. Rule source: docs/rules/romme.md § Pack. */
export const RANKS_52 = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** The joker's label (Rommé's pack has six). */
export const JOKER = 'Joker';

/** A card label: rank followed by suit symbol, e.g. `10♥`. */
export type Card = `${Rank}${Suit}`;

/** Suit symbol of a card label. */
export function suitOf(card: Card): Suit {
  return card.slice(-1) as Suit;
}

/** Rank of a card label. */
export function rankOf(card: Card): Rank {
  return card.slice(0, -1) as Rank;
}

/** Build a card label from rank and suit. */
export function makeCard(rank: Rank, suit: Suit): Card {
  return `${rank}${suit}`;
}

/** The 32 cards in a fixed order (suit by suit, A down to 7). */
export const FRENCH_32: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => makeCard(r, s)));

const LETTER_SUITS: Record<string, Suit> = { C: '♣', S: '♠', H: '♥', D: '♦' };

/**
 * Parse a card label. Accepts the symbol form (`10♥`) and, for typing convenience, a letter
 * suit (`10H`, `qs`). Returns the canonical label, or throws `Error` with a readable message.
 */
export function parseCard(text: string): Card {
  // Phones often add the emoji variation selector (U+FE0F) after a suit symbol; outline hearts and diamonds count too.
  const t = text
    .replace(/\uFE0F/g, '')
    .replace('♡', '♥')
    .replace('♢', '♦')
    .trim()
    .toUpperCase();
  const last = t.slice(-1);
  const suit = (SUITS as readonly string[]).includes(last) ? (last as Suit) : LETTER_SUITS[last];
  const rank = t.slice(0, -1) as Rank;
  if (!suit || !(RANKS as readonly string[]).includes(rank)) throw new Error(`Not a card of the 32-card pack: "${text}"`);
  return makeCard(rank, suit);
}

/** Natural rank order used for the draw for first dealer: A highest … 7 lowest. Higher number = higher card. */
export function naturalRank(card: Card): number {
  return RANKS.length - RANKS.indexOf(rankOf(card));
}
