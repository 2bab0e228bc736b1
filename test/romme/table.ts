/**
 * Helpers for the Rommé tests: card ids from short labels, table melds from groups, and hand-arranged
 * states built from a `setup` state in which every card of the pack is still in exactly one place.
 */
import { expect } from 'vitest';
import { type CardId, JOKER, rommePack } from '../../src/games/romme/pack.ts';
import type { Seat } from '../../src/games/types.ts';
import { setup } from '../../src/games/romme/engine.ts';
import { readings, toMeld } from '../../src/games/romme/melds.ts';
import { DEFAULT_ROMME_OPTIONS, type Meld, type RommeOptions, type RommeState } from '../../src/games/romme/types.ts';

/**
 * Card ids from labels separated by spaces: `7♥ 7♥ Joker` → `7♥/0 7♥/1 Joker/0`. Each label takes the lowest
 * copy not yet in `taken` (shared between calls to keep a whole table's ids distinct); `7♥/1` names a copy.
 */
export function cards(spec: string, taken: Set<CardId> = new Set()): CardId[] {
  return spec
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      if (token.includes('/')) {
        if (taken.has(token)) throw new Error(`card ${token} used twice`);
        taken.add(token);
        return token;
      }
      const copies = token === JOKER ? 6 : 2;
      for (let copy = 0; copy < copies; copy++) {
        const id = `${token}/${copy}`;
        if (!taken.has(id)) {
          taken.add(id);
          return id;
        }
      }
      throw new Error(`no copy of ${token} left`);
    });
}

/** The table meld of `ids` (its only reading, or the run reading starting at `start`). */
export function meldOf(
  ids: CardId[],
  no: number,
  owner: Seat,
  options: Pick<RommeOptions, 'aroundTheCorner'> = DEFAULT_ROMME_OPTIONS,
  start?: number,
): Meld {
  const all = readings(ids, options);
  const r = start === undefined ? (all.length === 1 ? all[0] : undefined) : all.find((x) => x.kind === 'run' && x.start === start);
  if (!r) throw new Error(`${ids.join(' ')} is no meld (or needs a start): ${all.length} readings`);
  return toMeld(r, no, owner);
}

export interface Layout {
  seats?: number;
  options?: Partial<RommeOptions>;
  seed?: string;
  /** Each seat's hand as labels. */
  hands: string[];
  /** The discard pile, bottom first (the last card is the top). */
  discard?: string;
  /** Melds on the table, numbered from 1 in this order. */
  melds?: { owner: Seat; cards: string; start?: number }[];
  /** The stock's top cards, the last is drawn first. */
  stockTop?: string;
  /** Where the cards not placed go: under `stockTop` (default) or under the discard pile (leaving the stock as `stockTop`). */
  rest?: 'stock' | 'discard';
  turn?: Seat;
  phase?: RommeState['phase'];
  /** Seats that have made their first meld (default: the owners of the melds). */
  melded?: Seat[];
  meldedBeforeTurn?: boolean;
  firstMeldThisTurn?: boolean;
  takenFromDiscard?: string | null;
  restocks?: number;
}

/** A consistent hand-arranged state: a `setup` state with hands, stock, pile and melds replaced. */
export function arrange(l: Layout): RommeState {
  const options: RommeOptions = { ...DEFAULT_ROMME_OPTIONS, ...l.options };
  const seats = l.seats ?? l.hands.length;
  const base = setup(options, seats, l.seed ?? 'arranged');
  const taken = new Set<CardId>();
  const hands = Array.from({ length: seats }, (_, i) => cards(l.hands[i] ?? '', taken));
  const melds = (l.melds ?? []).map((m, i) => meldOf(cards(m.cards, taken), i + 1, m.owner, options, m.start));
  const pile = cards(l.discard ?? '', taken);
  const top = cards(l.stockTop ?? '', taken);
  const rest = rommePack(options.jokers).filter((c) => !taken.has(c));
  const stock = l.rest === 'discard' ? top : [...rest, ...top];
  const discardPile = l.rest === 'discard' ? [...rest, ...pile] : pile;
  const hasMelded = Array.from({ length: seats }, (_, s) => (l.melded ?? melds.map((m) => m.owner)).includes(s));
  const turn = l.turn ?? 0;
  const takenFromDiscard = l.takenFromDiscard ? (hands[turn]?.find((c) => c.startsWith(`${l.takenFromDiscard}/`)) ?? null) : null;
  const state: RommeState = {
    ...base,
    turn,
    phase: l.phase ?? 'draw',
    hands,
    stock,
    discardPile,
    melds,
    hasMelded,
    meldedBeforeTurn: l.meldedBeforeTurn ?? (hasMelded[turn] as boolean),
    firstMeldThisTurn: l.firstMeldThisTurn ?? false,
    takenFromDiscard,
    restocks: l.restocks ?? 0,
  };
  expectAccounted(state);
  return state;
}

/** Every card of the pack, sorted, from where a state keeps them. */
export const placed = (s: RommeState): CardId[] => [...s.hands.flat(), ...s.stock, ...s.discardPile, ...s.melds.flatMap((m) => m.cards)].sort();

/** Assert that every card of the pack is in exactly one place. */
export function expectAccounted(s: RommeState): void {
  expect(placed(s)).toEqual(rommePack(s.options.jokers).slice().sort());
}
