/**
 * Property tests over hundreds of seeded random Rommé games: 2 to 6 players, every option picked at random
 * per game, each move chosen among `legalMoves` with the project's own seeded PRNG — melds, lay-offs and
 * joker swaps most of the time, so that deals end by going out — so every run plays the same games and a
 * failure names its seed. Rule source: docs/rules/romme.md (§ Pack: every card once; § Melds; § First
 * meld; § A turn: the stock rebuilt once; § Card values; § Going out; § Game).
 */
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CardId, isJoker, rankNumber, rommePack, suitOfCard } from '../../src/games/romme/pack.ts';
import { type Rng, seededRng } from '../../src/cards/random.ts';
import { describeReason, type Seat } from '../../src/games/types.ts';
import {
  DEFAULT_ROMME_OPTIONS,
  ROMME_REFUSALS,
  type RommeEvent,
  type RommeMove,
  type RommeOptions,
  type RommeState,
  type RommeView,
  apply,
  handPenalty,
  legalMoves,
  readings,
  replay,
  result,
  setup,
  toAct,
  view,
} from '../../src/games/romme/index.ts';

const GAMES = 500;

interface Step {
  state: RommeState;
  seat: Seat;
  move: RommeMove;
  events: RommeEvent[];
}
interface Game {
  seed: string;
  options: RommeOptions;
  seats: number;
  steps: Step[];
  final: RommeState;
  /** Problems noticed while playing (checked at every step, as the game went). */
  problems: string[];
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** Every option at random; one deal per game mostly, sometimes two, the default, or a penalty limit. */
function randomOptions(rng: Rng): RommeOptions {
  const length = rng();
  return {
    ...DEFAULT_ROMME_OPTIONS,
    jokers: pick(rng, [6, 4]),
    jokerValue: pick(rng, [30, 25, 20]),
    firstMeldMinimum: pick(rng, [40, 30]),
    startWith14: rng() < 0.5,
    fourteenthToForehand: rng() < 0.5,
    discardPickupMustBeMelded: rng() < 0.5,
    aroundTheCorner: rng() < 0.5,
    strictSetSwap: rng() < 0.5,
    handRomme: rng() < 0.5,
    deals: length < 0.85 ? 1 : length < 0.93 ? 2 : 0,
    penaltyLimit: length >= 0.97 ? 80 : 0,
    seatByDraw: rng() < 0.5,
    uncappedDeals: rng() < 0.5,
  };
}

/** A move to try that must be refused: out of turn, a card not held, the wrong phase, nonsense. */
function illegalMove(s: RommeState, rng: Rng): { seat: Seat; move: RommeMove } {
  const other = (s.turn + 1 + Math.floor(rng() * (s.seats - 1))) % s.seats;
  const notHeld = [...s.stock, ...s.hands[other]!][0] ?? 'Joker/9';
  const candidates: { seat: Seat; move: RommeMove }[] = [
    { seat: other, move: { type: 'draw', from: 'stock' } },
    { seat: other, move: { type: 'discard', card: s.hands[other]![0]! } },
    { seat: s.turn, move: { type: 'discard', card: notHeld } },
    { seat: s.turn, move: { type: 'layOff', meld: s.melds.length + 1, card: s.hands[s.turn]![0]! } },
    { seat: s.turn, move: { type: 'meld', groups: [{ cards: s.hands[s.turn]!.slice(0, 2) }] } },
    { seat: s.turn, move: { type: 'nonsense' } as unknown as RommeMove },
  ];
  if (s.phase === 'play') candidates.push({ seat: s.turn, move: { type: 'draw', from: 'stock' } });
  else candidates.push({ seat: s.turn, move: { type: 'discard', card: s.hands[s.turn]![0]! } });
  return pick(rng, candidates);
}

/** How many cards of `hand` could meld with `card`: same rank, or same suit within two ranks; jokers with all. */
function partners(hand: readonly CardId[], card: CardId): number {
  if (isJoker(card)) return 99;
  let n = 0;
  for (const c of hand)
    if (
      c !== card &&
      (isJoker(c) || rankNumber(c) === rankNumber(card) || (suitOfCard(c) === suitOfCard(card) && Math.abs(rankNumber(c) - rankNumber(card)) <= 2))
    )
      n++;
  return n;
}

/** The discard of the card with the fewest partners in hand (a simple player, so that hands come together). */
function loneliest(hand: readonly CardId[], discards: Extract<RommeMove, { type: 'discard' }>[]): RommeMove {
  return discards.reduce((a, b) => (partners(hand, b.card) < partners(hand, a.card) ? b : a));
}

/** Card ids named as JSON strings in `json`. */
const CARD_ID = /"(?:10|[2-9AJQK])[♣♠♥♦]\/[01]"|"Joker\/[0-5]"/g;
const idsIn = (json: string): string[] => (json.match(CARD_ID) ?? []).map((q) => q.slice(1, -1));

/** Problems with what `seat` (null = public) sees: another hand's cards, the stock, the pile below its top. */
function viewProblems(s: RommeState, seat: Seat | null, v: RommeView): string[] {
  const out: string[] = [];
  const may = new Set<CardId>([...(seat === null ? [] : s.hands[seat]!), ...s.melds.flatMap((m) => m.cards)]);
  const top = s.discardPile[s.discardPile.length - 1];
  if (top) may.add(top);
  if (s.takenFromDiscard) may.add(s.takenFromDiscard); // taken from the pile in view of everyone
  for (const c of s.pileTaken.flat()) may.add(c); // every pick-up of this deal was seen by everyone
  for (const id of idsIn(JSON.stringify(v))) if (!may.has(id)) out.push(`seat ${seat} sees ${id}`);
  if (seat === null && v.hand.length > 0) out.push('the public view has a hand');
  for (const key of ['stock', 'discardPile', 'hands', 'seed']) if (key in v) out.push(`view of ${seat} has ${key}`);
  if (v.stockSize !== s.stock.length) out.push(`stock size ${v.stockSize} ≠ ${s.stock.length}`);
  return out;
}

/** Play one game to the end; checks that need the move's context are made as it goes. */
function playout(i: number): Game {
  const seed = `romme-playout-${i}`;
  const rng = seededRng(`moves:${seed}`);
  const options = randomOptions(rng);
  const seats = 2 + (i % 5);
  const pack = new Set(rommePack(options.jokers));
  let state = setup(options, seats, seed);
  const steps: Step[] = [];
  const problems: string[] = [];
  const fail = (m: string) => {
    if (problems.length < 10) problems.push(`${seed} step ${steps.length}: ${m}`);
  };
  /** A first meld under the minimum by this seat this turn: it must go out before the turn ends. */
  let smallFirstMeld: Seat | null = null;
  const checkViews = i % 5 === 0;
  /** One game in ten, at six seats, is played lazily (random discards, fewer melds) so that the stock runs out. */
  const lazy = i % 10 === 4;
  const checkState = (s: RommeState, roundTrip: boolean) => {
    const placed = new Set<CardId>();
    let count = 0;
    const place = (c: CardId) => {
      count++;
      if (!pack.has(c) || placed.has(c)) fail(`card ${c} is not in the pack or in two places`);
      placed.add(c);
    };
    for (const h of s.hands) h.forEach(place);
    s.stock.forEach(place);
    s.discardPile.forEach(place);
    for (const m of s.melds) m.cards.forEach(place);
    if (count !== pack.size || placed.size !== pack.size) fail(`cards not accounted for: ${count} placed of ${pack.size}`);
    if (roundTrip && !isDeepStrictEqual(JSON.parse(JSON.stringify(s)), s)) fail('the state does not survive JSON');
  };
  checkState(state, true);
  for (let guard = 0; toAct(state).length > 0; guard++) {
    if (guard > 5000) throw new Error(`${seed}: the game does not end`);
    const seat = toAct(state)[0] as Seat;
    const moves = legalMoves(state, seat);
    if (moves.length === 0) {
      fail(`seat ${seat} to act has no legal move (phase ${state.phase})`);
      break;
    }
    const others = Array.from({ length: seats }, (_, x) => x).filter((x) => x !== seat);
    if (legalMoves(state, pick(rng, others)).length > 0) fail('a seat not to act has legal moves');

    // Illegal moves are refused and change nothing.
    const before = JSON.stringify(state);
    const bad = illegalMove(state, rng);
    const refused = apply(state, bad.seat, bad.move);
    if (refused.ok) fail(`illegal ${JSON.stringify(bad.move)} by ${bad.seat} accepted`);
    else if (!(ROMME_REFUSALS as readonly string[]).includes(refused.reason.code))
      fail(`a refusal without a known code: ${describeReason(refused.reason)}`);

    // Prefer placing cards; swaps first when there are any, so that they happen.
    const placing = moves.filter((m) => m.type === 'meld' || m.type === 'layOff' || m.type === 'swap');
    const swaps = placing.filter((m) => m.type === 'swap');
    const discards = moves.filter((m): m is Extract<RommeMove, { type: 'discard' }> => m.type === 'discard');
    const move =
      swaps.length > 0 && rng() < 0.7
        ? pick(rng, swaps)
        : placing.length > 0 && rng() < (lazy ? 0.1 : 0.9)
          ? pick(rng, placing)
          : discards.length > 0 && !lazy && rng() < 0.8
            ? loneliest(state.hands[seat]!, discards)
            : pick(rng, moves);

    const r = apply(state, seat, move);
    if (JSON.stringify(state) !== before) fail('apply changed its input');
    if (!r.ok) {
      fail(`legal move ${JSON.stringify(move)} refused: ${describeReason(r.reason)}`);
      break;
    }
    const next = r.state;
    const ev = r.events;

    // Melds valid at every moment: every meld new or changed by this move has a reading equal to it.
    const old = new Set(state.melds);
    for (const m of next.dealNo === state.dealNo ? next.melds : [])
      if (!old.has(m)) {
        const ok = readings(m.cards, options).some((x) =>
          x.kind === 'set'
            ? m.kind === 'set' && x.rank === m.rank && isDeepStrictEqual(x.cards, m.cards)
            : m.kind === 'run' && x.suit === m.suit && x.start === m.start && isDeepStrictEqual(x.cards, m.cards),
        );
        if (!ok) fail(`meld #${m.no} ${m.cards.join(' ')} is not valid as laid`);
      }

    // The first meld meets the minimum unless the player goes out in that turn (by this move or the next).
    const out = ev.find((e): e is Extract<RommeEvent, { type: 'wentOut' }> => e.type === 'wentOut');
    if (smallFirstMeld !== null) {
      if (seat !== smallFirstMeld || out?.seat !== seat) fail(`seat ${smallFirstMeld} made a small first meld and did not go out`);
      smallFirstMeld = null;
    }
    for (const e of ev)
      if (e.type === 'melded' && !state.hasMelded[seat] && e.value < options.firstMeldMinimum && out?.seat !== seat) smallFirstMeld = seat;

    // Penalties per deal are the hand values (doubled for Hand-Rommé), the winner's 0.
    for (const e of ev)
      if (e.type === 'dealScored') {
        const { winner, handRomme, penalties } = e.score;
        const expectedHR = winner !== null && options.handRomme && !state.meldedBeforeTurn;
        if (handRomme !== expectedHR) fail(`Hand-Rommé ${handRomme}, expected ${expectedHR}`);
        const expected = state.hands.map((h, x) => (x === winner ? 0 : handPenalty(h, options.jokerValue) * (handRomme ? 2 : 1)));
        if (!isDeepStrictEqual(penalties, expected)) fail(`penalties ${penalties} ≠ ${expected}`);
        if (winner !== null && winner !== seat) fail(`seat ${winner} went out on seat ${seat}'s move`);
        if (winner === null && !ev.some((x) => x.type === 'stockExhausted')) fail('a deal without a winner and without an empty stock');
      }

    // Every card once at every step; the JSON round trip every few steps and at the end.
    checkState(next, steps.length % 20 === 0 || next.dealNo !== state.dealNo || next.phase === 'over');
    if (checkViews)
      for (const v of [null, ...Array.from({ length: seats }, (_, x) => x)]) for (const p of viewProblems(next, v, view(next, v))) fail(p);
    else {
      const v = pick(rng, [null, seat]);
      for (const p of viewProblems(next, v, view(next, v))) fail(p);
    }

    steps.push({ state, seat, move, events: ev });
    state = next;
  }
  return { seed, options, seats, steps, final: state, problems };
}

let games: Game[] = [];
const allEvents = () => games.flatMap((g) => g.steps.flatMap((s) => s.events));

beforeAll(() => {
  games = Array.from({ length: GAMES }, (_, i) => playout(i));
});

describe(`${GAMES} random Rommé games`, () => {
  it('all end with a result, every deal scored', () => {
    const found: string[] = [];
    for (const g of games) {
      if (g.final.phase !== 'over') found.push(`${g.seed}: phase ${g.final.phase}`);
      const r = result(g.final);
      if (!r) found.push(`${g.seed}: no result`);
      const planned = g.options.penaltyLimit > 0 ? null : g.options.deals > 0 ? g.options.deals : g.seats;
      if (planned !== null && g.final.deals.length !== planned) found.push(`${g.seed}: ${g.final.deals.length} deals of ${planned}`);
      if (planned === null && r && Math.max(...r.totals) < g.options.penaltyLimit && (g.options.uncappedDeals || g.final.deals.length < 100))
        found.push(`${g.seed}: ended below the limit`);
    }
    expect(found.slice(0, 20)).toEqual([]);
  });

  it('keep every card in exactly one place, every meld valid, first melds at the minimum, penalties right, views closed, input untouched, at every step', () => {
    expect(games.flatMap((g) => g.problems).slice(0, 20)).toEqual([]);
  });

  it('replay exactly from seed and moves', () => {
    for (const g of games) {
      const again = replay(
        g.options,
        g.seats,
        g.seed,
        g.steps.map(({ seat, move }) => ({ seat, move })),
      );
      expect(isDeepStrictEqual(again, g.final), g.seed).toBe(true);
    }
  });

  it('apply the same from a JSON copy of the state', () => {
    for (const g of games.filter((_, i) => i % 10 === 0))
      for (const s of g.steps) {
        const a = apply(s.state, s.seat, s.move);
        const b = apply(JSON.parse(JSON.stringify(s.state)) as RommeState, s.seat, s.move);
        expect(isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b))), g.seed).toBe(true);
      }
  });

  it('went out, swapped jokers, laid off, restocked and ran out across the run', () => {
    const events = allEvents();
    const count = (type: RommeEvent['type']) => events.filter((e) => e.type === type).length;
    const scores = events.flatMap((e) => (e.type === 'dealScored' ? [e.score] : []));
    const tally = {
      wentOut: count('wentOut'),
      swapped: count('swapped'),
      laidOff: count('laidOff'),
      restocked: count('restocked'),
      stockExhausted: count('stockExhausted'),
      handRomme: scores.filter((d) => d.handRomme).length,
      deals: scores.length,
    };
    const say = JSON.stringify(tally);
    expect(tally.wentOut, say).toBeGreaterThan(tally.deals / 2);
    expect(tally.swapped, say).toBeGreaterThan(20);
    expect(tally.laidOff, say).toBeGreaterThan(500);
    expect(tally.restocked, say).toBeGreaterThan(5);
    expect(tally.stockExhausted, say).toBeGreaterThan(0);
    expect(tally.handRomme, say).toBeGreaterThan(0);
    expect(tally.wentOut + tally.stockExhausted, say).toBe(tally.deals);
  });

  it('played every option both ways and every table size', () => {
    const seen = new Map<string, Set<string>>();
    for (const g of games)
      for (const [k, v] of Object.entries({ ...g.options, seats: g.seats })) {
        const set = seen.get(k) ?? new Set<string>();
        set.add(String(v));
        seen.set(k, set);
      }
    for (const [k, vs] of seen) expect(vs.size, k).toBeGreaterThanOrEqual(2);
    expect(seen.get('seats')?.size).toBe(5);
  });
});
