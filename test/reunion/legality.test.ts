/**
 * Réunion legality: following suit with the left bower as a trump, must-trump, no overtrump duty,
 * trick ranking, and the dealer's discard restrictions. Every expected value comes from
 * docs/rules/reunion.md (§ Trumps and ranking, § Deal 4., § Play).
 *
 * States are built by hand from a `setup` state: only the fields a rule looks at are set.
 */
import { describe, expect, it } from 'vitest';
import { type Card, type Suit, makeCard } from '../../src/cards/french.ts';
import { apply, setup } from '../../src/games/reunion/engine.ts';
import { checkDiscard, checkPlay, legalMoves, playableCards } from '../../src/games/reunion/legal.ts';
import { effectiveSuit, isTrump, leftBower, rightBower, strength, trickWinnerIndex } from '../../src/games/reunion/ranking.ts';
import { DEFAULT_OPTIONS, type ReunionMove, type ReunionState } from '../../src/games/reunion/types.ts';
import { describeReason } from '../../src/games/types.ts';
import { reunionUi } from '../../src/discord/games/reunion/index.ts';
import { ENGLISH } from '../../src/i18n/index.ts';

const base = setup(DEFAULT_OPTIONS, 3, 'legality');

/** Pair each table row with a readable test name (vitest quotes and truncates `$field` names). */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** A state from `setup` with some fields replaced. */
function withState(patch: Partial<ReunionState>): ReunionState {
  return { ...base, ...patch };
}

/**
 * A play-phase state where seat 0 led, the cards in `trick` have been played by seats 0, 1, …,
 * and the next seat (trick.length) holds `hand`. Other hands are empty.
 */
function playing(trump: Suit, trick: Card[], hand: Card[]): { state: ReunionState; seat: number } {
  const seat = trick.length;
  const hands: Card[][] = [[], [], []];
  hands[seat] = hand;
  const state = withState({
    phase: 'play',
    trump,
    turnUp: makeCard('7', trump),
    dealer: 2,
    leader: 0,
    hands,
    trick: trick.map((card, i) => ({ seat: i, card })),
    discard: ['8♣', '9♣'],
  });
  return { state, seat };
}

describe('trumps and bowers', () => {
  it.each([
    ['♥', 'J♥', 'J♦'],
    ['♦', 'J♦', 'J♥'],
    ['♣', 'J♣', 'J♠'],
    ['♠', 'J♠', 'J♣'],
  ] as const)('with trump %s the right bower is %s and the left bower %s', (trump, right, left) => {
    expect(rightBower(trump)).toBe(right);
    expect(leftBower(trump)).toBe(left);
    expect(effectiveSuit(left, trump)).toBe(trump);
    expect(isTrump(left, trump)).toBe(true);
  });

  it('counts the left bower as a trump and not as its printed suit (trump ♥: J♦ is a heart)', () => {
    expect(isTrump('J♦', '♥')).toBe(true);
    expect(effectiveSuit('J♦', '♥')).toBe('♥');
  });

  it('leaves the jacks of the opposite colour in their own suits (trump ♥: J♣ and J♠ are not trumps)', () => {
    expect(isTrump('J♣', '♥')).toBe(false);
    expect(isTrump('J♠', '♥')).toBe(false);
    expect(effectiveSuit('J♣', '♥')).toBe('♣');
  });

  it('has 9 trumps, ranked RB LB A 10 K Q 9 8 7', () => {
    const order: Card[] = ['J♥', 'J♦', 'A♥', '10♥', 'K♥', 'Q♥', '9♥', '8♥', '7♥'];
    const s = order.map((c) => strength(c, '♥'));
    for (let i = 1; i < s.length; i++) expect(s[i - 1]).toBeGreaterThan(s[i] as number);
  });

  it('ranks a plain suit A 10 K Q J 9 8 7', () => {
    const order: Card[] = ['A♣', '10♣', 'K♣', 'Q♣', 'J♣', '9♣', '8♣', '7♣'];
    const s = order.map((c) => strength(c, '♥'));
    for (let i = 1; i < s.length; i++) expect(s[i - 1]).toBeGreaterThan(s[i] as number);
  });
});

describe('who wins a trick', () => {
  // The first card is the lead; the expected winner is the card that takes the trick.
  it.each(
    titled(
      [
        { rule: 'the right bower beats the left bower', trump: '♥', cards: ['J♦', 'J♥', 'A♥'], winner: 'J♥' },
        { rule: 'the left bower beats the ace of trumps', trump: '♥', cards: ['A♥', 'J♦', '10♥'], winner: 'J♦' },
        { rule: 'the right bower beats the ace of trumps', trump: '♠', cards: ['A♠', 'K♠', 'J♠'], winner: 'J♠' },
        { rule: 'the ace of trumps beats the ten of trumps', trump: '♥', cards: ['K♥', '10♥', 'A♥'], winner: 'A♥' },
        { rule: 'the ten of trumps beats the king of trumps', trump: '♥', cards: ['K♥', 'Q♥', '10♥'], winner: '10♥' },
        { rule: 'the queen of trumps beats the nine of trumps', trump: '♥', cards: ['9♥', 'Q♥', '7♥'], winner: 'Q♥' },
        { rule: 'the lowest trump beats the ace of the suit led', trump: '♥', cards: ['A♣', '7♥', '10♣'], winner: '7♥' },
        { rule: 'the left bower played on a diamond lead wins as a trump', trump: '♥', cards: ['A♦', 'J♦', '10♦'], winner: 'J♦' },
        { rule: 'the left bower as a trump beats the led ace of its printed suit', trump: '♦', cards: ['A♥', 'J♥', '10♥'], winner: 'J♥' },
        { rule: 'the highest card of the suit led wins without trumps', trump: '♥', cards: ['10♣', 'K♣', 'A♣'], winner: 'A♣' },
        { rule: 'the ten beats the king in a plain suit', trump: '♥', cards: ['K♠', '10♠', 'Q♠'], winner: '10♠' },
        { rule: 'the queen beats the jack in a plain suit', trump: '♥', cards: ['J♣', 'Q♣', '9♣'], winner: 'Q♣' },
        { rule: 'a plain jack beats the nine', trump: '♥', cards: ['9♣', 'J♣', '8♣'], winner: 'J♣' },
        { rule: 'an ace of another plain suit does not beat the card led', trump: '♥', cards: ['7♣', 'A♠', 'A♦'], winner: '7♣' },
        { rule: 'a jack of the opposite colour is not a trump', trump: '♥', cards: ['A♣', 'J♠', 'J♣'], winner: 'A♣' },
        { rule: 'a led left bower is beaten only by the right bower', trump: '♣', cards: ['J♠', 'A♣', 'J♣'], winner: 'J♣' },
        { rule: 'a led left bower beats the ace of trumps', trump: '♣', cards: ['J♠', 'A♣', '10♣'], winner: 'J♠' },
      ] as { rule: string; trump: Suit; cards: Card[]; winner: Card }[],
      (c) => `${c.rule} (trump ${c.trump}: ${c.cards.join(' ')} → ${c.winner})`,
    ),
  )('%s', (_, { trump, cards, winner }) => {
    expect(cards[trickWinnerIndex(cards, trump)]).toBe(winner);
  });

  it('credits the trick to the winner, who leads next', () => {
    const state = withState({
      phase: 'play',
      trump: '♥',
      turnUp: '7♥',
      dealer: 0,
      leader: 1,
      hands: [
        ['K♥', 'A♣'],
        ['A♥', '8♣'],
        ['10♥', '9♣'],
      ],
      trick: [],
      won: [[], [], []],
      tricksWon: [0, 0, 0],
    });
    let s = state;
    for (const [seat, card] of [
      [1, 'A♥'],
      [2, '10♥'],
      [0, 'K♥'],
    ] as const) {
      const r = apply(s, seat, { type: 'play', card });
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
    }
    expect(s.tricksWon).toEqual([0, 1, 0]);
    expect(s.won[1]).toEqual(['A♥', '10♥', 'K♥']);
    expect(s.leader).toBe(1);
    expect(s.trick).toEqual([]);
    expect(s.lastTrick).toEqual({
      plays: [
        { seat: 1, card: 'A♥' },
        { seat: 2, card: '10♥' },
        { seat: 0, card: 'K♥' },
      ],
      winner: 1,
    });
  });
});

describe('which cards may be played', () => {
  it.each(
    titled(
      [
        { rule: 'the leader may lead any card', trump: '♥', trick: [], hand: ['7♣', 'J♦', 'A♥'], allowed: ['7♣', 'J♦', 'A♥'] },
        { rule: 'a player must follow the suit led', trump: '♠', trick: ['K♥'], hand: ['7♥', 'A♣', 'J♠'], allowed: ['7♥'] },
        {
          rule: 'a player may follow with any card of the suit led, not only a winning one',
          trump: '♠',
          trick: ['K♣'],
          hand: ['A♣', '7♣', '9♦'],
          allowed: ['A♣', '7♣'],
        },
        {
          rule: 'the left bower does not follow its printed suit (trump ♥, ♦ led: J♦ may not be played while holding 7♦)',
          trump: '♥',
          trick: ['A♦'],
          hand: ['J♦', '7♦', 'A♣'],
          allowed: ['7♦'],
        },
        {
          rule: 'a player whose only diamond is the left bower is void in diamonds and must trump with it (trump ♥)',
          trump: '♥',
          trick: ['A♦'],
          hand: ['J♦', 'A♣'],
          allowed: ['J♦'],
        },
        {
          rule: 'the left bower must follow a trump lead (trump ♥, ♥ led: J♦ must be played)',
          trump: '♥',
          trick: ['A♥'],
          hand: ['J♦', 'A♣', '7♦'],
          allowed: ['J♦'],
        },
        { rule: 'a led left bower calls for trumps, not for its printed suit', trump: '♥', trick: ['J♦'], hand: ['7♦', '8♥'], allowed: ['8♥'] },
        {
          rule: 'a led left bower frees a player void in trumps to play a card of its printed suit or any other',
          trump: '♥',
          trick: ['J♦'],
          hand: ['7♦', 'A♣'],
          allowed: ['7♦', 'A♣'],
        },
        {
          rule: 'with black trumps the left bower is the other black jack (trump ♣, ♠ led: J♠ may not follow)',
          trump: '♣',
          trick: ['A♠'],
          hand: ['J♠', '9♠'],
          allowed: ['9♠'],
        },
        { rule: 'a jack of the opposite colour follows its own suit', trump: '♥', trick: ['A♣'], hand: ['J♣', 'J♠', '7♥'], allowed: ['J♣'] },
        { rule: 'a player void in the suit led must play a trump', trump: '♥', trick: ['A♣'], hand: ['7♥', 'K♠', 'J♦'], allowed: ['7♥', 'J♦'] },
        {
          rule: 'a player void in the suit led and holding only the left bower as trump must play it',
          trump: '♥',
          trick: ['A♣'],
          hand: ['J♦', 'K♠', '7♦'],
          allowed: ['J♦'],
        },
        {
          rule: 'a player void in the suit led and in trumps may play any card',
          trump: '♥',
          trick: ['A♣'],
          hand: ['7♦', 'K♠'],
          allowed: ['7♦', 'K♠'],
        },
        {
          rule: 'there is no obligation to overtrump: a lower trump may be played on a trumped trick',
          trump: '♥',
          trick: ['A♣', '10♥'],
          hand: ['7♥', 'J♥', 'K♠'],
          allowed: ['7♥', 'J♥'],
        },
        {
          rule: 'there is no obligation to head the trick when following suit',
          trump: '♥',
          trick: ['K♣', 'A♣'],
          hand: ['7♣', '10♣'],
          allowed: ['7♣', '10♣'],
        },
      ] as { rule: string; trump: Suit; trick: Card[]; hand: Card[]; allowed: Card[] }[],
      (c) => c.rule,
    ),
  )('%s', (_, { trump, trick, hand, allowed }) => {
    const { state, seat } = playing(trump, trick, hand);
    expect(playableCards(hand, state.trick, trump)).toEqual(allowed);
    expect(legalMoves(state, seat)).toEqual(allowed.map((card) => ({ type: 'play', card })));
    for (const card of hand) {
      const reason = checkPlay(state, seat, card);
      if (allowed.includes(card)) expect(reason, card).toBeNull();
      else expect(reason, card).not.toBeNull();
    }
  });

  it.each(
    titled(
      [
        {
          rule: 'playing off-suit while holding the suit led is refused',
          trump: '♠',
          trick: ['A♥'],
          hand: ['7♥', 'A♣'],
          card: 'A♣',
          code: 'must_follow',
          vars: { suit: '♥' },
          message: 'You must follow hearts ♥.',
        },
        {
          rule: 'playing the left bower on its printed suit while holding that suit is refused',
          trump: '♥',
          trick: ['A♦'],
          hand: ['J♦', '7♦'],
          card: 'J♦',
          code: 'must_follow',
          vars: { suit: '♦' },
          message: 'You must follow diamonds ♦.',
        },
        {
          rule: 'keeping back the left bower on a trump lead is refused',
          trump: '♥',
          trick: ['A♥'],
          hand: ['J♦', 'A♣'],
          card: 'A♣',
          code: 'must_follow_trumps',
          vars: { trump: '♥' },
          message: 'You must follow trumps (hearts ♥).',
        },
        {
          rule: 'discarding a plain card while void in the suit led but holding a trump is refused',
          trump: '♥',
          trick: ['A♣'],
          hand: ['7♥', 'K♠'],
          card: 'K♠',
          code: 'must_trump',
          vars: { suit: '♣', trump: '♥' },
          message: 'You cannot follow clubs ♣, so you must play a trump (hearts ♥).',
        },
        {
          rule: 'playing a card one does not hold is refused',
          trump: '♥',
          trick: ['A♣'],
          hand: ['7♣'],
          card: 'A♠',
          code: 'not_in_hand',
          vars: { card: 'A♠' },
          message: 'You do not hold A♠.',
        },
      ] as { rule: string; trump: Suit; trick: Card[]; hand: Card[]; card: Card; code: string; vars: Record<string, string>; message: string }[],
      (c) => `${c.rule}, with the message "${c.message}"`,
    ),
  )('%s', (_, { trump, trick, hand, card, code, vars, message }) => {
    const { state, seat } = playing(trump, trick, hand);
    expect(checkPlay(state, seat, card)).toEqual({ code, vars });
    const r = apply(state, seat, { type: 'play', card });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(reunionUi.refusal(ENGLISH, r.reason)).toBe(message);
  });

  it('refuses a play out of turn', () => {
    const { state } = playing('♥', ['A♣'], ['7♣']);
    const hands: Card[][] = [['K♣'], ['7♣'], ['Q♣']];
    expect(checkPlay({ ...state, hands }, 2, 'Q♣')).toEqual({ code: 'not_your_turn' });
    expect(checkPlay({ ...state, hands }, 0, 'K♣')).toEqual({ code: 'not_your_turn' });
    expect(legalMoves({ ...state, hands }, 2)).toEqual([]);
  });

  it('refuses a play before the dealer has discarded', () => {
    const state = withState({ phase: 'discard' });
    const forehand = (state.dealer + 1) % 3;
    const card = state.hands[forehand]?.[0] as Card;
    expect(checkPlay(state, forehand, card)).toEqual({ code: 'wait_for_discard' });
    expect(checkPlay(state, state.dealer, state.hands[state.dealer]?.[0] as Card)).toEqual({ code: 'discard_first' });
    expect(legalMoves(state, forehand)).toEqual([]);
  });

  it('refuses a play once the game is over', () => {
    const { state, seat } = playing('♥', [], ['7♣']);
    expect(checkPlay({ ...state, phase: 'over' }, seat, '7♣')).toEqual({ code: 'game_over' });
  });
});

describe("the dealer's discard", () => {
  // Trump ♥, turn-up 9♥. The dealer (seat 0) holds 12 cards.
  const hand: Card[] = ['A♣', 'J♥', 'J♦', '9♥', '10♣', '10♠', 'K♠', 'Q♠', '7♣', '8♦', 'J♣', 'K♥'];
  const discarding = withState({
    phase: 'discard',
    trump: '♥',
    turnUp: '9♥',
    dealer: 0,
    leader: 1,
    hands: [hand, ['A♠', '7♠'], ['A♦', '7♦']],
    trick: [],
    discard: [],
  });
  const discard = (cards: Card[], seat = 0, state = discarding) => checkDiscard(state, seat, cards);

  it.each(
    titled(
      [
        {
          rule: 'an ace may not be discarded',
          cards: ['A♣', '7♣'],
          code: 'discard_ace',
          vars: { card: 'A♣' },
          message: 'A dealer may not discard an ace (A♣).',
        },
        {
          rule: 'the right bower may not be discarded',
          cards: ['J♥', '7♣'],
          code: 'discard_bower',
          vars: { card: 'J♥' },
          message: 'A dealer may not discard a bower (J♥).',
        },
        {
          rule: 'the left bower may not be discarded',
          cards: ['7♣', 'J♦'],
          code: 'discard_bower',
          vars: { card: 'J♦' },
          message: 'A dealer may not discard a bower (J♦).',
        },
        {
          rule: 'the turned-up card may not be discarded',
          cards: ['9♥', '7♣'],
          code: 'discard_turn_up',
          vars: { card: '9♥' },
          message: 'A dealer may not discard the turned-up card (9♥).',
        },
        {
          rule: 'two tens may not both be discarded',
          cards: ['10♣', '10♠'],
          code: 'discard_two_tens',
          message: 'A dealer may not discard more than one ten.',
        },
        {
          rule: 'the same card may not be discarded twice',
          cards: ['7♣', '7♣'],
          code: 'discard_pair',
          message: 'Discard exactly two different cards.',
        },
        { rule: 'one card is not a discard', cards: ['7♣'], code: 'discard_pair', message: 'Discard exactly two different cards.' },
        { rule: 'three cards are not a discard', cards: ['7♣', '8♦', 'K♠'], code: 'discard_pair', message: 'Discard exactly two different cards.' },
        {
          rule: 'a card from outside the hand may not be discarded',
          cards: ['7♣', 'A♠'],
          code: 'not_in_hand',
          vars: { card: 'A♠' },
          message: 'You do not hold A♠.',
        },
      ] as { rule: string; cards: Card[]; code: string; vars?: Record<string, string>; message: string }[],
      (c) => `${c.rule}: "${c.message}"`,
    ),
  )('%s', (_, { cards, code, vars, message }) => {
    expect(discard(cards)).toEqual(vars ? { code, vars } : { code });
    const r = apply(discarding, 0, { type: 'discard', cards } as ReunionMove);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(reunionUi.refusal(ENGLISH, r.reason)).toBe(message);
  });

  it.each(
    titled(
      [
        { rule: 'one ten with another card may be discarded', cards: ['10♣', '7♣'] },
        { rule: 'a jack of the opposite colour and a trump king may be discarded', cards: ['J♣', 'K♥'] },
        { rule: 'two plain cards may be discarded', cards: ['K♠', 'Q♠'] },
      ] as { rule: string; cards: Card[] }[],
      (c) => `${c.rule} (${c.cards.join(' ')})`,
    ),
  )('%s', (_, { cards }) => {
    expect(discard(cards)).toBeNull();
    const r = apply(discarding, 0, { type: 'discard', cards: cards as [Card, Card] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.discard).toEqual(cards);
    expect(r.state.hands[0]).toHaveLength(10);
    expect(r.state.hands[0]).not.toContain(cards[0]);
    expect(r.state.phase).toBe('play');
    expect(r.events).toEqual([{ type: 'discarded', seat: 0 }]);
  });

  it('may only be made by the dealer', () => {
    expect(discard(['A♠', '7♠'], 1)).toEqual({ code: 'not_dealer' });
    expect(legalMoves(discarding, 1)).toEqual([]);
    expect(legalMoves(discarding, 2)).toEqual([]);
  });

  it('may only be made in the discard phase', () => {
    const playingState = { ...discarding, phase: 'play' as const };
    expect(discard(['7♣', '8♦'], 0, playingState)).toEqual({ code: 'discard_over' });
  });

  it('is listed as every allowed unordered pair, each of which is accepted, and nothing else is', () => {
    const allowed: Card[] = ['10♣', '10♠', 'K♠', 'Q♠', '7♣', '8♦', 'J♣', 'K♥'];
    const moves = legalMoves(discarding, 0);
    // C(8, 2) = 28 pairs of discardable cards, minus the pair of two tens.
    expect(moves).toHaveLength(27);
    const key = (cards: readonly Card[]) => cards.slice().sort().join(' ');
    const listed = new Set(moves.map((m) => (m.type === 'discard' ? key(m.cards) : 'not a discard')));
    for (let i = 0; i < hand.length; i++)
      for (let j = i + 1; j < hand.length; j++) {
        const pair = [hand[i], hand[j]] as Card[];
        const legal = allowed.includes(pair[0] as Card) && allowed.includes(pair[1] as Card) && key(pair) !== key(['10♣', '10♠']);
        expect(listed.has(key(pair)), pair.join(' ')).toBe(legal);
        expect(checkDiscard(discarding, 0, pair) === null, pair.join(' ')).toBe(legal);
      }
  });

  it('always leaves a legal discard even in the worst hand: 4 aces, both bowers, the turn-up and 4 tens', () => {
    const worst: Card[] = ['A♣', 'A♠', 'A♥', 'A♦', 'J♥', 'J♦', '9♥', '10♣', '10♠', '10♥', '10♦', '7♣'];
    const state = { ...discarding, hands: [worst, [], []] };
    const moves = legalMoves(state, 0);
    expect(moves.map((m) => (m.type === 'discard' ? m.cards.slice().sort().join(' ') : ''))).toEqual(
      ['10♣ 7♣', '10♠ 7♣', '10♥ 7♣', '10♦ 7♣'].map((k) => k.split(' ').sort().join(' ')),
    );
  });
});

describe('moves from outside are checked for shape', () => {
  it.each([null, {}, { type: 'discard' }, { type: 'play' }, { type: 'play', card: 7 }, { type: 'bid', card: 'A♠' }])(
    'refuses %j without throwing',
    (move) => {
      const state = setup({ piererTiers: false }, 3, 'shape');
      const r = apply(state, state.dealer, move as never);
      expect(r.ok).toBe(false);
    },
  );
});
