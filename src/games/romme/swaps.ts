/**
 * Joker swaps (docs/rules/romme.md § Joker swap): which natural cards may go into a meld for its joker(s), the swaps
 * a hand can make whose freed jokers meld at once (for `legalMoves`), and the swaps a hand's selection allows (for
 * the hand's Swap joker menu). Whether a given swap move is legal is `checkMove` in ./legal.ts.
 */
import { type CardId, isJoker, labelOf, rankNumber } from './pack.ts';
import { findMelds } from './finder.ts';
import { type Reading, meldReadings, swapJoker } from './melds.ts';
import type { Meld, RommeMove, RommeState, RommeView } from './types.ts';

/**
 * A joker swap the selection allows: `naturals` replace the joker(s) `freed` of meld `meld`, which go with `cards`
 * into the new meld read as `reading` (`start` names a run's place for the move).
 */
export interface SwapChoice {
  meld: number;
  naturals: CardId[];
  freed: CardId[];
  cards: CardId[];
  reading: Reading;
  start?: number;
}

/**
 * The natural cards of `cards` that may go into `meld` for its joker(s) in one swap (§ Joker swap): each natural
 * card alone; for a set under strict set swap, each choice of cards of the set's rank (one copy per label) that
 * makes it four natural cards of four suits — so further cards of that rank may go into the new meld.
 */
function swapNaturals(meld: Meld, cards: readonly CardId[], strictSetSwap: boolean): CardId[][] {
  const naturals = cards.filter((c) => !isJoker(c));
  if (!strictSetSwap || meld.kind !== 'set') return naturals.map((c) => [c]);
  const need = 4 - meld.cards.filter((c) => !isJoker(c)).length;
  const pool: CardId[] = [];
  for (const c of naturals) if (rankNumber(c) === meld.rank && !pool.some((p) => labelOf(p) === labelOf(c))) pool.push(c);
  const out: CardId[][] = [];
  const pick = (from: number, chosen: CardId[]): void => {
    if (chosen.length === need) {
      if (swapJoker(meld, chosen, true)) out.push(chosen);
      return;
    }
    for (let i = from; i < pool.length; i++) pick(i + 1, [...chosen, pool[i] as CardId]);
  };
  pick(0, []);
  return out;
}

/** Joker swaps of natural card(s) from `hand` (two under strict set swap) whose freed jokers meld at once with cards of the hand. */
export function swapMoves(s: RommeState, hand: readonly CardId[]): RommeMove[] {
  const moves: RommeMove[] = [];
  for (const meld of s.melds)
    for (const naturals of swapNaturals(meld, hand, s.options.strictSetSwap)) {
      const swapped = swapJoker(meld, naturals, s.options.strictSetSwap);
      if (!swapped) continue;
      const rest = hand.filter((c) => !naturals.includes(c));
      for (const f of findMelds([...swapped.freed, ...rest], s.options))
        if (swapped.freed.every((j) => f.cards.includes(j)))
          moves.push({
            type: 'swap',
            meld: meld.no,
            naturals,
            cards: f.cards.filter((c) => !swapped.freed.includes(c)),
            ...(f.kind === 'run' ? { start: f.start } : {}),
          });
    }
  return moves;
}

/**
 * The joker swaps `selected` (cards of the hand in `view`) allows: selected natural card(s) replace a joker in a
 * meld — one card, or under strict set swap the cards that complete a set to four natural cards (both jokers of a
 * set of two naturals and two jokers go at once), any further cards of its rank staying for the new meld — and the
 * freed joker(s) meld with the other selected cards, one choice per way that new meld can be read (a run names
 * its `start`). Empty when the seat may not swap now.
 */
export function swapChoices(view: RommeView, selected: readonly CardId[]): SwapChoice[] {
  if (!view.maySwap) return [];
  const out: SwapChoice[] = [];
  for (const meld of view.melds)
    for (const naturals of swapNaturals(meld, selected, view.options.strictSetSwap)) {
      const swapped = swapJoker(meld, naturals, view.options.strictSetSwap);
      if (!swapped) continue;
      const cards = selected.filter((c) => !naturals.includes(c));
      for (const reading of meldReadings([...swapped.freed, ...cards], view.options))
        out.push({ meld: meld.no, naturals, freed: swapped.freed, cards, reading, ...(reading.kind === 'run' ? { start: reading.start } : {}) });
    }
  return out;
}
