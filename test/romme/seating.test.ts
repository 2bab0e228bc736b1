/**
 * Seating by the draw and the length of a game by penalty limit. docs/rules/romme.md § Seating and deal: each player
 * draws a card, the highest deals first and the others sit in the order of their cards (ties draw again); the deal
 * then passes one seat on. § Game: a game by penalty limit runs until a total reaches the limit. Games stored
 * before either rule (no `seatByDraw`, no `uncappedDeals` in their options) keep replaying as they were played.
 */
import { describe, expect, it } from 'vitest';
import { rankNumber } from '../../src/games/romme/pack.ts';
import { gameIsOver } from '../../src/games/romme/scoring.ts';
import { DEFAULT_ROMME_OPTIONS, type DealScore, drawForDealer, drawSeats, romme, setup } from '../../src/games/romme/index.ts';

const O = DEFAULT_ROMME_OPTIONS;
const NEW = { ...O, seatByDraw: true, uncappedDeals: true };
/** Draw order, ace high. */
const strength = (label: string) => (rankNumber(label) === 1 ? 14 : rankNumber(label));

/** Each seat's drawn strengths, round by round (only the rounds it drew in). */
function drawnBy(draw: { seat: number; card: string }[][], seats: number): number[][] {
  const out: number[][] = Array.from({ length: seats }, () => []);
  for (const round of draw) for (const d of round) out[d.seat]!.push(strength(d.card));
  return out;
}

/** Compare two drawn sequences, higher first. */
const higherFirst = (a: number[], b: number[]): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
};

describe('seating by the draw', () => {
  it('seats 2 to 6 players in the order of their cards, highest first and dealing; ties draw again', () => {
    let reordered = 0;
    let tiesBelowTop = 0;
    for (let seats = 2; seats <= 6; seats++)
      for (let i = 0; i < 60; i++) {
        const s = setup(NEW, seats, `seating-${seats}-${i}`);
        expect(s.seating!.slice().sort()).toEqual(Array.from({ length: seats }, (_, k) => k));
        if (s.seating!.some((joined, seat) => joined !== seat)) reordered++;
        const drawn = drawnBy(s.draw, seats);
        // Seat by seat, the cards drawn go down; no two seats drew the same all the way.
        for (let seat = 1; seat < seats; seat++) expect(higherFirst(drawn[seat - 1]!, drawn[seat]!)).toBeLessThan(0);
        if (s.draw.slice(1).some((round) => !round.some((d) => d.seat === 0))) tiesBelowTop++;
        expect([s.firstDealer, s.dealer, s.turn]).toEqual([0, 0, 0]);
        // The first round is everyone's draw, the same cards the draw for first dealer gave them, and the same dealer.
        const old = drawForDealer(`seating-${seats}-${i}`, seats);
        expect(s.draw[0]!.map((d) => [s.seating![d.seat], d.card]).sort()).toEqual(old.draw[0]!.map((d) => [d.seat, d.card]).sort());
        expect(s.seating![0]).toBe(old.firstDealer);
      }
    expect(reordered).toBeGreaterThan(200);
    expect(tiesBelowTop).toBeGreaterThan(0);
  });

  it('is deterministic from the seed, and the table layer learns who sits where', () => {
    const a = drawSeats('same-seed', 5);
    expect(drawSeats('same-seed', 5)).toEqual(a);
    expect(romme.seatOrder!(setup(NEW, 5, 'same-seed'))).toEqual(a.seating);
  });

  it('keeps join order and the old draw for a game stored before seating by the draw', () => {
    const s = setup(O, 4, 'stored-before');
    const old = drawForDealer('stored-before', 4);
    expect(s.seating).toBeUndefined();
    expect(romme.seatOrder!(s)).toBeNull();
    expect([s.draw, s.firstDealer]).toEqual([old.draw, old.firstDealer]);
  });

  it('passes the deal one seat on from the first dealer, seat 0', () => {
    let s = setup({ ...NEW, deals: 3 }, 3, 'pass-the-deal');
    const dealers = [s.dealer];
    // Every player discards the card drawn from the stock until the stock runs out twice, ending each deal.
    while (s.phase !== 'over' && dealers.length < 3) {
      const seat = s.turn;
      const drew = romme.apply(s, seat, { type: 'draw', from: 'stock' });
      if (!drew.ok) throw new Error(drew.reason.code);
      s = drew.state;
      if (s.dealNo + 1 > dealers.length) {
        dealers.push(s.dealer);
        continue;
      }
      const card = s.hands[seat]!.at(-1)!;
      const after = romme.apply(s, seat, { type: 'discard', card });
      if (!after.ok) throw new Error(after.reason.code);
      s = after.state;
      if (s.dealNo + 1 > dealers.length) dealers.push(s.dealer);
    }
    expect(dealers).toEqual([0, 1, 2]);
  });
});

describe('a game by penalty limit', () => {
  const deals = (n: number, penalties: number[]): DealScore[] =>
    Array.from({ length: n }, (_, dealNo) => ({ dealNo, dealer: dealNo % 2, winner: 1, handRomme: false, penalties }));
  const game = (options: typeof O, n: number, penalties = [2, 0]) => ({
    options: { ...options, penaltyLimit: 2000 },
    seats: 2,
    deals: deals(n, penalties),
  });

  it.each([
    { what: 'runs past 100 deals below the limit', options: NEW, n: 150, penalties: [2, 0], over: false },
    { what: 'ends when a total reaches the limit', options: NEW, n: 100, penalties: [20, 0], over: true },
    { what: 'does not end while every total is below the limit', options: NEW, n: 99, penalties: [20, 0], over: false },
    { what: 'stored before: still stops at the 100th deal', options: O, n: 100, penalties: [2, 0], over: true },
    { what: 'stored before: not before it', options: O, n: 99, penalties: [2, 0], over: false },
  ])('$what', ({ options, n, penalties, over }) => {
    expect(gameIsOver(game(options, n, penalties))).toBe(over);
  });
});
