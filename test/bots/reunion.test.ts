/**
 * The Réunion computer players (src/bots/reunion/): every level plays only legal moves through whole seeded
 * games, seeing nothing but a frozen copy of its seat's view; decisions are deterministic from the view and the
 * seed; the strong player answers within its budget; its sampled deals of the hidden cards agree with everything
 * the seat has seen; and the easy player's rules do what they say on hand-made positions.
 * Rule source: docs/rules/reunion.md (§ Deal 4.: discard restrictions; § Play: following suit and trumping).
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, rankOf, type Suit } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { easyPolicy, randomPolicy, reunionPolicies, strongPolicy } from '../../src/bots/reunion/index.ts';
import { fastRng, labelsOf } from '../../src/bots/reunion/card-masks.ts';
import { knowledgeOf, sampleDeal } from '../../src/bots/reunion/sample.ts';
import { searchValues } from '../../src/bots/reunion/strong.ts';
import type { DecisionContext, Policy } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { discardBar, legalMoves as legalMovesOf, playableCards } from '../../src/games/reunion/legal.ts';
import { effectiveSuit, isBower } from '../../src/games/reunion/ranking.ts';
import {
  type CompletedTrick,
  DEFAULT_OPTIONS,
  type Play,
  type ReunionMove,
  type ReunionState,
  type ReunionView,
} from '../../src/games/reunion/types.ts';
import type { Seat } from '../../src/games/types.ts';
import { frozenCopy } from '../support/frozen.ts';
import { describeReason } from '../../src/games/types.ts';

type ReunionPolicy = Policy<ReunionView, ReunionMove>;

const ctx = (seed: string, budgetMs = 300): DecisionContext => ({ seed, budgetMs, now: () => 0 });

/** The seat to act's view as a policy gets it: a deep-frozen copy, so it can neither read nor change the state. */
const frozenView = (s: ReunionState, seat: Seat): ReunionView => frozenCopy(view(s, seat));

/** Play one whole game with the given policy per seat; returns every decision point and the final state. */
function playGame(seed: string, seats: ReunionPolicy[], onDecision?: (s: ReunionState, seat: Seat, v: ReunionView) => void): ReunionState {
  let s = setup(DEFAULT_OPTIONS, 3, seed);
  for (let step = 0; toAct(s).length > 0; step++) {
    if (step > 200) throw new Error(`${seed}: the game does not end`);
    const seat = toAct(s)[0] as Seat;
    const v = frozenView(s, seat);
    onDecision?.(s, seat, v);
    const move = (seats[seat] as ReunionPolicy)(v, ctx(`${seed}:${step}`));
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`${seed} step ${step}: seat ${seat} chose an illegal move ${JSON.stringify(move)}: ${describeReason(r.reason)}`);
    s = r.state;
  }
  return s;
}

/** A fast strong player for the many-games tests (the default sample count is for real tables). */
const quickStrong = strongPolicy({ samples: 6, discardShortlist: 4 });

const LINEUPS: ReunionPolicy[][] = [
  [randomPolicy, reunionPolicies.easy, quickStrong],
  [quickStrong, randomPolicy, reunionPolicies.easy],
  [reunionPolicies.easy, quickStrong, randomPolicy],
  [quickStrong, reunionPolicies.easy, reunionPolicies.easy],
  [randomPolicy, randomPolicy, reunionPolicies.easy],
  [quickStrong, quickStrong, quickStrong],
];

describe('Réunion computer players in whole games', () => {
  it('make only legal moves from frozen views, and every game ends with units summing to zero (1,000 games)', () => {
    let decisions = 0;
    for (let g = 0; g < 1000; g++) {
      const final = playGame(`bots-${g}`, LINEUPS[g % LINEUPS.length] as ReunionPolicy[], () => decisions++);
      expect(final.phase).toBe('over');
      const net = view(final, null).result?.net ?? [];
      expect(net.reduce((a, b) => a + b, 0)).toBe(0);
    }
    expect(decisions).toBeGreaterThan(1000 * 90);
  });

  it('see the completed tricks of the deal in the view, in order, the last one being the last trick shown', () => {
    playGame('bots-tricks', [reunionPolicies.easy, reunionPolicies.easy, reunionPolicies.easy], (s, _seat, v) => {
      expect(v.tricks.length).toBe(v.tricksWon.reduce((a, b) => a + b, 0));
      expect(v.tricks.at(-1) ?? null).toEqual(v.lastTrick);
      const played = v.tricks.flatMap((t) => t.plays.map((p) => p.card));
      expect(new Set(played).size).toBe(played.length);
      for (const card of played) expect(s.hands.flat()).not.toContain(card);
    });
  });
});

describe('determinism and budget', () => {
  /** Views at a few decision points of an easy game: the discard, a lead, a follow. */
  function sampleViews(): ReunionView[] {
    const views: ReunionView[] = [];
    playGame('bots-determinism', [reunionPolicies.easy, reunionPolicies.easy, reunionPolicies.easy], (_s, _seat, v) => {
      if (v.legal.length > 2 && views.length < 12) views.push(v);
    });
    return views;
  }

  it('give the same move for the same view and seed, at every level', () => {
    for (const v of sampleViews())
      for (const level of ['random', 'easy', 'strong'] as const) {
        const policy = reunionPolicies[level];
        expect(policy(v, ctx('same-seed')), level).toEqual(policy(v, ctx('same-seed')));
      }
  });

  it('random: different seeds give different moves (uniform over the legal moves)', () => {
    const v = sampleViews()[0] as ReunionView;
    const chosen = new Set(Array.from({ length: 60 }, (_, i) => JSON.stringify(randomPolicy(v, ctx(`seed-${i}`)))));
    expect(chosen.size).toBeGreaterThan(1);
    for (const m of chosen) expect(v.legal.map((l) => JSON.stringify(l))).toContain(m);
  });

  it('strong: with a clock that jumps 1,000 ms per reading it still answers a legal move (the easy move)', () => {
    for (const v of sampleViews()) {
      let t = 0;
      const move = reunionPolicies.strong(v, { seed: 'late', budgetMs: 300, now: () => (t += 1000) });
      expect(v.legal).toContainEqual(move);
      expect(move).toEqual(easyPolicy(v, ctx('late')));
    }
  });

  it('strong: stops sampling when the budget is used up, keeping what it has', () => {
    const v = sampleViews()[1] as ReunionView;
    let t = 0;
    const r = searchValues(v, { seed: 'b', budgetMs: 300, now: () => (t += 100) });
    expect(r.samplesDone).toBeGreaterThan(0);
    expect(r.samplesDone).toBeLessThan(5);
  });
});

describe('strong: sampled deals of the hidden cards', () => {
  /** Per seat, the suits it showed void in, recomputed here from the public tricks with the engine's suit rule. */
  function voids(v: ReunionView): Set<Suit>[] {
    const out = [new Set<Suit>(), new Set<Suit>(), new Set<Suit>()];
    for (const plays of [...v.tricks.map((t) => t.plays), v.trick]) {
      const led = plays[0] ? effectiveSuit(plays[0].card, v.trump) : null;
      for (const p of plays.slice(1)) {
        const s = effectiveSuit(p.card, v.trump);
        if (led === null || s === led) continue;
        out[p.seat]?.add(led);
        if (s !== v.trump) out[p.seat]?.add(v.trump);
      }
    }
    return out;
  }

  it('agree with hand sizes, voids, cards seen, the turn-up and the discard rules; every card is in one place', () => {
    let checked = 0;
    let voidsSeen = 0;
    for (let g = 0; g < 30; g++)
      playGame(`bots-sample-${g}`, [randomPolicy, reunionPolicies.easy, reunionPolicies.easy], (_s, _actor, _v) => {
        for (const seat of [0, 1, 2]) {
          const v = view(_s, seat);
          if (v.phase === 'over') continue;
          const k = knowledgeOf(v);
          const rng = fastRng(seededRng(`sample-${g}-${checked}`));
          const vs = voids(v);
          voidsSeen += vs.reduce((n, s) => n + s.size, 0);
          const played = [...v.tricks.flatMap((t) => t.plays), ...v.trick].map((p) => p.card);
          for (let i = 0; i < 3; i++) {
            const d = sampleDeal(k, rng);
            if (!d) throw new Error(`no sample for seat ${seat}`);
            const hands = d.hands.map(labelsOf);
            const discard = labelsOf(d.discard);
            checked++;
            expect(hands.map((h) => h.length)).toEqual(v.handSizes);
            expect(hands[seat]?.slice().sort()).toEqual(v.hand.slice().sort());
            const everywhere = [...hands.flat(), ...discard, ...played];
            expect(everywhere.slice().sort()).toEqual(FRENCH_32.slice().sort());
            hands.forEach((h, holder) => {
              if (holder === seat) return;
              for (const c of h) expect(vs[holder]?.has(effectiveSuit(c, v.trump)), `${c} to seat ${holder}, void`).toBe(false);
            });
            if (!played.includes(v.turnUp)) expect(hands[v.dealer]).toContain(v.turnUp);
            if (v.phase === 'discard') expect(discard).toEqual([]);
            else if (seat === v.dealer) expect(discard.slice().sort()).toEqual(v.discard.slice().sort());
            else {
              expect(discard).toHaveLength(2);
              for (const c of discard) expect(discardBar(c, v.trump, v.turnUp)).toBeNull();
              expect(discard.every((c) => rankOf(c) === '10')).toBe(false);
            }
          }
        }
      });
    expect(checked).toBeGreaterThan(1000);
    expect(voidsSeen).toBeGreaterThan(0);
  });
});

describe('easy: rules on hand-made positions (trump ♠: right bower J♠, left bower J♣)', () => {
  /**
   * A play-phase view for seat 2 (forehand seat 1, dealer seat 0) holding `hand`, with `trick` in progress and
   * `tricks` done. Only what the easy player reads needs to be right; the legal moves come from the engine's rule.
   */
  function playView(hand: Card[], trick: Play[] = [], tricks: CompletedTrick[] = []): ReunionView {
    const trump: Suit = '♠';
    return {
      seat: 2,
      seats: 3,
      dealNo: 0,
      dealer: 0,
      active: [0, 1, 2],
      phase: 'play',
      trump,
      turnUp: '8♠',
      announcements: [],
      staubaus: null,
      hand,
      discard: [],
      handSizes: [0, 1, 2].map((s) => hand.length - (trick.some((p) => p.seat === s) ? 1 : 0)),
      trick,
      leader: (trick[0]?.seat ?? 2) as Seat,
      lastTrick: tricks.at(-1) ?? null,
      tricks,
      tricksWon: [0, 0, 0],
      trickPoints: [0, 0, 0],
      toAct: [2],
      legal: playableCards(hand, trick, trump).map((card) => ({ type: 'play', card })),
      deals: [],
      totals: [0, 0, 0],
      sideUnits: [0, 0, 0],
      draw: [],
      result: null,
    };
  }
  const played = (...cards: [Seat, Card][]): Play[] => cards.map(([seat, card]) => ({ seat, card }));
  const cardOf = (m: ReunionMove) => (m.type === 'play' ? m.card : null);

  it.each<[string, Card[], Play[], Card]>([
    ['follows with its cheapest card when the trick is lost', ['K♥', '8♥', 'A♣', '9♦'], played([0, 'A♥'], [1, '7♥']), '8♥'],
    [
      'wins the trick as cheaply as it can when there are points in it (last to play)',
      ['A♥', '10♥', '8♥', '9♦'],
      played([0, 'K♥'], [1, '7♥']),
      '10♥',
    ],
    [
      'trumps with its lowest trump when void in the suit led and the trick has points',
      ['A♠', 'J♠', '7♠', 'K♦'],
      played([0, 'A♥'], [1, '10♥']),
      '7♠',
    ],
    ['throws its cheapest card when it can neither follow nor trump', ['K♦', '7♦', '10♣'], played([0, 'A♥'], [1, '9♥']), '7♦'],
    ['second to play, keeps its ten off a pointless trick it may lose', ['10♥', '8♥', 'K♣'], played([1, '7♥']), '8♥'],
    ['second to play, takes a trick with points with the top card of the suit', ['A♥', '8♥', 'K♣'], played([1, 'K♥']), 'A♥'],
  ])('%s', (_name, hand, trick, expected) => {
    const v = playView(hand, trick);
    expect(cardOf(easyPolicy(v, ctx('x')))).toBe(expected);
  });

  it.each<[string, Card[], Card]>([
    ['leads a plain ace (the top card of its suit)', ['A♦', '7♦', '8♥', '9♣'], 'A♦'],
    ['draws trumps with the right bower when long in trumps', ['J♠', 'A♠', '10♠', '7♥', '8♦'], 'J♠'],
    ['otherwise leads its cheapest plain card', ['10♥', '7♣', 'K♦', '9♠'], '7♣'],
  ])('%s', (_name, hand, expected) => {
    expect(cardOf(easyPolicy(playView(hand), ctx('x')))).toBe(expected);
  });

  it('leads a ten once the ace of its suit has been played (remembers the cards played)', () => {
    const tricks: CompletedTrick[] = [{ plays: played([2, 'A♥'], [0, '7♥'], [1, '8♥']), winner: 2 }];
    expect(cardOf(easyPolicy(playView(['10♥', '7♣', 'K♦'], [], tricks), ctx('x')))).toBe('10♥');
  });

  it('the dealer banks an unguarded ten and voids a short suit, keeping trumps and aces', () => {
    const hand: Card[] = ['J♠', 'A♠', '7♠', '9♠', 'A♥', 'K♥', '9♥', '10♦', '7♦', 'K♣', '8♣', 'Q♣'];
    const trump: Suit = '♠';
    const turnUp: Card = '7♠';
    const allowed = hand.filter((c) => !discardBar(c, trump, turnUp));
    const legal: ReunionMove[] = allowed.flatMap((a, i) =>
      allowed.slice(i + 1).flatMap((b) => (rankOf(a) === '10' && rankOf(b) === '10' ? [] : [{ type: 'discard', cards: [a, b] } as ReunionMove])),
    );
    const v: ReunionView = {
      ...playView(hand),
      seat: 0,
      dealer: 0,
      phase: 'discard',
      turnUp,
      handSizes: [12, 10, 10],
      toAct: [0],
      legal,
    };
    const move = easyPolicy(v, ctx('x'));
    expect(move.type).toBe('discard');
    const cards = move.type === 'discard' ? move.cards.slice().sort() : [];
    expect(cards).toEqual(['10♦', '7♦'].sort());
    for (const c of cards) expect(isBower(c, trump) || effectiveSuit(c, trump) === trump || rankOf(c) === 'A').toBe(false);
  });

  it('strong: one legal move is answered at once, without sampling', () => {
    let readings = 0;
    const v = playView(['K♦', 'Q♥'], played([0, 'A♦'], [1, '9♦']));
    const move = reunionPolicies.strong(v, { seed: 's', budgetMs: 300, now: () => ++readings });
    expect(move).toEqual({ type: 'play', card: 'K♦' });
    expect(readings).toBe(0);
  });

  it('strong: on a hand-made position every candidate is a legal card, one per group of equivalent cards', () => {
    // Five tricks done (all following suit, seat 0 leading and winning), seat 2 to play third to Q♥ J♥.
    const done: Card[][] = [
      ['A♠', '10♠', 'K♠'],
      ['Q♠', '9♠', '7♠'],
      ['A♣', '10♣', 'K♣'],
      ['Q♣', '9♣', '8♣'],
      ['A♦', '10♦', 'K♦'],
    ];
    const tricks: CompletedTrick[] = done.map((cards) => ({ plays: cards.map((card, seat) => ({ seat, card })), winner: 0 }));
    const v = playView(['9♥', '8♥', '7♥', 'A♥', '7♣'], played([0, 'Q♥'], [1, 'J♥']), tricks);
    const r = searchValues(v, ctx('s'));
    expect(r.samplesDone).toBeGreaterThan(0);
    for (const m of r.moves) expect(v.legal).toContainEqual(m);
    // 9♥ 8♥ 7♥ are equivalent (no card between them, no points): at most one of them is a candidate.
    expect(r.moves.filter((m) => m.type === 'play' && ['9♥', '8♥', '7♥'].includes(m.card)).length).toBeLessThanOrEqual(1);
  });
});

describe('the variants (docs/rules/reunion.md § Variants): every level makes only moves the engine accepts', () => {
  /**
   * Whole games at 4 and 5 players and with Kleine and Große Ekart. The computer players announce only hands that
   * likely win, so a person (this test) also announces Staubaus now and then, and the policies then name a card, give
   * one back and play as announcer and as opponents. A refused move would stall a table: none may be refused.
   */
  it.each([
    [4, { piererTiers: false }],
    [5, { piererTiers: false }],
    [3, { piererTiers: false, kleineEkart: true }],
    [4, { piererTiers: false, grosseEkart: true }],
  ] as const)('%i seats, %j', (seats, options) => {
    const levels: ReunionPolicy[] = [randomPolicy, easyPolicy, strongPolicy({ samples: 6 })];
    let staubaus = 0;
    for (let g = 0; g < 40; g++) {
      const rng = seededRng(`variant-bots-${seats}-${g}`);
      let s = setup(options, seats, `variant-bots-${seats}-${g}`);
      for (let n = 0; toAct(s).length; n++) {
        const seat = toAct(s)[0] as Seat;
        const announce = s.phase === 'announce' && rng() < 0.3 ? legalMovesOf(s, seat).find((m) => m.type === 'staubaus') : undefined;
        const move = announce ?? levels[(seat + g) % levels.length]!(frozenView(s, seat), ctx(`${g}:${n}`, 50));
        const r = apply(s, seat, move);
        if (!r.ok) throw new Error(`game ${g} move ${n}: seat ${seat} ${JSON.stringify(move)} refused: ${describeReason(r.reason)}`);
        if (r.events.some((e) => e.type === 'staubausOver')) staubaus++;
        s = r.state;
      }
      expect(s.deals).toHaveLength(seats);
    }
    if ('kleineEkart' in options || 'grosseEkart' in options) expect(staubaus).toBeGreaterThan(10);
  });
});
