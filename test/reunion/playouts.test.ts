/**
 * Property tests over hundreds of seeded random Réunion games: random legal moves chosen with the
 * project's own seeded PRNG, so every run plays the same games and a failure names its seed.
 * Rule source: docs/rules/reunion.md (§ Card points: 150 per deal; § Deal 5.: a legal discard always
 * exists; § Seating and first dealer; § Game and settlement: units sum to zero).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, naturalRank, rankOf, suitOf } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { describeReason, type Seat } from '../../src/games/types.ts';
import { apply, drawForDealer, replay, result, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { legalMoves, REUNION_REFUSALS } from '../../src/games/reunion/legal.ts';
import { leftBower, rightBower } from '../../src/games/reunion/ranking.ts';
import { DEFAULT_OPTIONS, type ReunionMove, type ReunionOptions, type ReunionState, type ReunionView } from '../../src/games/reunion/types.ts';

const GAMES = 500;
const SEATS = 3;
const SORTED_PACK = FRENCH_32.slice().sort();

interface Step {
  state: ReunionState;
  seat: Seat;
  move: ReunionMove;
}
interface Game {
  seed: string;
  options: ReunionOptions;
  steps: Step[];
  final: ReunionState;
}

/** Play one game to the end, each move chosen uniformly among the legal ones by a PRNG seeded from `seed`. */
function playout(seed: string, options: ReunionOptions): Game {
  const rng = seededRng(`moves:${seed}`);
  let state = setup(options, SEATS, seed);
  const steps: Step[] = [];
  for (let guard = 0; toAct(state).length > 0; guard++) {
    if (guard > 200) throw new Error(`seed ${seed}: the game does not end`);
    const seat = toAct(state)[0] as Seat;
    const moves = legalMoves(state, seat);
    const move = moves[Math.floor(rng() * moves.length)];
    if (!move) throw new Error(`seed ${seed}: seat ${seat} to act has no legal move`);
    const r = apply(state, seat, move);
    if (!r.ok) throw new Error(`seed ${seed}: legal move refused: ${describeReason(r.reason)}`);
    steps.push({ state, seat, move });
    state = r.state;
  }
  return { seed, options, steps, final: state };
}

/** Every state of a game, the final one included. */
const statesOf = (g: Game): ReunionState[] => [...g.steps.map((s) => s.state), g.final];

/** Where every card is: hands, the discard, the won piles and the current trick. */
function allCards(s: ReunionState): Card[] {
  return [...s.hands.flat(), ...s.discard, ...s.won.flat(), ...s.trick.map((p) => p.card)];
}

/** Cards that `seat` (null = the public) must not see: other hands (but the turn-up is public) and another dealer's discard. */
function hiddenFrom(s: ReunionState, seat: Seat | null): Card[] {
  const hidden = s.hands.flatMap((h, holder) => (holder === seat ? [] : h)).filter((c) => c !== s.turnUp);
  if (seat !== s.dealer) hidden.push(...s.discard);
  return hidden;
}

/** Every card label appearing as a JSON string in `json`. */
const CARD_STRING = /"(?:10|[AKQJ987])[♣♠♥♦]"/g;

/** Hidden cards whose label appears in `json`. */
function leaks(json: string, hidden: readonly Card[]): Card[] {
  const named = new Set((json.match(CARD_STRING) ?? []).map((q) => q.slice(1, -1)));
  return hidden.filter((c) => named.has(c));
}

/**
 * The view as JSON, without the two parts that legitimately name cards unrelated to the current holdings:
 * the draw for first dealer (a separate pack, public) and the scores of finished deals (their turn-ups, public).
 * Those two are checked separately.
 */
function viewJsonForLeaks(v: ReunionView): string {
  const { draw: _draw, deals: _deals, ...rest } = v;
  return JSON.stringify(rest);
}

/**
 * Run `check` and return the problems it reported (at most 20). Checking hundreds of thousands of
 * conditions through `expect` one by one is slow, so each property gathers its failures as sentences
 * and asserts once that there are none.
 */
function problems(check: (fail: (message: string) => void) => void): string[] {
  const found: string[] = [];
  check((message) => {
    if (found.length < 20) found.push(message);
  });
  return found;
}
const json = (x: unknown): string => JSON.stringify(x);

let games: Game[] = [];

beforeAll(() => {
  games = Array.from({ length: GAMES }, (_, i) => playout(`playout-${i}`, i % 2 === 0 ? DEFAULT_OPTIONS : { piererTiers: true }));
});

describe(`${GAMES} random games`, () => {
  it('all end after three deals of ten tricks each, with a result', () => {
    const found = problems((fail) => {
      for (const g of games) {
        if (g.final.phase !== 'over') fail(`${g.seed}: phase ${g.final.phase} at the end`);
        if (g.final.deals.length !== 3) fail(`${g.seed}: ${g.final.deals.length} deals`);
        // 3 deals × (1 discard + 30 cards played)
        if (g.steps.length !== 93) fail(`${g.seed}: ${g.steps.length} moves`);
        if (result(g.final) === null) fail(`${g.seed}: no result`);
        for (const d of g.final.deals) if (d.tricks.reduce((a, b) => a + b, 0) !== 10) fail(`${g.seed} deal ${d.dealNo}: tricks ${d.tricks}`);
      }
    });
    expect(found).toEqual([]);
  });

  it("score 150 card points in every deal, and 450 over the game's totals", () => {
    const found = problems((fail) => {
      for (const g of games) {
        for (const d of g.final.deals) {
          const sum = d.cardPoints.reduce((a, b) => a + b, 0);
          if (sum !== 150) fail(`${g.seed} deal ${d.dealNo}: card points ${d.cardPoints} sum to ${sum}`);
        }
        const total = result(g.final)?.totals.reduce((a, b) => a + b, 0);
        if (total !== 450) fail(`${g.seed}: totals sum to ${total}`);
      }
    });
    expect(found).toEqual([]);
  });

  it('let each seat deal once, in seat order from the first dealer', () => {
    for (const g of games) {
      const first = g.final.firstDealer;
      expect(
        g.final.deals.map((d) => d.dealer),
        g.seed,
      ).toEqual([0, 1, 2].map((k) => (first + k) % SEATS));
    }
  });

  it('always hold all 32 cards, each in exactly one place (hands, discard, won piles, trick)', () => {
    const pack = SORTED_PACK.join(' ');
    const found = problems((fail) => {
      for (const g of games)
        statesOf(g).forEach((s, i) => {
          const cards = allCards(s).sort().join(' ');
          if (cards !== pack) fail(`${g.seed} step ${i}: ${cards}`);
        });
    });
    expect(found).toEqual([]);
  });

  it('give the seat from toAct at least one legal move until the end, and the other seats none', () => {
    const found = problems((fail) => {
      for (const g of games) {
        for (const [i, { state, seat }] of g.steps.entries()) {
          const acting = toAct(state);
          if (json(acting) !== json([seat])) fail(`${g.seed} step ${i}: toAct ${json(acting)}`);
          for (let s = 0; s < SEATS; s++) {
            const n = legalMoves(state, s).length;
            if (s === seat ? n === 0 : n !== 0) fail(`${g.seed} step ${i}: seat ${s} has ${n} legal moves`);
          }
          if (result(state) !== null) fail(`${g.seed} step ${i}: a result before the end`);
        }
        if (toAct(g.final).length !== 0) fail(`${g.seed}: someone to act at the end`);
        for (let s = 0; s < SEATS; s++) if (legalMoves(g.final, s).length !== 0) fail(`${g.seed}: seat ${s} has moves at the end`);
      }
    });
    expect(found).toEqual([]);
  });

  it('accept every legal move at every step', () => {
    let tried = 0;
    const found = problems((fail) => {
      for (const g of games)
        for (const [i, { state, seat }] of g.steps.entries())
          for (const move of legalMoves(state, seat)) {
            tried++;
            const r = apply(state, seat, move);
            if (!r.ok) fail(`${g.seed} step ${i}: ${json(move)} refused: ${describeReason(r.reason)}`);
          }
    });
    expect(found).toEqual([]);
    expect(tried).toBeGreaterThan(GAMES * 93);
  });

  it('always have a legal discard for the dealer (rules § Deal 5.)', () => {
    let discards = 0;
    const found = problems((fail) => {
      for (const g of games)
        for (const { state } of g.steps)
          if (state.phase === 'discard') {
            discards++;
            if (state.hands[state.dealer]?.length !== 12) fail(`${g.seed}: the dealer holds ${state.hands[state.dealer]?.length} cards`);
            if (legalMoves(state, state.dealer).length === 0) fail(`${g.seed}: no legal discard from ${state.hands[state.dealer]}`);
          }
    });
    expect(found).toEqual([]);
    expect(discards).toBe(GAMES * 3);
  });

  it('refuse illegal moves at every step and leave the state unchanged', () => {
    let refusals = 0;
    const found = problems((fail) => {
      for (const g of games)
        for (const [i, { state, seat }] of g.steps.entries()) {
          const before = json(state);
          const at = `${g.seed} step ${i}`;
          const refused = (by: Seat, move: ReunionMove): void => {
            const r = apply(state, by, move);
            refusals++;
            if (r.ok) fail(`${at}: seat ${by} ${json(move)} was accepted`);
            else if (!(REUNION_REFUSALS as readonly string[]).includes(r.reason.code)) fail(`${at}: refused with an unlisted code ${r.reason.code}`);
          };
          const other = (seat + 1) % SEATS;
          const foreign = state.hands[other]?.[0] as Card;
          const own = state.hands[seat] as Card[];
          const notTurnUp = own.find((c) => c !== state.turnUp) as Card;
          // A card from another seat's hand.
          refused(seat, { type: 'play', card: foreign });
          // A card out of turn, played by a seat that holds it.
          refused(other, { type: 'play', card: foreign });
          if (state.phase === 'discard') {
            // The turn-up (never discardable), a card not held, a discard by a non-dealer, a play before the discard.
            refused(seat, { type: 'discard', cards: [state.turnUp, notTurnUp] });
            refused(seat, { type: 'discard', cards: [foreign, notTurnUp] });
            refused(other, { type: 'discard', cards: state.hands[other]?.slice(0, 2) as [Card, Card] });
            refused(seat, { type: 'play', card: own[0] as Card });
          } else {
            // A card of one's own hand that the follow/trump rules forbid, when there is one.
            const allowed = new Set(legalMoves(state, seat).map((m) => (m.type === 'play' ? m.card : '')));
            const forbidden = own.find((c) => !allowed.has(c));
            if (forbidden) refused(seat, { type: 'play', card: forbidden });
            // A discard after the discard phase.
            const dealerHand = state.hands[state.dealer] as Card[];
            if (dealerHand.length >= 2) refused(state.dealer, { type: 'discard', cards: [dealerHand[0] as Card, dealerHand[1] as Card] });
          }
          if (json(state) !== before) fail(`${at}: the state changed`);
        }
    });
    expect(found).toEqual([]);
    expect(refusals).toBeGreaterThan(GAMES * 93 * 2);
    // And nothing at all is accepted once the game is over.
    const g = games[0] as Game;
    for (let seat = 0; seat < SEATS; seat++) expect(apply(g.final, seat, { type: 'play', card: 'A♠' }).ok).toBe(false);
  });

  it('accept exactly the legal card plays, for every seat and card (50 games), the state deep-equal to before', () => {
    const found = problems((fail) => {
      for (const g of games.slice(0, 50))
        for (const [i, { state, seat }] of g.steps.entries()) {
          const snapshot = structuredClone(state);
          const legal = new Set(legalMoves(state, seat).map((m) => json(m)));
          for (const card of FRENCH_32)
            for (let s = 0; s < SEATS; s++) {
              const move: ReunionMove = { type: 'play', card };
              const expected = s === seat && legal.has(json(move));
              if (apply(state, s, move).ok !== expected)
                fail(`${g.seed} step ${i}: seat ${s} plays ${card}: expected ${expected ? 'accepted' : 'refused'}`);
            }
          if (i % 10 === 0) expect(state).toEqual(snapshot);
          else if (json(state) !== json(snapshot)) fail(`${g.seed} step ${i}: the state changed`);
        }
    });
    expect(found).toEqual([]);
  });

  it('survive a JSON round-trip of the state unchanged', () => {
    const found = problems((fail) => {
      for (const g of games)
        statesOf(g).forEach((s, i) => {
          const text = json(s);
          if (json(JSON.parse(text)) !== text) fail(`${g.seed} step ${i}: JSON round-trip differs`);
        });
    });
    expect(found).toEqual([]);
    // Deep equality (not just equal JSON text) for the final states.
    for (const g of games) expect(JSON.parse(json(g.final)), g.seed).toEqual(g.final);
  });

  it('are rebuilt exactly by replay(options, 3, seed, moves)', () => {
    for (const g of games) {
      const rebuilt = replay(
        g.options,
        SEATS,
        g.seed,
        g.steps.map(({ seat, move }) => ({ seat, move })),
      );
      expect(rebuilt, g.seed).toEqual(g.final);
    }
  });

  it("never show a seat another seat's cards or another dealer's discard", () => {
    let checkedHidden = 0;
    const found = problems((fail) => {
      for (const g of games)
        statesOf(g).forEach((s, i) => {
          for (let seat = 0; seat < SEATS; seat++) {
            const v = view(s, seat);
            const hidden = hiddenFrom(s, seat);
            checkedHidden += hidden.length;
            const leaked = leaks(viewJsonForLeaks(v), hidden);
            if (leaked.length) fail(`${g.seed} step ${i}: seat ${seat} sees ${leaked}`);
            if (json(v.hand) !== json(s.hands[seat])) fail(`${g.seed} step ${i}: seat ${seat} does not see its own hand`);
            if (json(v.discard) !== json(seat === s.dealer ? s.discard : [])) fail(`${g.seed} step ${i}: seat ${seat} discard ${v.discard}`);
          }
        });
    });
    expect(found).toEqual([]);
    expect(checkedHidden).toBeGreaterThan(0);
  });

  it('never show the public any hand or discard card (the turn-up and played cards are public)', () => {
    const found = problems((fail) => {
      for (const g of games)
        statesOf(g).forEach((s, i) => {
          const v = view(s, null);
          const hidden = [...s.hands.flat().filter((c) => c !== s.turnUp), ...s.discard];
          const leaked = leaks(viewJsonForLeaks(v), hidden);
          if (leaked.length) fail(`${g.seed} step ${i}: the public sees ${leaked}`);
          if (v.hand.length || v.discard.length) fail(`${g.seed} step ${i}: the public view has a hand or discard`);
        });
    });
    expect(found).toEqual([]);
  });

  it('name no card in the scores of finished deals but their turn-ups, and show the public draw as it was', () => {
    const found = problems((fail) => {
      for (const g of games)
        statesOf(g).forEach((s, i) => {
          // The deal scores change only when a deal ends, i.e. in the next deal's discard phase or at the end.
          if (s.phase === 'play') return;
          for (const seat of [0, 1, 2, null]) {
            const v = view(s, seat);
            const leaked = leaks(json(v.deals.map((d) => ({ ...d, turnUp: null }))), FRENCH_32);
            if (leaked.length) fail(`${g.seed} step ${i}: the deal scores name ${leaked}`);
            if (json(v.draw) !== json(s.draw)) fail(`${g.seed} step ${i}: the draw differs`);
          }
        });
    });
    expect(found).toEqual([]);
  });

  it('would catch a leak: the full state names hidden cards (check of the leak detector)', () => {
    const g = games[0] as Game;
    const s = g.steps[5]?.state as ReunionState;
    expect(leaks(json(s), hiddenFrom(s, 0)).length).toBeGreaterThan(0);
    expect(leaks(viewJsonForLeaks({ ...view(s, 0), hand: s.hands[1] as Card[] }), hiddenFrom(s, 0)).length).toBeGreaterThan(0);
  });

  it('settle with net units summing to zero, the winners holding the highest total', () => {
    for (const g of games) {
      const r = result(g.final);
      if (!r) throw new Error(`${g.seed}: no result`);
      expect(
        r.net.reduce((a, b) => a + b, 0),
        g.seed,
      ).toBe(0);
      expect(
        r.sideUnits.reduce((a, b) => a + b, 0),
        g.seed,
      ).toBe(0);
      const best = Math.max(...r.totals);
      expect(r.winners, g.seed).toEqual(r.totals.flatMap((t, s) => (t === best ? [s] : [])));
      for (const s of r.winners) expect(r.settlementUnits[s], g.seed).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the draw for first dealer', () => {
  const DRAWS = 2000;

  it('makes the lowest card deal, redrawing among the seats tied for lowest', () => {
    let redraws = 0;
    for (let i = 0; i < DRAWS; i++) {
      const seed = `draw-${i}`;
      const { draw, firstDealer } = drawForDealer(seed, SEATS);
      expect(
        draw[0]?.map((d) => d.seat),
        seed,
      ).toEqual([0, 1, 2]);
      draw.forEach((round, r) => {
        const cards = round.map((d) => d.card);
        expect(new Set(cards).size, seed).toBe(cards.length);
        const low = Math.min(...cards.map(naturalRank));
        const lowest = round.filter((d) => naturalRank(d.card) === low).map((d) => d.seat);
        if (r < draw.length - 1) {
          expect(lowest.length, `${seed} round ${r}`).toBeGreaterThan(1);
          expect(
            draw[r + 1]?.map((d) => d.seat),
            `${seed} round ${r + 1}`,
          ).toEqual(lowest);
        } else {
          expect(lowest, `${seed} last round`).toEqual([firstDealer]);
        }
      });
      if (draw.length > 1) redraws++;
      expect(setup(DEFAULT_OPTIONS, SEATS, seed).dealer, seed).toBe(firstDealer);
    }
    // Ties for lowest are common enough that the redraw rule is exercised.
    expect(redraws).toBeGreaterThan(50);
  });

  it('is stored in the state', () => {
    const s = setup(DEFAULT_OPTIONS, SEATS, 'stored');
    expect(s.draw).toEqual(drawForDealer('stored', SEATS).draw);
    expect(s.firstDealer).toBe(drawForDealer('stored', SEATS).firstDealer);
  });

  it('lets every seat be first dealer for some seed', () => {
    const dealers = new Set(Array.from({ length: 100 }, (_, i) => drawForDealer(`who-${i}`, SEATS).firstDealer));
    expect(dealers).toEqual(new Set([0, 1, 2]));
  });
});

describe("the dealer's discard (rules § Deal 5.)", () => {
  it('always has a legal discard, whatever 12 cards and turn-up the dealer holds (property)', () => {
    const base = setup(DEFAULT_OPTIONS, SEATS, 'discard-property');
    fc.assert(
      fc.property(fc.shuffledSubarray([...FRENCH_32], { minLength: 12, maxLength: 12 }), fc.nat({ max: 11 }), (hand, t) => {
        const turnUp = hand[t] as Card;
        const trump = suitOf(turnUp);
        const rest = FRENCH_32.filter((c) => !hand.includes(c));
        const state: ReunionState = {
          ...base,
          phase: 'discard',
          dealer: 0,
          trump,
          turnUp,
          hands: [hand, rest.slice(0, 10), rest.slice(10)],
          discard: [],
        };
        // The digest's rule, written out independently: no ace, no bower, not the turn-up, not two tens.
        const barred = (c: Card) => c === turnUp || c === rightBower(trump) || c === leftBower(trump) || rankOf(c) === 'A';
        let expected = 0;
        for (let i = 0; i < 12; i++)
          for (let j = i + 1; j < 12; j++) {
            const a = hand[i] as Card;
            const b = hand[j] as Card;
            if (!barred(a) && !barred(b) && !(rankOf(a) === '10' && rankOf(b) === '10')) expected++;
          }
        const moves = legalMoves(state, 0);
        // Returning false fails the property (plain checks: `expect` is slow over thousands of runs).
        return expected > 0 && moves.length === expected && moves.every((m) => apply(state, 0, m).ok);
      }),
      { seed: 515, numRuns: 600 },
    );
  });
});

/** Freeze an object graph so that any write to it throws (test files are ES modules, hence strict mode). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('apply', () => {
  it('never mutates its input state (property, frozen states)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.array(fc.nat(), { minLength: 93, maxLength: 93 }), fc.boolean(), (seed, picks, pierer) => {
        let state = deepFreeze(setup({ piererTiers: pierer }, SEATS, seed));
        for (const pick of picks) {
          const seat = toAct(state)[0];
          if (seat === undefined) break;
          const moves = legalMoves(state, seat);
          const move = moves[pick % moves.length] as ReunionMove;
          const before = JSON.stringify(state);
          const r = apply(state, seat, move);
          expect(r.ok).toBe(true);
          expect(JSON.stringify(state)).toBe(before);
          // An illegal move leaves it alone too.
          apply(state, (seat + 1) % SEATS, move);
          expect(JSON.stringify(state)).toBe(before);
          if (r.ok) state = deepFreeze(r.state);
        }
        expect(state.phase).toBe('over');
      }),
      { seed: 424242, numRuns: 60 },
    );
  });

  it('refuses moves that are not legal for any random seat and card (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.nat({ max: 92 }), fc.nat({ max: 2 }), fc.constantFrom(...FRENCH_32), (seed, steps, seat, card) => {
        const rng = seededRng(seed);
        let state = setup(DEFAULT_OPTIONS, SEATS, seed);
        for (let k = 0; k < steps; k++) {
          const s = toAct(state)[0] as Seat;
          const moves = legalMoves(state, s);
          const r = apply(state, s, moves[Math.floor(rng() * moves.length)] as ReunionMove);
          if (!r.ok) throw new Error(describeReason(r.reason));
          state = r.state;
        }
        const move: ReunionMove = { type: 'play', card };
        const isLegal = legalMoves(state, seat).some((m) => m.type === 'play' && m.card === card);
        const before = JSON.stringify(state);
        expect(apply(state, seat, move).ok).toBe(isLegal);
        expect(JSON.stringify(state)).toBe(before);
      }),
      { seed: 777, numRuns: 300 },
    );
  });
});
