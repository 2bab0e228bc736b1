/**
 * Rommé turn rules through `setup` + `apply`: the deal, the draw, the first meld, lay-offs and joker swaps,
 * the card taken from the pile, going out, Hand-Rommé, penalty points, the stock rebuilt once, the game's
 * length and ranks, and refusals. Every expected value comes from docs/rules/romme.md (§ Seating and
 * deal, § A turn, § Melds, § Card values, § First meld, § Joker swap, § Going out, § Game).
 *
 * States are hand-arranged (`arrange` in ./table.ts): a `setup` state with hands, stock, pile and melds
 * replaced, every card of the pack still in exactly one place.
 */
import { describe, expect, it } from 'vitest';
import { rommeUi } from '../../src/discord/games/romme/index.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { type CardId, labelOf, rommePack } from '../../src/games/romme/pack.ts';
import type { Seat } from '../../src/games/types.ts';
import {
  DEFAULT_ROMME_OPTIONS,
  type RommeEvent,
  type RommeMove,
  type RommeOptions,
  type RommeState,
  apply,
  applyOrThrow,
  handPenalty,
  legalMoves,
  ranksOf,
  result,
  setup,
  toAct,
  view,
} from '../../src/games/romme/index.ts';
import { arrange, cards, expectAccounted, type Layout } from './table.ts';

const O = DEFAULT_ROMME_OPTIONS;

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** The id of the card `label` in `seat`'s hand (the first copy held). */
function held(s: RommeState, seat: Seat, label: string): CardId {
  const id = (s.hands[seat] ?? []).find((c) => labelOf(c) === label);
  if (!id) throw new Error(`seat ${seat} holds no ${label}: ${(s.hands[seat] ?? []).map(labelOf).join(' ')}`);
  return id;
}
const heldAll = (s: RommeState, seat: Seat, labels: string): CardId[] => {
  const out: CardId[] = [];
  for (const label of labels.split(' ')) {
    const id = (s.hands[seat] ?? []).find((c) => labelOf(c) === label && !out.includes(c));
    if (!id) throw new Error(`seat ${seat} holds no (further) ${label}`);
    out.push(id);
  }
  return out;
};
/** A meld move of groups given as labels from `seat`'s hand. */
const meld = (s: RommeState, seat: Seat, ...groups: (string | [string, number])[]): RommeMove => ({
  type: 'meld',
  groups: groups.map((g) => (typeof g === 'string' ? { cards: heldAll(s, seat, g) } : { cards: heldAll(s, seat, g[0]), start: g[1] })),
});
const labels = (ids: readonly CardId[]): string => ids.map(labelOf).join(' ');

/** Apply moves in order, each by the seat to act; returns the last state and all events. Throws on a refusal. */
function run(state: RommeState, ...moves: ((s: RommeState) => RommeMove)[]): { state: RommeState; events: RommeEvent[] } {
  const events: RommeEvent[] = [];
  for (const m of moves) {
    const r = applyOrThrow(state, state.turn, m(state));
    state = r.state;
    events.push(...r.events);
    expectAccounted(state);
  }
  return { state, events };
}

/** Expect `move` by `seat` to be refused with `code`, leaving the state as it was. */
function expectRefused(state: RommeState, seat: Seat, move: RommeMove, code: string, message?: RegExp): void {
  const before = JSON.stringify(state);
  const r = apply(state, seat, move);
  expect(r.ok, JSON.stringify(move)).toBe(false);
  if (!r.ok) {
    expect(r.reason.code).toBe(code);
    // The sentence a player reads, in English (test/i18n/romme.test.ts checks both languages).
    const sentence = rommeUi.refusal(ENGLISH, r.reason);
    expect(sentence).not.toContain('romme:');
    if (message) expect(sentence).toMatch(message);
  }
  expect(JSON.stringify(state)).toBe(before);
}

const scored = (events: RommeEvent[]) => events.flatMap((e) => (e.type === 'dealScored' ? [e.score] : []));
const DRAW_STOCK = (): RommeMove => ({ type: 'draw', from: 'stock' });
const DRAW_PILE = (): RommeMove => ({ type: 'draw', from: 'discard' });
const discard =
  (label: string) =>
  (s: RommeState): RommeMove => ({ type: 'discard', card: held(s, s.turn, label) });

describe('the deal', () => {
  it.each([2, 3, 4, 5, 6])('gives %i players 13 cards each, turns one card up and leaves the rest as the stock', (seats) => {
    const s = setup(O, seats, `deal-${seats}`);
    expect(s.hands.map((h) => h.length)).toEqual(new Array(seats).fill(13));
    expect(s.discardPile).toHaveLength(1);
    expect(s.stock).toHaveLength(110 - 13 * seats - 1);
    expect(s.turn).toBe(s.dealer);
    expect(s.dealer).toBe(s.firstDealer);
    expect(s.phase).toBe('draw');
    expectAccounted(s);
  });

  it('uses 108 cards with the option of 4 jokers', () => {
    const s = setup({ ...O, jokers: 4 }, 4, 'four-jokers');
    expect([...s.hands.flat(), ...s.stock, ...s.discardPile]).toHaveLength(108);
    expect(rommePack(4).filter((c) => c.startsWith('Joker'))).toHaveLength(4);
    expectAccounted(s);
  });

  it('gives the first dealer to the highest card of the seat draw, ties drawing again', () => {
    for (let i = 0; i < 20; i++) {
      const s = setup(O, 4, `draw-${i}`);
      const last = s.draw[s.draw.length - 1]!;
      const rank = (label: string) => ({ A: 14, K: 13, Q: 12, J: 11 })[label.slice(0, -1)] ?? Number(label.slice(0, -1));
      const high = Math.max(...last.map((d) => rank(d.card)));
      expect(last.filter((d) => rank(d.card) === high).map((d) => d.seat)).toEqual([s.firstDealer]);
      for (const row of s.draw.slice(0, -1))
        expect(row.filter((d) => rank(d.card) === Math.max(...row.map((x) => rank(x.card)))).length).toBeGreaterThan(1);
    }
  });

  it('starts with the dealer, who begins by drawing', () => {
    const s = setup(O, 3, 'dealer-first');
    expect(toAct(s)).toEqual([s.dealer]);
    expect(legalMoves(s, s.dealer)).toEqual([DRAW_STOCK(), DRAW_PILE()]);
    expectRefused(s, s.dealer, { type: 'discard', card: s.hands[s.dealer]![0]! }, 'draw_first');
  });

  it.each(
    titled(
      [
        { forehand: false, who: 'the dealer' },
        { forehand: true, who: 'forehand' },
      ],
      (r) => `with start-with-14, ${r.who} gets a 14th card, there is no turn-up, and play starts without a draw`,
    ),
  )('%s', (_, { forehand }) => {
    const s = setup({ ...O, startWith14: true, fourteenthToForehand: forehand }, 4, 'fourteen');
    const starter = forehand ? (s.dealer + 1) % 4 : s.dealer;
    expect(s.hands.map((h) => h.length)).toEqual([0, 1, 2, 3].map((seat) => (seat === starter ? 14 : 13)));
    expect(s.discardPile).toEqual([]);
    expect(s.stock).toHaveLength(110 - 53);
    expect(s.turn).toBe(starter);
    expect(s.phase).toBe('play');
    expectAccounted(s);
    expectRefused(s, starter, DRAW_STOCK(), 'already_drawn');
    const after = applyOrThrow(s, starter, { type: 'discard', card: s.hands[starter]![0]! }).state;
    expect(after.turn).toBe((starter + 1) % 4);
    expect(after.phase).toBe('draw');
    expect(after.discardPile).toEqual([s.hands[starter]![0]]);
  });
});

describe('the draw', () => {
  const base: Layout = { hands: ['2♣ 5♥ 9♦', '3♣ 6♥ 10♦'], discard: '4♣ 8♠', stockTop: 'K♦' };

  it('from the stock takes its top card, hidden from the others', () => {
    const s = arrange(base);
    const { state, events } = run(s, DRAW_STOCK);
    expect(labels(state.hands[0]!)).toBe('2♣ 5♥ 9♦ K♦');
    expect(state.stock).toEqual(s.stock.slice(0, -1));
    expect(state.phase).toBe('play');
    expect(state.takenFromDiscard).toBeNull();
    expect(events).toEqual([{ type: 'drew', seat: 0, from: 'stock', card: null }]);
  });

  it('from the discard pile takes its top card, in view of all', () => {
    const s = arrange(base);
    const { state, events } = run(s, DRAW_PILE);
    expect(labels(state.hands[0]!)).toBe('2♣ 5♥ 9♦ 8♠');
    expect(labels(state.discardPile)).toBe('4♣');
    expect(state.takenFromDiscard).toBe('8♠/0');
    expect(events).toEqual([{ type: 'drew', seat: 0, from: 'discard', card: '8♠/0' }]);
  });

  it('from an empty discard pile is refused', () => {
    expectRefused(arrange({ ...base, discard: '' }), 0, DRAW_PILE(), 'empty_pile');
  });

  it('is refused a second time in the turn, out of turn, and from nowhere', () => {
    const s = arrange(base);
    const drawn = run(s, DRAW_STOCK).state;
    expectRefused(drawn, 0, DRAW_STOCK(), 'already_drawn');
    expectRefused(drawn, 0, DRAW_PILE(), 'already_drawn');
    expectRefused(s, 1, DRAW_STOCK(), 'not_your_turn');
    expectRefused(s, 0, { type: 'draw', from: 'table' } as unknown as RommeMove, 'unknown_move');
  });
});

describe('the first meld', () => {
  const hand = '7♥ 7♣ 7♦ J♠ Q♠ K♠ 2♣ 3♣ 4♣ 9♦ 5♥';
  const playing = (options: Partial<RommeOptions> = {}) => arrange({ options, hands: [hand, '2♦ 6♥ 10♦'], phase: 'play' });

  it('under 40 is refused: 7-7-7 alone is worth 21', () => {
    const s = playing();
    expectRefused(s, 0, meld(s, 0, '7♥ 7♣ 7♦'), 'first_meld_minimum', /at least 40.*worth 21/);
    expectRefused(s, 0, meld(s, 0, 'J♠ Q♠ K♠'), 'first_meld_minimum', /worth 30/);
  });

  it('of 7-7-7 and J-Q-K together (51) is accepted in one move', () => {
    const s = playing();
    const { state, events } = run(s, (x) => meld(x, 0, '7♥ 7♣ 7♦', 'J♠ Q♠ K♠'));
    expect(events).toMatchObject([{ type: 'melded', seat: 0, value: 51 }]);
    expect(state.melds.map((m) => [m.no, m.owner, labels(m.cards)])).toEqual([
      [1, 0, '7♥ 7♣ 7♦'],
      [2, 0, 'J♠ Q♠ K♠'],
    ]);
    expect(state.hasMelded).toEqual([true, false]);
    expect(labels(state.hands[0]!)).toBe('2♣ 3♣ 4♣ 9♦ 5♥');
    // More melds of any value in the same turn.
    const more = run(state, (x) => meld(x, 0, '2♣ 3♣ 4♣'));
    expect(more.events).toMatchObject([{ type: 'melded', value: 9 }]);
  });

  it('of 30 is accepted with the option of a 30 minimum, and 21 still refused', () => {
    const s = playing({ firstMeldMinimum: 30 });
    expect(run(s, (x) => meld(x, 0, 'J♠ Q♠ K♠')).state.hasMelded[0]).toBe(true);
    expectRefused(s, 0, meld(s, 0, '7♥ 7♣ 7♦'), 'first_meld_minimum', /at least 30/);
  });

  it('counts an ace after the king as 11: Q-K-A + 7-7-7 = 52', () => {
    const s = arrange({ hands: ['Q♥ K♥ A♥ 7♥ 7♣ 7♦ 2♠ 9♦', '2♦'], phase: 'play' });
    expect(run(s, (x) => meld(x, 0, 'Q♥ K♥ A♥', '7♥ 7♣ 7♦')).events).toMatchObject([{ type: 'melded', value: 52 }]);
    const low = arrange({ hands: ['A♥ 2♥ 3♥ 7♥ 7♣ 7♦ 2♠ 9♦', '2♦'], phase: 'play' });
    expectRefused(low, 0, meld(low, 0, 'A♥ 2♥ 3♥', '7♥ 7♣ 7♦'), 'first_meld_minimum', /worth 27/);
  });

  it('needs a named end for an ambiguous joker', () => {
    const s = arrange({ hands: ['9♣ 10♣ Joker J♠ Q♠ K♠ 2♦', '2♥'], phase: 'play' });
    expectRefused(s, 0, meld(s, 0, '9♣ 10♣ Joker', 'J♠ Q♠ K♠'), 'ambiguous_joker');
    const low = run(s, (x) => meld(x, 0, ['9♣ 10♣ Joker', 8], 'J♠ Q♠ K♠'));
    expect(low.events).toMatchObject([{ type: 'melded', value: 57 }]);
    expect(low.state.melds[0]).toMatchObject({ kind: 'run', suit: '♣', start: 8, cards: ['Joker/0', '9♣/0', '10♣/0'] });
    const high = run(s, (x) => meld(x, 0, ['9♣ 10♣ Joker', 9], 'J♠ Q♠ K♠'));
    expect(high.events).toMatchObject([{ type: 'melded', value: 59 }]);
  });

  it('refuses invalid groups, cards not held and a card used twice', () => {
    const s = playing();
    expectRefused(s, 0, meld(s, 0, '7♥ 7♣ 9♦', 'J♠ Q♠ K♠'), 'not_a_meld', /neither a set/);
    expectRefused(s, 0, { type: 'meld', groups: [{ cards: ['7♥/0', '7♣/0', '7♠/0'] }] }, 'not_in_hand');
    const ids = heldAll(s, 0, '7♥ 7♣ 7♦');
    expectRefused(s, 0, { type: 'meld', groups: [{ cards: ids }, { cards: [ids[0]!, ...heldAll(s, 0, 'J♠ Q♠')] }] }, 'card_twice', /only one meld/);
    expectRefused(s, 0, { type: 'meld', groups: [] }, 'no_cards');
  });

  it('is refused before the draw and out of turn', () => {
    const s = arrange({ hands: [hand, '2♦ 6♥ 10♦'] });
    expectRefused(s, 0, meld(s, 0, '7♥ 7♣ 7♦', 'J♠ Q♠ K♠'), 'draw_first');
    const p = playing();
    expectRefused(p, 1, { type: 'discard', card: held(p, 1, '2♦') }, 'not_your_turn');
  });
});

describe('lay-offs and joker swaps around the first meld', () => {
  // Seat 1 has melded 5♥ 6♥ 7♥ (#1) and 9♣ Joker J♣ (#2). Seat 0 has drawn and is about to make its first meld.
  const start = arrange({
    hands: ['8♣ 8♦ 8♠ J♠ Q♠ K♠ 4♥ 10♣ 3♦ 4♦ 9♠ 2♣ 10♠ A♦', '2♥ 3♥ 5♠'],
    melds: [
      { owner: 1, cards: '5♥ 6♥ 7♥' },
      { owner: 1, cards: '9♣ Joker J♣' },
    ],
    stockTop: 'A♠ K♣',
    phase: 'play',
  });
  const swap10 = (s: RommeState, with_: string, start_?: number): RommeMove => ({
    type: 'swap',
    meld: 2,
    naturals: [held(s, 0, '10♣')],
    cards: with_ ? heldAll(s, 0, with_) : [],
    ...(start_ !== undefined ? { start: start_ } : {}),
  });

  it('refuses both before any meld of your own', () => {
    expectRefused(start, 0, { type: 'layOff', meld: 1, card: held(start, 0, '4♥') }, 'lay_off_first_meld');
    expectRefused(start, 0, swap10(start, '3♦ 4♦', 3), 'swap_first_meld');
  });

  const firstMeld = run(start, (s) => meld(s, 0, '8♣ 8♦ 8♠', 'J♠ Q♠ K♠')).state;

  it('refuses both in the turn of the first meld', () => {
    expect(firstMeld.firstMeldThisTurn).toBe(true);
    expectRefused(firstMeld, 0, { type: 'layOff', meld: 1, card: held(firstMeld, 0, '4♥') }, 'lay_off_first_meld');
    expectRefused(firstMeld, 0, swap10(firstMeld, '3♦ 4♦', 3), 'swap_first_meld');
    expect(view(firstMeld, 0)).toMatchObject({ mayLayOff: false, maySwap: false });
    expect(legalMoves(firstMeld, 0).filter((m) => m.type === 'layOff' || m.type === 'swap')).toEqual([]);
  });

  // Seat 0 discards A♦; seat 1 draws K♣ and discards it; seat 0 draws A♠.
  const nextTurn = run(firstMeld, discard('A♦'), DRAW_STOCK, discard('K♣'), DRAW_STOCK).state;

  it('allows a lay-off from the next turn on, on anyone’s meld', () => {
    expect(view(nextTurn, 0)).toMatchObject({ mayLayOff: true, maySwap: true });
    const { state, events } = run(nextTurn, (s) => ({ type: 'layOff', meld: 1, card: held(s, 0, '4♥') }));
    expect(events).toEqual([{ type: 'laidOff', seat: 0, meld: 1, card: '4♥/0' }]);
    expect(state.melds[0]).toMatchObject({ start: 4, owner: 1, cards: ['4♥/0', '5♥/0', '6♥/0', '7♥/0'] });
    // On one's own meld too.
    expect(run(state, (s) => ({ type: 'layOff', meld: 4, card: held(s, 0, '10♠') })).state.melds[3]).toMatchObject({
      kind: 'run',
      start: 10,
      owner: 0,
    });
  });

  it('refuses a lay-off that does not fit, on no meld, or of a card not held', () => {
    expectRefused(nextTurn, 0, { type: 'layOff', meld: 2, card: held(nextTurn, 0, '4♥') }, 'no_fit');
    expectRefused(nextTurn, 0, { type: 'layOff', meld: 9, card: held(nextTurn, 0, '4♥') }, 'no_meld');
    expectRefused(nextTurn, 0, { type: 'layOff', meld: 1, card: '8♥/1' }, 'not_in_hand');
  });

  it('allows a joker swap from the turn after the first meld, the joker melded at once', () => {
    const { state, events } = run(nextTurn, (s) => swap10(s, '3♦ 4♦', 3));
    expect(state.melds[1]).toMatchObject({ no: 2, owner: 1, cards: ['9♣/0', '10♣/0', 'J♣/0'] });
    expect(state.melds[4]).toMatchObject({ no: 5, owner: 0, kind: 'run', suit: '♦', start: 3, cards: ['3♦/0', '4♦/0', 'Joker/0'] });
    expect(events).toMatchObject([{ type: 'swapped', seat: 0, meld: 2, naturals: ['10♣/0'], newMeld: { no: 5 } }]);
    expect(state.hands[0]!.some((c) => c.startsWith('Joker'))).toBe(false);
  });

  it('refuses a swap whose joker cannot be melded at once, or that names no end', () => {
    expectRefused(nextTurn, 0, swap10(nextTurn, ''), 'swap_no_meld', /new meld at once: A meld needs at least three cards/);
    expectRefused(nextTurn, 0, swap10(nextTurn, '9♠'), 'swap_no_meld', /new meld at once: A meld needs at least three cards/);
    expectRefused(nextTurn, 0, swap10(nextTurn, '3♦ 4♦'), 'ambiguous_joker');
    expectRefused(nextTurn, 0, { type: 'swap', meld: 2, naturals: [held(nextTurn, 0, '9♠')], cards: heldAll(nextTurn, 0, '3♦ 4♦') }, 'no_swap');
    expectRefused(nextTurn, 0, { type: 'swap', meld: 1, naturals: [held(nextTurn, 0, '10♣')], cards: heldAll(nextTurn, 0, '3♦ 4♦') }, 'no_swap');
  });

  it('lists the swap among the legal moves', () => {
    expect(legalMoves(nextTurn, 0)).toContainEqual(swap10(nextTurn, '3♦ 4♦', 3));
  });
});

describe('joker swaps in sets', () => {
  const setTable = (strict: boolean) =>
    arrange({
      options: { strictSetSwap: strict },
      hands: ['7♦ 7♠ 2♣ 3♣ 9♥', '2♥ 3♥ 5♠'],
      melds: [
        { owner: 1, cards: '7♥ 7♣ Joker' },
        { owner: 0, cards: 'K♦ K♠ K♥' },
      ],
      phase: 'play',
    });

  it('takes a set joker for one missing suit', () => {
    const s = setTable(false);
    const { state } = run(s, (x) => ({ type: 'swap', meld: 1, naturals: [held(x, 0, '7♦')], cards: heldAll(x, 0, '2♣ 3♣'), start: 1 }));
    expect(labels(state.melds[0]!.cards)).toBe('7♥ 7♣ 7♦');
    expect(labels(state.melds[2]!.cards)).toBe('Joker 2♣ 3♣');
  });

  it('with strict set swap, only by completing four naturals of four suits', () => {
    const s = setTable(true);
    expectRefused(
      s,
      0,
      { type: 'swap', meld: 1, naturals: [held(s, 0, '7♦')], cards: heldAll(s, 0, '2♣ 3♣'), start: 1 },
      'no_swap_strict',
      /four natural cards/,
    );
    const { state } = run(s, (x) => ({ type: 'swap', meld: 1, naturals: heldAll(x, 0, '7♦ 7♠'), cards: heldAll(x, 0, '2♣ 3♣'), start: 1 }));
    expect(labels(state.melds[0]!.cards)).toBe('7♥ 7♣ 7♦ 7♠');
    expect(labels(state.hands[0]!)).toBe('9♥');
  });
});

describe('the card taken from the discard pile', () => {
  it('may not be discarded again in the same turn', () => {
    const s = arrange({ hands: ['2♣ 5♥ 9♦', '3♣'], discard: '4♣ 8♠' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, { type: 'discard', card: held(drawn, 0, '8♠') }, 'discard_taken');
    expect(
      legalMoves(drawn, 0)
        .filter((m) => m.type === 'discard')
        .map((m) => (m.type === 'discard' ? labelOf(m.card) : '')),
    ).toEqual(['2♣', '5♥', '9♦']);
    expect(run(drawn, discard('2♣')).state.discardPile.map(labelOf)).toEqual(['4♣', '2♣']);
  });

  it.each(
    titled(
      [
        { hand: '2♣ 8♠ 9♦', pile: '4♣ 8♠', banned: '8♠', discards: ['2♣', '9♦'], what: 'nor may its twin, the other 8♠' },
        { hand: '2♣ Joker 9♦', pile: '4♣ Joker', banned: 'Joker', discards: ['2♣', '9♦'], what: 'nor, after a joker, any other joker' },
      ],
      (r) => `may not be discarded again in the same turn, ${r.what}`,
    ),
  )('%s', (_, { hand, pile, banned, discards }) => {
    const drawn = run(arrange({ hands: [hand, '3♣'], discard: pile }), DRAW_PILE).state;
    const twins = drawn.hands[0]!.filter((c) => labelOf(c) === banned);
    expect(twins).toHaveLength(2);
    for (const card of twins) expectRefused(drawn, 0, { type: 'discard', card }, 'discard_taken', /identical/);
    expect(legalMoves(drawn, 0).flatMap((m) => (m.type === 'discard' ? [labelOf(m.card)] : []))).toEqual(discards);
  });

  it('may not be taken when the hand holds nothing but its twin (no card could be discarded)', () => {
    const s = arrange({ hands: ['8♠', '3♣'], melds: [{ owner: 0, cards: '3♥ 4♥ 5♥' }], discard: '8♠' });
    expectRefused(s, 0, DRAW_PILE(), 'pickup_no_discard', /8♠/);
    expect(legalMoves(s, 0)).toEqual([DRAW_STOCK()]);
  });

  it('may not be left in hand with only its twin after a meld', () => {
    const s = arrange({ hands: ['7♥ 7♣ 7♦ 8♠', '3♣'], melds: [{ owner: 0, cards: '3♥ 4♥ 5♥' }], discard: '8♠' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, meld(drawn, 0, '7♥ 7♣ 7♦'), 'keep_discard');
  });

  it('is no card to go out on by discarding its twin after melding the rest (below the minimum)', () => {
    const s = arrange({ hands: ['2♣ 3♣ 4♣ 8♠', '3♣'], discard: '8♠' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, meld(drawn, 0, '2♣ 3♣ 4♣'), 'first_meld_minimum');
  });

  it('may not be the only card left after a meld or a lay-off', () => {
    const s = arrange({ hands: ['7♥ 7♣ 7♦', '3♣'], melds: [{ owner: 0, cards: '3♥ 4♥ 5♥' }], discard: '8♠' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, meld(drawn, 0, '7♥ 7♣ 7♦'), 'keep_discard');
    const t = arrange({ hands: ['6♥', '3♣'], melds: [{ owner: 0, cards: '3♥ 4♥ 5♥' }], discard: '8♠' });
    const drawnT = run(t, DRAW_PILE).state;
    expectRefused(drawnT, 0, { type: 'layOff', meld: 1, card: held(drawnT, 0, '6♥') }, 'keep_discard');
    expect(legalMoves(drawnT, 0)).toEqual([{ type: 'discard', card: '6♥/0' }]);
  });
});

describe('the option: a card taken from the discard pile must be melded', () => {
  const PICKUP = { discardPickupMustBeMelded: true };

  it('lets a player take a card that completes a first meld, which it then counts toward', () => {
    const s = arrange({ options: PICKUP, hands: ['7♥ 7♣ J♠ Q♠ K♠ 2♦ 9♥', '3♣'], discard: '4♣ 7♦' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, { type: 'discard', card: held(drawn, 0, '2♦') }, 'use_taken', /7♦/);
    expectRefused(drawn, 0, meld(drawn, 0, 'J♠ Q♠ K♠'), 'first_meld_minimum');
    const { state, events } = run(drawn, (x) => meld(x, 0, '7♥ 7♣ 7♦', 'J♠ Q♠ K♠'), discard('2♦'));
    expect(events[0]).toMatchObject({ type: 'melded', value: 51 });
    expect(state.turn).toBe(1);
  });

  it('refuses to let a player take a card they could not meld or lay off', () => {
    const s = arrange({ options: PICKUP, hands: ['7♥ 7♣ J♠ Q♠ K♠ 2♦ 9♥', '3♣'], discard: '4♣ 2♥' });
    expectRefused(s, 0, DRAW_PILE(), 'unusable_pickup', /2♥/);
    expect(legalMoves(s, 0)).toEqual([DRAW_STOCK()]);
    // Without the option the same pick-up is fine, and so is discarding another card.
    const free = arrange({ hands: ['7♥ 7♣ J♠ Q♠ K♠ 2♦ 9♥', '3♣'], discard: '4♣ 2♥' });
    expect(run(free, DRAW_PILE, discard('9♥')).state.turn).toBe(1);
  });

  it('lets a player who has melded place the card in any order, but not end the turn before', () => {
    const s = arrange({ options: PICKUP, hands: ['4♥ 2♣ 9♦', '3♣'], melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }], discard: '8♥' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, { type: 'discard', card: held(drawn, 0, '2♣') }, 'use_taken', /8♥/);
    const { state } = run(
      drawn,
      (x) => ({ type: 'layOff', meld: 1, card: held(x, 0, '4♥') }),
      (x) => ({ type: 'layOff', meld: 1, card: held(x, 0, '8♥') }),
      discard('2♣'),
    );
    expect(labels(state.melds[0]!.cards)).toBe('4♥ 5♥ 6♥ 7♥ 8♥');
  });

  it('lists the lay-off of the card taken even when the hand holds its twin', () => {
    const s = arrange({ options: PICKUP, hands: ['8♥ 2♣ 9♦', '3♣'], melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }], discard: '8♥' });
    const drawn = run(s, DRAW_PILE).state;
    expect(drawn.takenFromDiscard).toBe('8♥/1');
    expect(legalMoves(drawn, 0)).toContainEqual({ type: 'layOff', meld: 1, card: '8♥/1' });
  });

  it('refuses a joker swap that leaves the card taken unused', () => {
    // 5♦ from the pile melds only with 3♦ 4♦; a swap that used them would leave 5♦ stuck in hand.
    const s = arrange({
      options: PICKUP,
      hands: ['10♣ 3♦ 4♦ 2♠ 9♥', '3♣'],
      melds: [
        { owner: 0, cards: 'K♠ K♥ K♦' },
        { owner: 1, cards: '9♣ Joker J♣' },
      ],
      discard: '5♦',
    });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(
      drawn,
      0,
      { type: 'swap', meld: 2, naturals: [held(drawn, 0, '10♣')], cards: heldAll(drawn, 0, '3♦ 4♦'), start: 3 },
      'strands_taken',
      /5♦/,
    );
    const { state } = run(drawn, (x) => meld(x, 0, '3♦ 4♦ 5♦'), discard('2♠'));
    expect(state.turn).toBe(1);
  });
});

describe('the option: the card taken must be melded, whenever some way of playing out the turn melds it', () => {
  const PICKUP = { discardPickupMustBeMelded: true };
  /** A turn: seat 0 takes the pile's top card, then plays `moves`; `value` is the first meld's worth. */
  interface Row {
    what: string;
    hand: string;
    pile: string;
    melds?: { owner: Seat; cards: string }[];
    moves: ((s: RommeState) => RommeMove)[];
    value?: number;
    out?: boolean;
  }
  /** A meld move of groups of labels, each card (a joker too) taken from seat 0's hand once. */
  const m =
    (...groups: string[]) =>
    (s: RommeState): RommeMove => {
      const used = new Set<CardId>();
      const pick = (label: string): CardId => {
        const id = s.hands[0]!.find((c) => labelOf(c) === label && !used.has(c));
        if (!id) throw new Error(`no (further) ${label}`);
        used.add(id);
        return id;
      };
      return { type: 'meld', groups: groups.map((g) => ({ cards: g.split(' ').map(pick) })) };
    };
  const lay =
    (label: string, no = 1) =>
    (s: RommeState): RommeMove => ({ type: 'layOff', meld: no, card: held(s, 0, label) });
  it.each(
    titled<Row>(
      [
        {
          what: 'the issue’s hand: 8♣ melded with 8♠ and a joker beside 10♠ 10♦ Joker and 3♥ 4♥ 5♥ (66), then 9♦ discarded',
          hand: '10♦ 4♥ 8♠ Joker 5♥ Joker 9♦ 3♥ K♦ A♠ A♠ 10♠ 2♠',
          pile: '8♣',
          moves: [m('8♣ 8♠ Joker', '10♠ 10♦ Joker', '3♥ 4♥ 5♥'), discard('9♦')],
          value: 66,
        },
        {
          what: 'the same hand, the melds in another order',
          hand: '10♦ 4♥ 8♠ Joker 5♥ Joker 9♦ 3♥ K♦ A♠ A♠ 10♠ 2♠',
          pile: '8♣',
          moves: [m('3♥ 4♥ 5♥', '10♠ 10♦ Joker', '8♣ 8♠ Joker'), discard('9♦')],
          value: 66,
        },
        {
          what: 'a first meld without it (60), then its own meld (no minimum), then a discard',
          hand: 'J♠ Q♠ K♠ 10♥ J♥ Q♥ 2♦ 3♦ 9♣ 9♥',
          pile: '4♦',
          moves: [m('J♠ Q♠ K♠', '10♥ J♥ Q♥'), m('2♦ 3♦ 4♦'), discard('9♣')],
          value: 60,
        },
        {
          what: 'going out at once below the minimum (32 of 40)',
          hand: 'A♣ 2♣ 3♣ A♦ 2♦ 3♦ A♥ 2♥ 3♥ 4♥ A♠ 2♠ 3♠',
          pile: '4♠',
          moves: [m('A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥', 'A♠ 2♠ 3♠ 4♠')],
          value: 32,
          out: true,
        },
        {
          what: 'going out at once below the minimum with a last discard (28 of 40)',
          hand: 'A♣ 2♣ 3♣ A♦ 2♦ 3♦ A♥ 2♥ 3♥ 4♥ A♠ 2♠ 9♦',
          pile: '3♠',
          moves: [m('A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥', 'A♠ 2♠ 3♠'), discard('9♦')],
          value: 28,
          out: true,
        },
        {
          what: 'after a first meld: laid off on a run that another card extends first (8♥, then 9♥ on 5♥ 6♥ 7♥)',
          hand: '8♥ 2♣ 9♦',
          pile: '9♥',
          melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }],
          moves: [lay('8♥'), lay('9♥'), discard('2♣')],
        },
      ],
      (r) => `may be taken and placed: ${r.what}`,
    ),
  )('%s', (_, row) => {
    const s = arrange({ seats: 2, options: { ...PICKUP, deals: 1 }, hands: [row.hand, '3♣ 6♦ 10♣'], discard: row.pile, melds: row.melds });
    expect(legalMoves(s, 0)).toContainEqual(DRAW_PILE());
    const drawn = run(s, DRAW_PILE).state;
    // The engine offers a move that places it (the computer players rely on one).
    expect(legalMoves(drawn, 0).some((x) => x.type !== 'discard')).toBe(true);
    const { state, events } = run(drawn, ...row.moves);
    if (row.value !== undefined) expect(events.find((e) => e.type === 'melded')).toMatchObject({ value: row.value });
    expect(scored(events).map((x) => x.winner)).toEqual(row.out ? [0] : []);
    if (!row.out) expect(state.turn).toBe(1);
  });

  it('refuses a move that would leave no way to place it, and a discard while it is held', () => {
    const s = arrange({ options: PICKUP, hands: ['J♠ Q♠ K♠ 10♥ J♥ Q♥ 2♦ 3♦ 2♣ 2♥ 9♣', '3♣'], discard: '4♦' });
    const drawn = run(s, DRAW_PILE).state;
    expectRefused(drawn, 0, meld(drawn, 0, 'J♠ Q♠ K♠', '10♥ J♥ Q♥', '2♦ 2♣ 2♥'), 'strands_taken', /4♦/);
    expectRefused(drawn, 0, discard('9♣')(drawn), 'use_taken', /4♦/);
    const { state } = run(drawn, (x) => meld(x, 0, 'J♠ Q♠ K♠', '10♥ J♥ Q♥', '2♦ 3♦ 4♦'), discard('9♣'));
    expect(state.turn).toBe(1);
  });
});

describe('going out', () => {
  /** Three seats; seat 0 to play with `hand`; seat 1 holds A K Joker 7 (58), seat 2 holds 2 10 Q (22). */
  const table = (hand: string, patch: Partial<Layout> = {}) =>
    arrange({ seats: 3, options: { deals: 1, ...patch.options }, hands: [hand, 'A♠ K♥ Joker 7♦', '2♦ 10♦ Q♥'], phase: 'play', ...patch });
  const melded = { melds: [{ owner: 0 as Seat, cards: '5♥ 6♥ 7♥' }] };
  const onlyScore = (events: RommeEvent[]) => {
    const s = scored(events);
    expect(s).toHaveLength(1);
    return s[0]!;
  };

  it('by melding every card wins the deal; the others score their hands', () => {
    const { state, events } = run(table('2♣ 3♣ 4♣', melded), (x) => meld(x, 0, '2♣ 3♣ 4♣'));
    expect(events.map((e) => e.type)).toEqual(['melded', 'wentOut', 'dealScored', 'gameOver']);
    expect(onlyScore(events)).toEqual({ dealNo: 0, dealer: state.dealer, winner: 0, handRomme: false, penalties: [0, 58, 22] });
    expect(state.phase).toBe('over');
    expect(result(state)).toMatchObject({ totals: [0, 58, 22], ranks: [1, 3, 2] });
  });

  it('by a last card discarded face down', () => {
    const { events } = run(table('2♣ 3♣ 4♣ 9♦', melded), (x) => meld(x, 0, '2♣ 3♣ 4♣'), discard('9♦'));
    expect(events.map((e) => e.type)).toEqual(['melded', 'discarded', 'wentOut', 'dealScored', 'gameOver']);
    expect(onlyScore(events)).toMatchObject({ winner: 0, penalties: [0, 58, 22] });
  });

  it('by a last lay-off', () => {
    const { events } = run(table('8♥', melded), (x) => ({ type: 'layOff', meld: 1, card: held(x, 0, '8♥') }));
    expect(onlyScore(events)).toMatchObject({ winner: 0, penalties: [0, 58, 22] });
  });

  it('by a last joker, laid off', () => {
    const { events } = run(table('Joker', melded), (x) => ({ type: 'layOff', meld: 1, card: held(x, 0, 'Joker'), end: 'high' }));
    expect(onlyScore(events)).toMatchObject({ winner: 0 });
  });

  it('by discarding a joker', () => {
    const { events } = run(table('2♣ 3♣ 4♣ Joker', melded), (x) => meld(x, 0, '2♣ 3♣ 4♣'), discard('Joker'));
    expect(onlyScore(events)).toMatchObject({ winner: 0 });
  });

  const ALL_AT_ONCE = 'A♣ 2♣ 3♣ A♦ 2♦ 3♦ A♥ 2♥ 3♥ 4♥ A♠ 2♠ 3♠ 4♠';
  const AT_ONCE_GROUPS = ['A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥', 'A♠ 2♠ 3♠ 4♠'];

  it('all at once needs no first-meld minimum (32 of 40)', () => {
    const s = arrange({ seats: 3, options: { deals: 1 }, hands: [ALL_AT_ONCE, 'A♣ K♥ Joker 7♦', '2♣ 10♦ Q♥'], phase: 'play' });
    const { events } = run(s, (x) => meld(x, 0, ...AT_ONCE_GROUPS));
    expect(events[0]).toMatchObject({ type: 'melded', value: 32 });
    expect(onlyScore(events)).toMatchObject({ winner: 0, handRomme: false, penalties: [0, 58, 22] });
  });

  it('all at once with a final discard needs no minimum either (28 of 40)', () => {
    const s = arrange({ seats: 3, options: { deals: 1 }, hands: [ALL_AT_ONCE.replace('4♠', '9♦'), 'A♣ K♥ Joker 7♦', '2♣ 10♦ Q♥'], phase: 'play' });
    const { events } = run(s, (x) => meld(x, 0, 'A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥', 'A♠ 2♠ 3♠'), discard('9♦'));
    expect(onlyScore(events)).toMatchObject({ winner: 0, handRomme: false });
  });

  it('is no excuse for a small first meld that keeps two cards, or only the card taken from the pile', () => {
    const s = arrange({ seats: 2, hands: [ALL_AT_ONCE, '2♣'], phase: 'play' });
    expectRefused(s, 0, meld(s, 0, 'A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥'), 'first_meld_minimum');
    const t = arrange({ seats: 2, hands: [ALL_AT_ONCE.replace(' 4♠', ''), '2♣'], discard: '9♦' });
    const drawn = run(t, DRAW_PILE).state;
    expectRefused(drawn, 0, meld(drawn, 0, 'A♣ 2♣ 3♣', 'A♦ 2♦ 3♦', 'A♥ 2♥ 3♥ 4♥', 'A♠ 2♠ 3♠'), 'first_meld_minimum');
  });

  describe('with Hand-Rommé', () => {
    const HR = { deals: 1, handRomme: true };
    it('doubles the others’ penalty when a player goes out all at once', () => {
      const s = arrange({ seats: 3, options: HR, hands: [ALL_AT_ONCE, 'A♣ K♥ Joker 7♦', '2♣ 10♦ Q♥'], phase: 'play' });
      const { events } = run(s, (x) => meld(x, 0, ...AT_ONCE_GROUPS));
      expect(events).toContainEqual({ type: 'wentOut', seat: 0, handRomme: true });
      expect(onlyScore(events)).toMatchObject({ winner: 0, handRomme: true, penalties: [0, 116, 44] });
    });

    it('doubles with a final discard and with several melds in the turn', () => {
      const s = arrange({ seats: 3, options: HR, hands: ['J♠ Q♠ K♠ 10♥ 10♣ 10♦ 2♣ 3♣ 4♣ 9♦', 'A♣ K♥ Joker 7♦', '2♦ 10♠ Q♥'], phase: 'play' });
      const { events } = run(
        s,
        (x) => meld(x, 0, 'J♠ Q♠ K♠', '10♥ 10♣ 10♦'),
        (x) => meld(x, 0, '2♣ 3♣ 4♣'),
        discard('9♦'),
      );
      expect(onlyScore(events)).toMatchObject({ handRomme: true, penalties: [0, 116, 44] });
    });

    it('does not double for a player who had melded before', () => {
      const s = table('2♣ 3♣ 4♣', { ...melded, options: HR });
      const { events } = run(s, (x) => meld(x, 0, '2♣ 3♣ 4♣'));
      expect(onlyScore(events)).toMatchObject({ handRomme: false, penalties: [0, 58, 22] });
    });
  });
});

describe('penalty points', () => {
  it.each(
    titled(
      [
        { hand: '2♣', value: 2 },
        { hand: '9♦', value: 9 },
        { hand: '10♥', value: 10 },
        { hand: 'J♠', value: 10 },
        { hand: 'Q♥', value: 10 },
        { hand: 'K♦', value: 10 },
        { hand: 'A♣', value: 11 },
        { hand: 'Joker', value: 30 },
        { hand: 'A♠ K♥ Joker 7♦', value: 58 },
        { hand: '', value: 0 },
      ],
      (r) => `${r.hand || 'an empty hand'} costs ${r.value}`,
    ),
  )('%s', (_, { hand, value }) => {
    expect(handPenalty(cards(hand), 30)).toBe(value);
  });

  it.each([30, 25, 20])('a joker left in hand costs %i with that option, through the engine', (jokerValue) => {
    const s = arrange({
      seats: 2,
      options: { deals: 1, jokerValue },
      hands: ['2♣ 3♣ 4♣', 'Joker 5♠'],
      melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }],
      phase: 'play',
    });
    const { events } = run(s, (x) => meld(x, 0, '2♣ 3♣ 4♣'));
    expect(scored(events)[0]?.penalties).toEqual([0, jokerValue + 5]);
  });
});

describe('the stock', () => {
  // Every card not in a hand lies in the discard pile (5♣ on top); the stock is empty.
  const empty = (patch: Partial<Layout> = {}) =>
    arrange({ options: { deals: 1 }, hands: ['2♣ 5♥ 9♦', '3♣ 6♥'], discard: '5♣', rest: 'discard', ...patch });

  it('is rebuilt once from the discard pile under its top card, shuffled', () => {
    const s = empty();
    expect(s.stock).toEqual([]);
    const pile = s.discardPile;
    const { state, events } = run(s, DRAW_STOCK);
    expect(events).toEqual([
      { type: 'restocked', size: pile.length - 1 },
      { type: 'drew', seat: 0, from: 'stock', card: null },
    ]);
    expect(state.discardPile).toEqual(['5♣/0']);
    expect(state.restocks).toBe(1);
    expect([...state.stock, state.hands[0]![3]!].sort()).toEqual(pile.slice(0, -1).sort());
    expect(state.stock).not.toEqual(pile.slice(0, -2));
    // Seeded: the same state rebuilds the same stock.
    expect(run(s, DRAW_STOCK).state.stock).toEqual(state.stock);
  });

  it('need not be rebuilt when the player takes the discard instead', () => {
    const { state, events } = run(empty(), DRAW_PILE);
    expect(events).toEqual([{ type: 'drew', seat: 0, from: 'discard', card: '5♣/0' }]);
    expect(state.restocks).toBe(0);
    expect(state.stock).toEqual([]);
  });

  it('running out the second time ends the deal with no winner, everyone scoring their hand', () => {
    const { state, events } = run(empty({ restocks: 1 }), DRAW_STOCK);
    expect(events.map((e) => e.type)).toEqual(['stockExhausted', 'dealScored', 'gameOver']);
    expect(scored(events)[0]).toEqual({ dealNo: 0, dealer: state.dealer, winner: null, handRomme: false, penalties: [16, 9] });
  });

  it('runs out the second time in play: rebuilt, drawn down, then the deal ends', () => {
    // Two cards in the stock: seat 0 and seat 1 draw them; seat 0 finds it empty (first time, rebuilt), …
    let s = empty({ stockTop: '9♠ 8♠', discard: '5♣' });
    s = run(s, DRAW_STOCK, discard('8♠'), DRAW_STOCK, discard('9♠')).state;
    expect(s.stock).toEqual([]);
    const rebuilt = run(s, DRAW_STOCK);
    expect(rebuilt.events[0]).toMatchObject({ type: 'restocked' });
    s = rebuilt.state;
    // … the rebuilt stock is drawn down by turns …
    let guard = 0;
    while (s.stock.length > 0) {
      if (guard++ > 200) throw new Error('no end');
      s = applyOrThrow(s, s.turn, { type: 'discard', card: s.hands[s.turn]![0]! }).state;
      s = applyOrThrow(s, s.turn, DRAW_STOCK()).state;
    }
    s = applyOrThrow(s, s.turn, { type: 'discard', card: s.hands[s.turn]![0]! }).state;
    const end = applyOrThrow(s, s.turn, DRAW_STOCK());
    expect(end.events.map((e) => e.type)).toEqual(['stockExhausted', 'dealScored', 'gameOver']);
    expect(scored(end.events)[0]?.winner).toBeNull();
    expect(scored(end.events)[0]?.penalties).toEqual(s.hands.map((h) => handPenalty(h, 30)));
  });
});

describe('the game', () => {
  /**
   * The state at the start of a deal rearranged so the seat to move goes out at once with 2♣ 3♣ 4♣; the
   * other seats hold `others(seat)`, the rest is the stock. The deal number, dealer and scores are kept.
   */
  function quickDeal(s: RommeState, others: (seat: Seat) => string): RommeState {
    const taken = new Set<CardId>();
    const hands = Array.from({ length: s.seats }, (_, seat) => cards(seat === s.turn ? '2♣ 3♣ 4♣' : others(seat), taken));
    const stock = rommePack(s.options.jokers).filter((c) => !taken.has(c));
    return {
      ...s,
      hands,
      stock,
      discardPile: [],
      melds: [],
      hasMelded: new Array<boolean>(s.seats).fill(false),
      phase: 'play',
      meldedBeforeTurn: false,
    };
  }
  /** A five of a different suit for each seat (no more than two copies of any). */
  const five = (seat: Seat): string => ['5♠', '5♥', '5♦', '5♣'][seat % 4]!;
  /** Play quick deals until the game is over; returns the final state. */
  function playQuick(options: Partial<RommeOptions>, seats: number, others: (seat: Seat) => string): RommeState {
    let s = setup({ ...O, ...options }, seats, 'quick');
    for (let i = 0; s.phase !== 'over'; i++) {
      if (i > 50) throw new Error('the game does not end');
      expect(result(s)).toBeNull();
      s = quickDeal(s, others);
      expectAccounted(s);
      s = applyOrThrow(s, s.turn, meld(s, s.turn, '2♣ 3♣ 4♣')).state;
    }
    return s;
  }

  it.each([2, 3, 4, 5, 6])('lasts one deal per player by default, %i players each dealing once in seat order', (seats) => {
    const s = playQuick({}, seats, five);
    expect(s.deals).toHaveLength(seats);
    expect(s.deals.map((d) => d.dealer)).toEqual(Array.from({ length: seats }, (_, k) => (s.firstDealer + k) % seats));
    expect(s.deals.map((d) => d.dealNo)).toEqual(Array.from({ length: seats }, (_, k) => k));
    // Each dealer went out on the first turn: every seat wins once and pays 5 in the others' deals.
    expect(result(s)).toMatchObject({ totals: new Array(seats).fill(5 * (seats - 1)), ranks: new Array(seats).fill(1) });
  });

  it('lasts the number of deals chosen', () => {
    const s = playQuick({ deals: 2 }, 4, five);
    expect(s.deals).toHaveLength(2);
    expect(view(s, null).totalDeals).toBe(2);
  });

  it('with a penalty limit, lasts until a total reaches it, however many deals that takes', () => {
    // Seat 1 pays 58 whenever it does not go out (it goes out only in its own deals as dealer).
    const s = playQuick({ penaltyLimit: 200 }, 3, (seat) => (seat === 1 ? 'A♠ K♥ Joker 7♦' : five(seat)));
    const t = result(s)!.totals;
    expect(Math.max(...t)).toBeGreaterThanOrEqual(200);
    expect(s.deals.length).toBeGreaterThan(3);
    // One deal earlier no one had reached it.
    const before = s.deals.slice(0, -1).reduce((acc, d) => acc.map((x, i) => x + d.penalties[i]!), [0, 0, 0]);
    expect(Math.max(...before)).toBeLessThan(200);
    expect(view(s, null).totalDeals).toBeNull();
  });

  it('ends: no one to act, no legal moves, every move refused', () => {
    const s = playQuick({ deals: 1 }, 2, five);
    expect(toAct(s)).toEqual([]);
    expect(legalMoves(s, 0)).toEqual([]);
    expect(legalMoves(s, 1)).toEqual([]);
    expectRefused(s, s.turn, DRAW_STOCK(), 'game_over');
  });

  it.each(
    titled(
      [
        { totals: [10, 0, 10, 5], ranks: [3, 1, 3, 2] },
        { totals: [7, 7, 7], ranks: [1, 1, 1] },
        { totals: [0, 58, 22], ranks: [1, 3, 2] },
        { totals: [4, 4, 9, 1, 9, 0], ranks: [3, 3, 5, 2, 5, 1] },
      ],
      (r) => `ranks totals ${r.totals.join(', ')} as ${r.ranks.join(', ')}: lowest first, equal totals sharing`,
    ),
  )('%s', (_, { totals, ranks }) => {
    expect(ranksOf(totals)).toEqual(ranks);
  });
});

describe('refusals', () => {
  const s = arrange({ hands: ['2♣ 5♥ 9♦', '3♣ 6♥ 10♦'], discard: '4♣' });
  const p = run(s, DRAW_STOCK).state;

  it.each(
    titled(
      [
        { state: s, seat: 1, move: DRAW_STOCK(), code: 'not_your_turn', what: 'drawing out of turn' },
        { state: p, seat: 1, move: { type: 'discard', card: '3♣/0' }, code: 'not_your_turn', what: 'discarding out of turn' },
        { state: p, seat: 0, move: DRAW_STOCK(), code: 'already_drawn', what: 'drawing twice' },
        {
          state: s,
          seat: 0,
          move: { type: 'meld', groups: [{ cards: ['2♣/0', '5♥/0', '9♦/0'] }] },
          code: 'draw_first',
          what: 'melding before drawing',
        },
        { state: s, seat: 0, move: { type: 'discard', card: '2♣/0' }, code: 'draw_first', what: 'discarding before drawing' },
        { state: s, seat: 0, move: { type: 'layOff', meld: 1, card: '2♣/0' }, code: 'draw_first', what: 'laying off before drawing' },
        { state: p, seat: 0, move: { type: 'discard', card: '3♣/0' }, code: 'not_in_hand', what: 'discarding a card not held' },
        { state: p, seat: 0, move: { type: 'pass' }, code: 'unknown_move', what: 'a move that does not exist' },
        { state: p, seat: 0, move: null, code: 'unknown_move', what: 'no move at all' },
      ] as { state: RommeState; seat: Seat; move: RommeMove; code: string; what: string }[],
      (r) => `refuses ${r.what} (${r.code})`,
    ),
  )('%s', (_, { state, seat, move, code }) => {
    expectRefused(state, seat, move, code);
  });

  it('gives legal moves only to the seat to act', () => {
    expect(legalMoves(s, 1)).toEqual([]);
    expect(legalMoves(s, 0).length).toBeGreaterThan(0);
  });
});

describe('a run of natural cards only', () => {
  const HEARTS = 'A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥';
  // 2 to 10 are 54, J Q K 30: with the ace high (11) 95, with the ace low (1) 85.
  it.each(
    titled(
      [
        { corner: false, start: undefined, value: 95, first: '2♥', what: 'A to K, around the corner off: the ace high' },
        { corner: false, start: 1, value: 85, first: 'A♥', what: 'A to K with the ace low asked for' },
        { corner: true, start: undefined, value: 95, first: '2♥', what: 'A to K, around the corner on: the ace high' },
        { corner: true, start: 7, value: 95, first: '7♥', what: 'A to K around the corner from 7♥' },
      ],
      (r) => `is never refused for a joker it does not have: ${r.what} (${r.value})`,
    ),
  )('%s', (_, { corner, start, value, first }) => {
    const s = arrange({ options: { aroundTheCorner: corner, deals: 1 }, hands: [`${HEARTS} 9♣`, '3♣'], phase: 'play' });
    const move: RommeMove = { type: 'meld', groups: [{ cards: heldAll(s, 0, HEARTS), ...(start ? { start } : {}) }] };
    const r = apply(s, 0, move);
    expect(r.ok, r.ok ? '' : r.reason.code).toBe(true);
    if (!r.ok) return;
    const melded = r.events.find((e) => e.type === 'melded');
    expect(melded).toMatchObject({ value });
    expect(labelOf(r.state.melds[0]!.cards[0]!)).toBe(first);
  });

  it('with a joker still asks what the joker stands for', () => {
    const s = arrange({ hands: ['9♣ 10♣ Joker J♠ Q♠ K♠ 2♦', '3♣'], phase: 'play' });
    expectRefused(s, 0, meld(s, 0, '9♣ 10♣ Joker', 'J♠ Q♠ K♠'), 'ambiguous_joker');
  });
});
