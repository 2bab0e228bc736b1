/**
 * Réunion's variants, rule by rule, with values from the rules (docs/rules/reunion.md § Variants): who plays each
 * deal at 4 and 5 players, the 3-deal totals and settlement, Staubaus won and lost (4 units per active opponent, 50
 * card points each, no Stange marks), the card exchange, and Große Ekart's trumps.
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, type Suit } from '../../src/cards/french.ts';
import type { Seat } from '../../src/games/types.ts';
import { apply, applyOrThrow, replay, result, setup, toAct, turnKey, view } from '../../src/games/reunion/engine.ts';
import { checkDiscard, legalMoves, playableCards } from '../../src/games/reunion/legal.ts';
import { sortHand, strength, trickWinnerIndex } from '../../src/games/reunion/ranking.ts';
import { settle } from '../../src/games/reunion/scoring.ts';
import { activeSeats } from '../../src/games/reunion/seats.ts';
import type { DealScore, ReunionEvent, ReunionMove, ReunionOptions, ReunionState } from '../../src/games/reunion/types.ts';

const OFF: ReunionOptions = { piererTiers: false };

/** Apply moves in order (each by the seat to act), collecting the events. */
function play(state: ReunionState, moves: ReunionMove[]): { state: ReunionState; events: ReunionEvent[] } {
  const events: ReunionEvent[] = [];
  for (const move of moves) {
    const r = applyOrThrow(state, toAct(state)[0] as Seat, move);
    events.push(...r.events);
    state = r.state;
  }
  return { state, events };
}

describe('4 or 5 players: the dealer and the next two seats play each deal', () => {
  it.each([
    [3, 0, [0, 1, 2]],
    [3, 2, [0, 1, 2]],
    [4, 0, [0, 1, 2]],
    [4, 1, [1, 2, 3]],
    [4, 2, [0, 2, 3]],
    [4, 3, [0, 1, 3]],
    [5, 0, [0, 1, 2]],
    [5, 2, [2, 3, 4]],
    [5, 3, [0, 3, 4]],
    [5, 4, [0, 1, 4]],
  ])('%i players, dealer %i: seats %j play', (seats, dealer, active) => {
    expect(activeSeats(seats, dealer)).toEqual(active);
  });

  it.each([4, 5])('%i players: every seat deals once and plays three deals; the others get no cards', (seats) => {
    let state = setup(OFF, seats, `active-${seats}`);
    const dealers: Seat[] = [];
    while (state.phase !== 'over') {
      if (state.phase === 'discard') {
        dealers.push(state.dealer);
        const active = activeSeats(seats, state.dealer);
        expect(view(state, null).active).toEqual(active);
        state.hands.forEach((h, s) => expect(h.length, `seat ${s}`).toBe(s === state.dealer ? 12 : active.includes(s) ? 10 : 0));
        // Seats sitting out have no move, and the play order skips them.
        for (let s = 0; s < seats; s++)
          if (!active.includes(s))
            expect(apply(state, s, { type: 'play', card: 'A♣' })).toMatchObject({ ok: false, reason: { code: 'sitting_out' } });
      }
      state = applyOrThrow(state, toAct(state)[0] as Seat, legalMoves(state, toAct(state)[0] as Seat)[0] as ReunionMove).state;
    }
    expect(dealers).toEqual(Array.from({ length: seats }, (_, k) => (state.firstDealer + k) % seats));
    expect(state.draw[0]).toHaveLength(seats);
    for (let s = 0; s < seats; s++) expect(state.deals.filter((d) => d.active?.includes(s))).toHaveLength(3);
    for (const d of state.deals)
      d.cardPoints.forEach((p, s) => {
        if (!d.active?.includes(s)) expect([p, d.tricks[s], d.marks[s]]).toEqual([0, 0, 'plain']);
      });
  });

  it('5 players: each seat is settled on its 3-deal total (hand-computed)', () => {
    const deal = (dealNo: number, cardPoints: number[]): DealScore => ({
      dealNo,
      dealer: dealNo,
      trump: '♣',
      turnUp: '7♣',
      active: activeSeats(5, dealNo),
      cardPoints,
      tricks: cardPoints.map(() => 0),
      discardPoints: 0,
      marks: cardPoints.map(() => 'plain'),
      sidePayments: dealNo === 2 ? [{ from: 2, to: 3, units: 1, reason: 'bower' }] : [],
    });
    const deals = [
      deal(0, [80, 40, 30, 0, 0]), // seats 0, 1, 2
      deal(1, [0, 60, 20, 70, 0]), // seats 1, 2, 3
      deal(2, [0, 0, 0, 100, 50]), // seats 2, 3, 4
      deal(3, [60, 0, 0, 40, 50]), // seats 3, 4, 0
      deal(4, [10, 40, 0, 0, 100]), // seats 4, 0, 1
    ];
    // Totals: 80+60+10 = 150, 40+60+40 = 140, 30+20+0 = 50, 70+100+40 = 210, 50+50+100 = 200 (750 = 5 × 150).
    // Seat 3 wins. 150 and 200 pay nothing (150 or more); 140 pays 1 (under 150); 50 pays 2 (under 100, not under 50).
    expect(settle(deals, 5, OFF)).toEqual({
      totals: [150, 140, 50, 210, 200],
      winners: [3],
      settlement: [
        { from: 1, to: 3, units: 1 },
        { from: 2, to: 3, units: 2 },
      ],
      sideUnits: [0, 0, -1, 1, 0],
      settlementUnits: [0, -1, -2, 3, 0],
      net: [0, -1, -3, 4, 0],
    });
    // A tie for the highest total shares the win; 0 points pays 4 (Pierer tiers too), 49 pays 3 (2 with Pierer tiers).
    const tied = [
      deal(0, [150, 0, 0, 0, 0]),
      deal(1, [0, 0, 0, 150, 0]),
      deal(2, [0, 0, 49, 0, 101]),
      deal(3, [0, 0, 0, 0, 49]),
      deal(4, [0, 150, 0, 0, 0]),
    ];
    expect(settle(tied, 5, OFF)).toMatchObject({
      totals: [150, 150, 49, 150, 150],
      winners: [0, 1, 3, 4],
      settlementUnits: [3, 3, -12, 3, 3],
    });
    expect(settle(tied, 5, { piererTiers: true }).settlementUnits).toEqual([2, 2, -8, 2, 2]);
  });
});

/**
 * A 4-player deal in play with a Staubaus by seat 1 (forehand; dealer 0; seat 3 sits out), trumps ♣ (turn-up 7♣):
 * the cards after the exchange. 32 cards: the three hands and the discard 8♥ 7♥.
 */
function staubausInPlay(announcerHand: Card[], secondHand: Card[]): ReunionState {
  const start = setup({ piererTiers: false, kleineEkart: true }, 4, 'staubaus-in-play');
  const dealerHand: Card[] = ['7♣', 'J♥', 'J♦', 'A♦', '10♦', 'K♦', 'Q♦', '9♦', '8♦', '7♦'];
  return {
    ...start,
    firstDealer: 0,
    dealNo: 0,
    dealer: 0,
    phase: 'play',
    trump: '♣',
    turnUp: '7♣',
    hands: [dealerHand, announcerHand, secondHand, []],
    discard: ['8♥', '7♥'],
    announcements: [{ seat: 1, round: 1, call: 'staubaus', suit: '♣' }],
    staubaus: { announcer: 1, round: 1, suit: '♣', named: 'A♣', holder: 2, givenBack: '7♠' },
    leader: 1,
  };
}

describe('Kleine Ekart: Staubaus won and lost', () => {
  it('won (all ten tricks): each active opponent pays the announcer 4 units; 50 card points each; the seat sitting out 0', () => {
    let state = staubausInPlay(
      ['J♣', 'J♠', 'A♣', '10♣', 'K♣', 'Q♣', '9♣', '8♣', 'A♥', '10♥'],
      ['A♠', '10♠', 'K♠', 'Q♠', '9♠', '8♠', '7♠', 'K♥', 'Q♥', '9♥'],
    );
    const events: ReunionEvent[] = [];
    for (const lead of ['J♣', 'J♠', 'A♣', '10♣', 'K♣', 'Q♣', '9♣', '8♣', 'A♥', '10♥'] as Card[]) {
      let r = applyOrThrow(state, 1, { type: 'play', card: lead });
      for (const seat of [2, 0]) r = applyOrThrow(r.state, seat, legalMoves(r.state, seat)[0] as ReunionMove);
      events.push(...r.events);
      state = r.state;
    }
    expect(events).toContainEqual({ type: 'staubausOver', announcer: 1, won: true, tricks: 10 });
    // No card points, no last-trick bonus: 50 card points to each active seat.
    expect(state.deals[0]).toEqual({
      dealNo: 0,
      dealer: 0,
      trump: '♣',
      turnUp: '7♣',
      active: [0, 1, 2],
      cardPoints: [50, 50, 50, 0],
      tricks: [0, 10, 0, 0],
      discardPoints: 0,
      marks: ['plain', 'plain', 'plain', 'plain'],
      sidePayments: [
        { from: 0, to: 1, units: 4, reason: 'staubaus' },
        { from: 2, to: 1, units: 4, reason: 'staubaus' },
      ],
      staubaus: { announcer: 1, round: 1, suit: '♣', named: 'A♣', won: true },
    });
    expect(state.dealNo).toBe(1);
  });

  it('lost: play stops after the first trick the announcer loses (played in full); the announcer pays each active opponent 4; no Stange marks', () => {
    const state = staubausInPlay(
      ['J♣', 'J♠', 'A♣', '10♣', 'K♣', 'Q♣', '9♣', '8♣', '9♥', '10♥'],
      ['A♠', '10♠', 'K♠', 'Q♠', '9♠', '8♠', '7♠', 'A♥', 'K♥', 'Q♥'],
    );
    const { state: after, events } = play(state, [
      { type: 'play', card: '10♥' },
      { type: 'play', card: 'A♥' },
      { type: 'play', card: 'J♥' },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'trickWon', trickNo: 1, winner: 2, lastTrick: false }));
    expect(events).toContainEqual({ type: 'staubausOver', announcer: 1, won: false, tricks: 0 });
    const d = after.deals[0]!;
    // The announcer and the dealer took no trick, yet no Stange: no slash, no no-trick payment.
    expect([d.tricks, d.marks, d.cardPoints]).toEqual([
      [0, 0, 1, 0],
      ['plain', 'plain', 'plain', 'plain'],
      [50, 50, 50, 0],
    ]);
    expect(d.sidePayments).toEqual([
      { from: 1, to: 0, units: 4, reason: 'staubaus' },
      { from: 1, to: 2, units: 4, reason: 'staubaus' },
    ]);
    expect(d.staubaus).toEqual({ announcer: 1, round: 1, suit: '♣', named: 'A♣', won: false });
    expect(after.dealNo).toBe(1);
    expect(after.phase).toBe('discard');
  });

  it('no bower payment in a Staubaus: the right bower taking the left bower pays nothing', () => {
    // Seat 2 holds the left bower J♠ and must follow trumps with it.
    const state = staubausInPlay(
      ['J♣', 'K♠', 'A♣', '10♣', 'K♣', 'Q♣', '9♣', '8♣', 'A♥', '10♥'],
      ['A♠', '10♠', 'J♠', 'Q♠', '9♠', '8♠', '7♠', 'K♥', 'Q♥', '9♥'],
    );
    const { events } = play(state, [
      { type: 'play', card: 'J♣' },
      { type: 'play', card: 'J♠' },
      { type: 'play', card: '7♣' },
    ]);
    expect(events.map((e) => e.type)).not.toContain('bowerCaptured');
  });

  it('credits 50 card points per active seat to the game totals', () => {
    const deals: DealScore[] = [0, 1, 2].map((dealNo) => ({
      dealNo,
      dealer: dealNo,
      trump: '♣',
      turnUp: '7♣',
      active: [0, 1, 2],
      cardPoints: dealNo === 1 ? [50, 50, 50] : [100, 30, 20],
      tricks: [0, 0, 0],
      discardPoints: 0,
      marks: ['plain', 'plain', 'plain'],
      sidePayments: dealNo === 1 ? [1, 2].map((to) => ({ from: 0, to, units: 4, reason: 'staubaus' as const })) : [],
      ...(dealNo === 1 ? { staubaus: { announcer: 0, round: 1 as const, suit: '♣' as Suit, named: 'A♥' as Card, won: false } } : {}),
    }));
    // 100+50+100 = 250, 30+50+30 = 110 (1 unit), 20+50+20 = 90 (2 units); Staubaus lost by seat 0: −8.
    expect(settle(deals, 3, OFF)).toMatchObject({ totals: [250, 110, 90], sideUnits: [-8, 4, 4], net: [-5, 3, 2] });
  });
});

describe('the Staubaus announcements and the card exchange', () => {
  /** A 3-player Kleine Ekart game after the dealer's first legal discard. */
  function announcing(options: ReunionOptions = { piererTiers: false, kleineEkart: true }, seed = 'exchange'): ReunionState {
    const state = setup(options, 3, seed);
    return applyOrThrow(state, state.dealer, legalMoves(state, state.dealer)[0] as ReunionMove).state;
  }

  it('go forehand, the next player, the dealer; when all pass, forehand leads as usual', () => {
    const state = announcing();
    const d = state.dealer;
    const order = [(d + 1) % 3, (d + 2) % 3, d];
    expect(state.phase).toBe('announce');
    const keys: string[] = [];
    let s = state;
    for (const seat of order) {
      expect(toAct(s)).toEqual([seat]);
      expect(legalMoves(s, seat)).toEqual([{ type: 'staubaus' }, { type: 'pass' }]);
      keys.push(turnKey(s));
      const r = applyOrThrow(s, seat, { type: 'pass' });
      expect(r.events).toEqual([{ type: 'passed', seat, round: 1 }]);
      s = r.state;
    }
    expect(new Set([...keys, turnKey(s)]).size).toBe(4);
    expect([s.phase, toAct(s), s.staubaus]).toEqual(['play', [order[0]], null]);
  });

  it('the first announcement ends them; the named card moves to the announcer, the card given back to its holder; the announcer leads', () => {
    let s = announcing();
    const d = s.dealer;
    const forehand = (d + 1) % 3;
    const middle = (d + 2) % 3;
    s = applyOrThrow(s, forehand, { type: 'pass' }).state;
    const announced = applyOrThrow(s, middle, { type: 'staubaus' });
    expect(announced.events).toEqual([{ type: 'announced', seat: middle, round: 1, suit: s.trump }]);
    s = announced.state;
    expect([s.phase, toAct(s)]).toEqual(['name', [middle]]);
    // Nobody else may announce now.
    expect(apply(s, d, { type: 'staubaus' })).toMatchObject({ ok: false, reason: { code: 'no_announcement_now' } });
    // Naming a card of one's own hand, or one in the discard (nobody holds it), is refused: name another.
    const own = s.hands[middle]![0]!;
    expect(apply(s, middle, { type: 'name', card: own })).toEqual({ ok: false, reason: { code: 'name_own_card', vars: { card: own } } });
    const discarded = s.discard[0]!;
    expect(apply(s, middle, { type: 'name', card: discarded })).toEqual({
      ok: false,
      reason: { code: 'name_in_discard', vars: { card: discarded } },
    });
    // The dealer's card is named: the dealer hands it over.
    const named = s.hands[d]![0]!;
    const handed = applyOrThrow(s, middle, { type: 'name', card: named });
    expect(handed.events).toEqual([{ type: 'handedOver', from: d, to: middle, card: named }]);
    s = handed.state;
    expect(s.hands[middle]).toContain(named);
    expect(s.hands[d]).not.toContain(named);
    expect([s.phase, s.hands[middle]!.length, s.hands[d]!.length]).toEqual(['giveBack', 11, 9]);
    // The announcer may give back any card, the one just received included; it goes to the holder, face down.
    const back = applyOrThrow(s, middle, { type: 'giveBack', card: named });
    expect(back.events).toEqual([{ type: 'givenBack', from: middle, to: d }]);
    s = back.state;
    expect(s.hands[d]).toContain(named);
    expect([s.phase, toAct(s), s.hands[middle]!.length, s.hands[d]!.length]).toEqual(['play', [middle], 10, 10]);
    // Who sees the card given back: the announcer and the holder only.
    expect(view(s, middle).staubaus?.givenBack).toBe(named);
    expect(view(s, d).staubaus?.givenBack).toBe(named);
    expect(view(s, forehand).staubaus).toEqual({ announcer: middle, round: 1, suit: s.trump, named, holder: d, givenBack: null });
    expect(view(s, null).staubaus?.givenBack).toBeNull();
  });

  it("the announcer's view offers every card not in its hand to name, the discarded ones too (the discard stays hidden)", () => {
    let s = announcing();
    const forehand = (s.dealer + 1) % 3;
    s = applyOrThrow(s, forehand, { type: 'staubaus' }).state;
    const offered = view(s, forehand).legal.map((m) => (m.type === 'name' ? m.card : null));
    expect(offered).toHaveLength(22);
    for (const c of s.discard) expect(offered).toContain(c);
    expect(legalMoves(s, forehand)).toHaveLength(20);
  });

  it('in the first round Staubaus is in the turned suit; Große Ekart alone has a second round, in another suit', () => {
    const kleine = announcing();
    const other = (['♣', '♠', '♥', '♦'] as Suit[]).find((x) => x !== kleine.trump)!;
    const forehand = (kleine.dealer + 1) % 3;
    expect(apply(kleine, forehand, { type: 'staubaus', suit: other })).toMatchObject({ ok: false, reason: { code: 'staubaus_turned_suit' } });
    expect(apply(kleine, forehand, { type: 'staubaus', suit: kleine.trump }).ok).toBe(true);
    // Kleine Ekart: after three passes, play. Große Ekart (which implies the first round): a second round from forehand.
    const passes: ReunionMove[] = [{ type: 'pass' }, { type: 'pass' }, { type: 'pass' }];
    expect(play(kleine, passes).state.phase).toBe('play');
    const grosse = play(announcing({ piererTiers: false, grosseEkart: true }), passes).state;
    expect([grosse.phase, toAct(grosse)]).toEqual(['announce', [forehand]]);
    const turned = grosse.trump;
    expect(legalMoves(grosse, forehand)).toEqual([
      ...(['♣', '♠', '♥', '♦'] as Suit[]).filter((x) => x !== turned).map((suit) => ({ type: 'staubaus', suit })),
      { type: 'pass' },
    ]);
    expect(apply(grosse, forehand, { type: 'staubaus', suit: turned })).toMatchObject({ ok: false, reason: { code: 'staubaus_other_suit' } });
    expect(apply(grosse, forehand, { type: 'staubaus' })).toMatchObject({ ok: false, reason: { code: 'staubaus_other_suit' } });
    const r = applyOrThrow(grosse, forehand, { type: 'staubaus', suit: other });
    expect(r.events).toEqual([{ type: 'announced', seat: forehand, round: 2, suit: other }]);
    expect([r.state.trump, r.state.staubaus?.round, r.state.phase]).toEqual([other, 2, 'name']);
    // Everyone passes twice: an ordinary deal.
    expect(play(grosse, passes).state.phase).toBe('play');
    expect(result(play(grosse, passes).state)).toBeNull();
  });
});

describe('Große Ekart: every jack a trump', () => {
  it.each([
    ['♥', ['J♥', 'J♦', 'J♣', 'J♠', 'A♥', '10♥', 'K♥', 'Q♥', '9♥', '8♥', '7♥']],
    ['♠', ['J♠', 'J♣', 'J♥', 'J♦', 'A♠', '10♠', 'K♠', 'Q♠', '9♠', '8♠', '7♠']],
    ['♦', ['J♦', 'J♥', 'J♣', 'J♠', 'A♦', '10♦', 'K♦', 'Q♦', '9♦', '8♦', '7♦']],
    ['♣', ['J♣', 'J♠', 'J♥', 'J♦', 'A♣', '10♣', 'K♣', 'Q♣', '9♣', '8♣', '7♣']],
  ] as [Suit, Card[]][])('trumps %s: the 11 trumps from the top are %j', (trump, order) => {
    const s = order.map((c) => strength(c, trump, true));
    expect(s.slice().sort((a, b) => b - a)).toEqual(s);
    expect(new Set(s).size).toBe(11);
    // Each trump beats the next one down, whichever is led; the lowest trump beats the ace of a plain suit led.
    for (let i = 0; i + 1 < order.length; i++) expect(trickWinnerIndex([order[i + 1]!, order[i]!], trump, true)).toBe(1);
    const plainAce = (['A♣', 'A♠', 'A♥', 'A♦'] as Card[]).find((c) => !order.includes(c))!;
    expect(trickWinnerIndex([plainAce, order[10]!], trump, true)).toBe(1);
  });

  it('a hand sorts every jack among the trumps in the suit game, and by its printed suit otherwise', () => {
    const hand: Card[] = ['7♣', 'J♣', 'A♥', 'J♦', 'J♠', 'J♥', 'A♠'];
    expect(sortHand(hand, '♥', true)).toEqual(['J♥', 'J♦', 'J♣', 'J♠', 'A♥', '7♣', 'A♠']);
    expect(sortHand(hand, '♥')).toEqual(['J♥', 'J♦', 'A♥', 'J♣', '7♣', 'A♠', 'J♠']);
  });

  it('a jack does not follow its suit: holding only the jack of the suit led is void, so the jack (a trump) must be played', () => {
    const led = [{ seat: 0, card: 'A♣' as Card }];
    // Suit game, trumps ♥: J♣ is a trump; with no other club the player is void in clubs and must trump.
    expect(playableCards(['J♣', '7♦'], led, '♥', true)).toEqual(['J♣']);
    expect(playableCards(['J♣', '8♥', '7♦'], led, '♥', true)).toEqual(['J♣', '8♥']);
    expect(playableCards(['J♣', '7♣', '7♦'], led, '♥', true)).toEqual(['7♣']);
    // Kleine Ekart and ordinary deals: J♣ is a club (trumps ♥), so it must follow.
    expect(playableCards(['J♣', '8♥', '7♦'], led, '♥')).toEqual(['J♣']);
    // A jack led is a trump lead in the suit game: follow with a trump.
    expect(playableCards(['A♣', '8♥'], [{ seat: 0, card: 'J♣' }], '♥', true)).toEqual(['8♥']);
  });

  it('the discard restrictions keep the turned suit: its bowers are barred, the other jacks may go', () => {
    const start = setup({ piererTiers: false, grosseEkart: true }, 3, 'discard-turned');
    const dealerHand: Card[] = ['A♣', 'J♥', 'J♦', '9♥', 'J♣', 'J♠', 'K♠', 'Q♠', '7♣', '8♦', '10♣', 'K♥'];
    const rest = FRENCH_32.filter((c) => !dealerHand.includes(c));
    const others = [rest.slice(0, 10), rest.slice(10)];
    const state: ReunionState = {
      ...start,
      trump: '♥',
      turnUp: '9♥',
      hands: start.hands.map((_, s) => (s === start.dealer ? dealerHand : (others.shift() as Card[]))),
    };
    expect(checkDiscard(state, state.dealer, ['J♦', '7♣'])).toEqual({ code: 'discard_bower', vars: { card: 'J♦' } });
    expect(checkDiscard(state, state.dealer, ['J♥', '7♣'])).toEqual({ code: 'discard_bower', vars: { card: 'J♥' } });
    expect(checkDiscard(state, state.dealer, ['J♣', 'J♠'])).toBeNull();
    // After three passes, a Staubaus in ♠ makes J♣ and J♠ the bowers; the discard already made stands.
    let s = applyOrThrow(state, state.dealer, { type: 'discard', cards: ['J♣', 'J♠'] }).state;
    s = play(s, [{ type: 'pass' }, { type: 'pass' }, { type: 'pass' }, { type: 'staubaus', suit: '♠' }]).state;
    expect([s.trump, s.turnUp, s.discard]).toEqual(['♠', '9♥', ['J♣', 'J♠']]);
    // Neither discarded bower can be named (nobody holds them).
    const announcer = s.staubaus!.announcer;
    expect(apply(s, announcer, { type: 'name', card: 'J♠' })).toMatchObject({ ok: false, reason: { code: 'name_in_discard' } });
  });
});

describe('a state stored before the variants', () => {
  it('without `announcements` and `staubaus` plays on to the same result as a fresh replay', () => {
    let fresh = setup(OFF, 3, 'stored-before');
    const log: { seat: Seat; move: ReunionMove }[] = [];
    const next = (s: ReunionState) => {
      const seat = toAct(s)[0] as Seat;
      const move = legalMoves(s, seat).at(-1) as ReunionMove;
      log.push({ seat, move });
      return applyOrThrow(s, seat, move).state;
    };
    for (let i = 0; i < 12; i++) fresh = next(fresh);
    const { announcements: _a, staubaus: _s, ...stored } = fresh;
    let old = stored as ReunionState;
    while (toAct(old).length) old = next(old);
    expect(result(old)).toEqual(result(replay(OFF, 3, 'stored-before', log)));
  });
});
