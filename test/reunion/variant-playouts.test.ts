/**
 * Property tests over seeded random games of Réunion's variants (docs/rules/reunion.md § Variants): 4 players,
 * 5 players, Kleine Ekart and Große Ekart, 500 games each, every move chosen among the legal ones by the project's
 * seeded PRNG (so every run plays the same games and a failure names its seed).
 * Checked at every step: the 32 cards each in one place, views that show no hidden card (another hand, the discard,
 * the card given back in a Staubaus), seats sitting out holding nothing, a new turn key per move; at the end: one
 * deal per seat with each seat active in three, 150 card points per deal, units summing to zero, Staubaus deals
 * scored 50 each with 4 units per active opponent, and replay rebuilding the game.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Card, FRENCH_32 } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { describeReason, type Seat } from '../../src/games/types.ts';
import { apply, replay, result, setup, toAct, turnKey, view } from '../../src/games/reunion/engine.ts';
import { legalMoves } from '../../src/games/reunion/legal.ts';
import { activeSeats } from '../../src/games/reunion/seats.ts';
import type { ReunionMove, ReunionOptions, ReunionState, ReunionView } from '../../src/games/reunion/types.ts';

const GAMES = 500;
const SORTED_PACK = FRENCH_32.slice().sort().join(' ');

interface Step {
  state: ReunionState;
  seat: Seat;
  move: ReunionMove;
}
interface Game {
  seed: string;
  seats: number;
  options: ReunionOptions;
  steps: Step[];
  final: ReunionState;
}

/**
 * Play one game, each move uniformly among the legal ones; `passBias` is the chance to pass in the first Staubaus
 * round (so that Große Ekart's second round comes often).
 */
function playout(seed: string, seats: number, options: ReunionOptions, passBias = 0): Game {
  const rng = seededRng(`moves:${seed}`);
  let state = setup(options, seats, seed);
  const steps: Step[] = [];
  for (let guard = 0; toAct(state).length > 0; guard++) {
    if (guard > 400) throw new Error(`seed ${seed}: the game does not end`);
    const seat = toAct(state)[0] as Seat;
    const moves = legalMoves(state, seat);
    const firstRound = state.phase === 'announce' && (state.announcements ?? []).length < 3;
    const move = firstRound && rng() < passBias ? moves.find((m) => m.type === 'pass') : moves[Math.floor(rng() * moves.length)];
    if (!move) throw new Error(`seed ${seed}: seat ${seat} to act has no legal move`);
    const r = apply(state, seat, move);
    if (!r.ok) throw new Error(`seed ${seed}: legal move refused: ${describeReason(r.reason)}`);
    steps.push({ state, seat, move });
    state = r.state;
  }
  return { seed, seats, options, steps, final: state };
}

const VARIANTS: { name: string; seats: (i: number) => number; options: (i: number) => ReunionOptions; passBias?: number }[] = [
  { name: '4 players', seats: () => 4, options: (i) => ({ piererTiers: i % 2 === 1 }) },
  { name: '5 players', seats: () => 5, options: (i) => ({ piererTiers: i % 2 === 1 }) },
  { name: 'Kleine Ekart', seats: (i) => 3 + (i % 2), options: () => ({ piererTiers: false, kleineEkart: true }) },
  {
    name: 'Große Ekart',
    seats: (i) => 3 + (i % 3),
    options: (i) => ({ piererTiers: false, kleineEkart: i % 2 === 0, grosseEkart: true }),
    passBias: 0.8,
  },
];

const json = (x: unknown): string => JSON.stringify(x);
const CARD_STRING = /"(?:10|[AKQJ987])[♣♠♥♦]"/g;

/** Hidden cards whose label appears in `text`. */
function leaks(text: string, hidden: readonly Card[]): Card[] {
  const named = new Set((text.match(CARD_STRING) ?? []).map((q) => q.slice(1, -1)));
  return hidden.filter((c) => named.has(c));
}

/**
 * Cards `seat` (null = the public) must not see: the other hands (the turn-up and the card named for Staubaus are
 * public; the announcer and the holder know where the card given back went) and, but to the dealer, the discard.
 */
function hiddenFrom(s: ReunionState, seat: Seat | null): Card[] {
  const sb = s.staubaus ?? null;
  const knows = (c: Card) => c === s.turnUp || c === sb?.named || (c === sb?.givenBack && (seat === sb.announcer || seat === sb.holder));
  const hidden = s.hands.flatMap((h, holder) => (holder === seat ? [] : h)).filter((c) => !knows(c));
  if (seat !== s.dealer) hidden.push(...s.discard);
  return hidden;
}

/**
 * The view as JSON without the parts that name cards legitimately: the draw for first dealer, the finished deals,
 * and the announcer's list of cards to name (every card not in its hand, whatever their place; checked apart).
 */
function viewJsonForLeaks(v: ReunionView): string {
  const { draw: _draw, deals: _deals, legal, ...rest } = v;
  return json({ ...rest, legal: v.phase === 'name' ? [] : legal });
}

function problems(check: (fail: (message: string) => void) => void): string[] {
  const found: string[] = [];
  check((message) => {
    if (found.length < 20) found.push(message);
  });
  return found;
}

for (const variant of VARIANTS)
  describe(`${GAMES} random games, ${variant.name}`, () => {
    let games: Game[] = [];
    beforeAll(() => {
      games = Array.from({ length: GAMES }, (_, i) =>
        playout(`variant-${variant.name}-${i}`, variant.seats(i), variant.options(i), variant.passBias ?? 0),
      );
    });

    it('hold the 32 cards once each at every step; seats sitting out hold and win nothing; each move is a new turn', () => {
      const found = problems((fail) => {
        for (const g of games)
          [...g.steps.map((s) => s.state), g.final].forEach((s, i) => {
            const cards = [...s.hands.flat(), ...s.discard, ...s.won.flat(), ...s.trick.map((p) => p.card)].sort().join(' ');
            if (cards !== SORTED_PACK) fail(`${g.seed} step ${i}: ${cards}`);
            const active = activeSeats(g.seats, s.dealer);
            for (let seat = 0; seat < g.seats; seat++)
              if (!active.includes(seat) && (s.hands[seat]!.length || s.won[seat]!.length))
                fail(`${g.seed} step ${i}: seat ${seat} sits out with cards`);
            const next = g.steps[i + 1]?.state ?? (i + 1 === g.steps.length ? g.final : null);
            if (next && next.phase !== 'over' && turnKey(next) === turnKey(s)) fail(`${g.seed} step ${i}: the turn key stays ${turnKey(s)}`);
          });
      });
      expect(found).toEqual([]);
    });

    it('play one deal per seat, each seat active in three, 150 card points a deal, units summing to zero', () => {
      let staubaus = 0;
      const found = problems((fail) => {
        for (const g of games) {
          const deals = g.final.deals;
          if (deals.length !== g.seats) fail(`${g.seed}: ${deals.length} deals`);
          for (let seat = 0; seat < g.seats; seat++) {
            const n = deals.filter((d) => d.active?.includes(seat)).length;
            if (n !== 3) fail(`${g.seed}: seat ${seat} active in ${n} deals`);
          }
          for (const d of deals) {
            const active = d.active ?? [];
            const expected = [d.dealer, (d.dealer + 1) % g.seats, (d.dealer + 2) % g.seats].sort((a, b) => a - b);
            if (json(active) !== json(expected)) fail(`${g.seed} deal ${d.dealNo}: active ${json(active)}`);
            if (d.cardPoints.reduce((a, b) => a + b, 0) !== 150) fail(`${g.seed} deal ${d.dealNo}: card points ${d.cardPoints}`);
            d.cardPoints.forEach((p, s) => !active.includes(s) && p !== 0 && fail(`${g.seed} deal ${d.dealNo}: seat ${s} sat out with ${p}`));
            for (const p of d.sidePayments)
              if (!active.includes(p.from) || !active.includes(p.to)) fail(`${g.seed} deal ${d.dealNo}: payment ${json(p)} with a seat sitting out`);
            if (d.staubaus) {
              staubaus++;
              const { announcer, won } = d.staubaus;
              if (json(d.cardPoints) !== json(d.cardPoints.map((_, s) => (active.includes(s) ? 50 : 0))))
                fail(`${g.seed} deal ${d.dealNo}: Staubaus card points ${d.cardPoints}`);
              const pays = active
                .filter((s) => s !== announcer)
                .map((o) => ({ from: won ? o : announcer, to: won ? announcer : o, units: 4, reason: 'staubaus' }));
              if (json(d.sidePayments) !== json(pays)) fail(`${g.seed} deal ${d.dealNo}: Staubaus payments ${json(d.sidePayments)}`);
              if (d.marks.some((m) => m !== 'plain')) fail(`${g.seed} deal ${d.dealNo}: a mark in a Staubaus deal`);
              if (won !== (d.tricks[announcer] === 10)) fail(`${g.seed} deal ${d.dealNo}: won ${won} with ${d.tricks[announcer]} tricks`);
            } else if (d.tricks.reduce((a, b) => a + b, 0) !== 10) fail(`${g.seed} deal ${d.dealNo}: tricks ${d.tricks}`);
          }
          const r = result(g.final);
          if (!r) fail(`${g.seed}: no result`);
          else {
            if (r.net.reduce((a, b) => a + b, 0) !== 0) fail(`${g.seed}: net ${r.net}`);
            if (r.totals.reduce((a, b) => a + b, 0) !== 150 * g.seats) fail(`${g.seed}: totals ${r.totals}`);
          }
        }
      });
      expect(found).toEqual([]);
      if (variant.name.includes('Ekart')) expect(staubaus).toBeGreaterThan(GAMES);
    });

    // Every step of the first 50 games; in the others (views are the slow part) the steps of the discard, the
    // announcements and the exchange, where what a seat may see changes, and the first lead after them.
    it("never show a seat another seat's cards, the discard or a card given back to someone else", () => {
      let checked = 0;
      const found = problems((fail) => {
        for (const [n, g] of games.entries())
          [...g.steps.map((s) => s.state), g.final].forEach((s, i) => {
            if (n >= 50 && s.phase === 'play' && s.tricks.length + s.trick.length > 0) return;
            for (const seat of [null, ...Array.from({ length: g.seats }, (_, k) => k)]) {
              const v = view(s, seat);
              const hidden = hiddenFrom(s, seat);
              checked += hidden.length;
              const leaked = leaks(viewJsonForLeaks(v), hidden);
              if (leaked.length) fail(`${g.seed} step ${i}: seat ${seat} sees ${leaked}`);
              const sb = s.staubaus ?? null;
              const sees = seat !== null && (seat === sb?.announcer || seat === sb?.holder);
              if (sb && v.staubaus?.givenBack !== (sees ? sb.givenBack : null))
                fail(`${g.seed} step ${i}: seat ${seat} given back ${v.staubaus?.givenBack}`);
              if (v.phase === 'name' && seat === sb?.announcer) {
                const expected = FRENCH_32.filter((c) => !s.hands[seat]!.includes(c) && !(seat === s.dealer && s.discard.includes(c)));
                if (json(v.legal.map((m) => (m.type === 'name' ? m.card : ''))) !== json(expected))
                  fail(`${g.seed} step ${i}: the cards to name tell more`);
              }
            }
          });
      });
      expect(found).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });

    it('are rebuilt exactly by replay', () => {
      for (const g of games)
        expect(
          replay(
            g.options,
            g.seats,
            g.seed,
            g.steps.map(({ seat, move }) => ({ seat, move })),
          ),
          g.seed,
        ).toEqual(g.final);
    });
  });
