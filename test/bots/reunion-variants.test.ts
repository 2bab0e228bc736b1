/**
 * The Réunion computer players in the variants (docs/rules/reunion.md § Variants): 4 and 5 players (three active
 * seats per deal), Kleine Ekart and Große Ekart (Staubaus). Every level plays only legal moves through ≥ 200 whole
 * seeded games of each variant from frozen views; the strong player's sampled deals agree with everything a seat
 * has seen with 4–5 seats and in Staubaus deals; on hand-built deals the strong and the easy player announce Staubaus
 * with a hand that obviously wins (in the turned suit, or in round 2 in the suit it is strong in) and pass with a weak
 * one, name the right bower they lack and give back a lone low card, and (not being the dealer) name only cards that
 * cannot lie in the discard, so naming is never refused.
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, suitOf } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { easyPolicy, randomPolicy, reunionPolicies, strongPolicy } from '../../src/bots/reunion/index.ts';
import { announceValues } from '../../src/bots/reunion/announce.ts';
import { fastRng, labelsOf } from '../../src/bots/reunion/card-masks.ts';
import { knowledgeOf, sampleDeal } from '../../src/bots/reunion/sample.ts';
import { compactView } from '../../src/bots/reunion/seats.ts';
import type { DecisionContext, Policy } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { discardBar } from '../../src/games/reunion/legal.ts';
import { effectiveSuit } from '../../src/games/reunion/ranking.ts';
import type { ReunionMove, ReunionOptions, ReunionState, ReunionView } from '../../src/games/reunion/types.ts';
import type { Seat } from '../../src/games/types.ts';
import { describeReason } from '../../src/games/types.ts';
import { frozenCopy } from '../support/frozen.ts';

type ReunionPolicy = Policy<ReunionView, ReunionMove>;

const ctx = (seed: string): DecisionContext => ({ seed, budgetMs: 300, now: () => 0 });

const PLAIN: ReunionOptions = { piererTiers: false, kleineEkart: false, grosseEkart: false };
const KLEINE: ReunionOptions = { ...PLAIN, kleineEkart: true };
const GROSSE: ReunionOptions = { ...PLAIN, kleineEkart: true, grosseEkart: true };

/** Play a whole game, a policy per seat; calls `onMove` after each move with the state before it. Returns the final state. */
function playGame(
  options: ReunionOptions,
  seed: string,
  seats: ReunionPolicy[],
  onMove?: (before: ReunionState, seat: Seat, move: ReunionMove, after: ReunionState) => void,
): ReunionState {
  let s = setup(options, seats.length, seed);
  for (let step = 0; toAct(s).length > 0; step++) {
    if (step > 600) throw new Error(`${seed}: the game does not end`);
    const seat = toAct(s)[0] as Seat;
    const move = (seats[seat] as ReunionPolicy)(frozenCopy(view(s, seat)), ctx(`${seed}:${step}`));
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`${seed} step ${step}: seat ${seat} chose an illegal move ${JSON.stringify(move)}: ${describeReason(r.reason)}`);
    onMove?.(s, seat, move, r.state);
    s = r.state;
  }
  return s;
}

/** A fast strong player for the many-games tests. */
const quickStrong = strongPolicy({ samples: 6, discardShortlist: 4 });
const LEVELS: ReunionPolicy[] = [randomPolicy, reunionPolicies.easy, quickStrong];

describe('Réunion computer players in the variants, whole games', () => {
  it.each<[string, ReunionOptions, number]>([
    ['4 players', PLAIN, 4],
    ['5 players', PLAIN, 5],
    ['Kleine Ekart', KLEINE, 3],
    ['Große Ekart', GROSSE, 3],
    ['Große Ekart, 5 players', GROSSE, 5],
  ])('%s: only legal moves from frozen views in 200 games, units summing to zero', (name, options, seats) => {
    const tally = { games: 0, staubaus: 0, round2: 0, byStrong: 0, byEasy: 0, strongPasses: 0, sittingOutActed: 0 };
    for (let g = 0; g < 200; g++) {
      // Lineups: easy and strong everywhere, with a random player at one seat in half the games (it announces often).
      const lineup = Array.from({ length: seats }, (_, s) =>
        g % 2 && s === g % seats ? randomPolicy : (LEVELS[1 + ((s + g) % 2)] as ReunionPolicy),
      );
      const final = playGame(options, `variants-${name}-${g}`, lineup, (before, seat, move) => {
        if (!view(before, seat).active.includes(seat)) tally.sittingOutActed++;
        if (move.type === 'staubaus') {
          tally.staubaus++;
          if (move.suit) tally.round2++;
          if (lineup[seat] === quickStrong) tally.byStrong++;
          if (lineup[seat] === reunionPolicies.easy) tally.byEasy++;
        }
        if (move.type === 'pass' && lineup[seat] === quickStrong) tally.strongPasses++;
      });
      expect(final.phase).toBe('over');
      expect(final.deals).toHaveLength(seats);
      const net = view(final, null).result?.net ?? [];
      expect(net.reduce((a, b) => a + b, 0)).toBe(0);
      tally.games++;
    }
    expect(tally.sittingOutActed).toBe(0);
    if (options.kleineEkart) {
      expect(tally.staubaus).toBeGreaterThan(0);
      expect(tally.strongPasses).toBeGreaterThan(tally.byStrong);
    }
    if (options.grosseEkart) expect(tally.round2).toBeGreaterThan(0);
    console.log(`reunion-variants ${name}: ${JSON.stringify(tally)}`);
  });
});

describe('strong in the Staubaus phases: determinism and budget', () => {
  /** Views of the Staubaus phases (calls, naming, giving back, play) from Große Ekart games of random players at 4 seats. */
  function staubausViews(): ReunionView[] {
    const views: ReunionView[] = [];
    for (let g = 0; views.length < 40 && g < 40; g++)
      playGame(GROSSE, `variants-determinism-${g}`, [randomPolicy, randomPolicy, randomPolicy, randomPolicy], (before, seat) => {
        const v = view(before, seat);
        if (v.legal.length > 1 && (v.phase !== 'play' || v.staubaus) && v.phase !== 'discard' && views.length < 40) views.push(v);
      });
    return views;
  }

  it('gives the same legal move for the same view and seed, in every Staubaus phase', () => {
    const views = staubausViews();
    expect(new Set(views.map((v) => v.phase))).toEqual(new Set(['announce', 'name', 'giveBack', 'play']));
    for (const v of views) {
      const move = reunionPolicies.strong(v, ctx('same'));
      expect(v.legal).toContainEqual(move);
      expect(reunionPolicies.strong(v, ctx('same'))).toEqual(move);
    }
  });

  it('with a clock that jumps 1,000 ms per reading, answers the easy move', () => {
    for (const v of staubausViews()) {
      let t = 0;
      expect(reunionPolicies.strong(v, { seed: 'late', budgetMs: 300, now: () => (t += 1000) })).toEqual(easyPolicy(v, ctx('late')));
    }
  });
});

describe('strong: sampled deals with 4–5 seats and in Staubaus deals', () => {
  it('agree with hand sizes, own hand, voids (suit game jacks included), the named card, the turn-up and the discard rules', () => {
    let checked = 0;
    let staubausChecked = 0;
    for (const [options, seats] of [
      [PLAIN, 4],
      [GROSSE, 5],
      [GROSSE, 3],
      [KLEINE, 4],
    ] as [ReunionOptions, number][])
      for (let g = 0; g < 8; g++)
        playGame(
          options,
          `variants-sample-${seats}-${g}`,
          Array.from({ length: seats }, () => randomPolicy),
          (_before, _seat, _move, s) => {
            if (s.phase === 'over') return;
            for (const seat of view(s, null).active) {
              const table = view(s, seat);
              const { view: v, seats: map } = compactView(table);
              const k = knowledgeOf(v);
              const d = sampleDeal(k, fastRng(seededRng(`sample-${checked}`)));
              if (!d) throw new Error(`no sample for seat ${seat}`);
              checked++;
              const hands = d.hands.map(labelsOf);
              const played = [...table.tricks.flatMap((t) => t.plays), ...table.trick];
              expect(hands.map((h) => h.length)).toEqual(map.map((m) => table.handSizes[m]));
              expect(hands[v.seat as number]?.slice().sort()).toEqual(table.hand.slice().sort());
              const discard = labelsOf(d.discard);
              expect([...hands.flat(), ...discard, ...played.map((p) => p.card)].sort()).toEqual(FRENCH_32.slice().sort());
              const sb = s.staubaus;
              const suitGame = table.staubaus?.round === 2;
              for (const plays of [...table.tricks.map((t) => t.plays), table.trick]) {
                const led = plays[0] ? effectiveSuit(plays[0].card, table.trump, suitGame) : null;
                for (const p of plays.slice(1)) {
                  if (p.seat === seat || effectiveSuit(p.card, table.trump, suitGame) === led) continue;
                  for (const c of hands[map.indexOf(p.seat)] ?? []) expect(effectiveSuit(c, table.trump, suitGame), `${c} void`).not.toBe(led);
                }
              }
              if (sb?.named && !played.some((p) => p.card === sb.named) && sb.givenBack !== sb.named)
                expect(hands[map.indexOf(sb.announcer)]).toContain(sb.named);
              const tu = s.turnUp;
              if (seat !== s.dealer && !played.some((p) => p.card === tu) && tu !== sb?.named && tu !== sb?.givenBack)
                expect(hands[map.indexOf(s.dealer)]).toContain(tu);
              if (s.phase !== 'discard' && seat !== s.dealer) {
                expect(discard).toHaveLength(2);
                for (const c of discard) expect(discardBar(c, suitOf(s.turnUp), s.turnUp)).toBeNull();
              }
              if (sb) staubausChecked++;
            }
          },
        );
    expect(checked).toBeGreaterThan(1000);
    expect(staubausChecked).toBeGreaterThan(100);
  });
});

/**
 * A deal of 3 seats (dealer seat 0, forehand seat 1) in phase `announce` with trumps ♠ turned (7♠, in the dealer's
 * hand), forehand holding `forehand`, the dealer's discard 8♥ 7♥ (or two other legal cards), the rest dealt in
 * card order; `passes` calls already made (3: the second round, Große Ekart).
 */
function announceState(options: ReunionOptions, forehand: Card[], passes = 0): ReunionState {
  const base = setup(options, 3, 'variants-hand-built');
  const rest = FRENCH_32.filter((c) => !forehand.includes(c) && c !== '7♠');
  const discard = rest.filter((c) => !discardBar(c, '♠', '7♠') && !c.startsWith('10')).slice(-2);
  const others = rest.filter((c) => !discard.includes(c));
  const hands = [['7♠', ...others.slice(0, 9)], forehand, others.slice(9)] as Card[][];
  const order: Seat[] = [1, 2, 0];
  const announcements = order.slice(0, passes).map((seat) => ({ seat, round: 1 as const, call: 'pass' as const }));
  return { ...base, dealer: 0, phase: 'announce', trump: '♠', turnUp: '7♠', hands, discard, announcements, staubaus: null, leader: 1 };
}

const moveOf = (policy: ReunionPolicy, s: ReunionState, seat: Seat) => {
  const v = view(s, seat);
  expect(v.legal.length, 'the seat is to act').toBeGreaterThan(1);
  const m = policy(frozenCopy(v), ctx('hand-built'));
  expect(v.legal).toContainEqual(m);
  return m;
};

describe('Staubaus decisions on hand-built deals (trumps ♠: J♠ right bower, J♣ left bower)', () => {
  const strong = strongPolicy();
  const winning: Card[] = ['J♠', 'J♣', 'A♠', '10♠', 'K♠', 'Q♠', 'A♥', '10♥', 'A♦', 'A♣'];
  const weak: Card[] = ['9♥', '8♦', '9♦', '7♦', '8♣', '9♣', '7♣', 'Q♦', 'K♦', 'K♣'];
  const strongInHearts: Card[] = ['J♥', 'J♦', 'J♣', 'J♠', 'A♥', '10♥', 'K♥', 'Q♥', 'A♠', 'A♦'];

  it.each<[string, ReunionPolicy]>([
    ['strong', strong],
    ['easy', easyPolicy],
  ])('%s: announces Staubaus with a hand that obviously wins, passes with a weak one', (_name, policy) => {
    expect(moveOf(policy, announceState(KLEINE, winning), 1)).toEqual({ type: 'staubaus' });
    expect(moveOf(policy, announceState(KLEINE, weak), 1)).toEqual({ type: 'pass' });
    expect(moveOf(policy, announceState(GROSSE, weak, 3), 1)).toEqual({ type: 'pass' });
  });

  it.each<[string, ReunionPolicy]>([
    ['strong', strong],
    ['easy', easyPolicy],
  ])('%s, Große Ekart round 2: announces the suit its hand wins in (♥ with all four jacks)', (_name, policy) => {
    expect(moveOf(policy, announceState(GROSSE, strongInHearts, 3), 1)).toEqual({ type: 'staubaus', suit: '♥' });
  });

  it('strong: estimates the winning hand to win nearly always, the weak one never', () => {
    const win = announceValues(view(announceState(KLEINE, winning), 1), ctx('p'), 200);
    const lose = announceValues(view(announceState(KLEINE, weak), 1), ctx('p'), 200);
    expect(win.samplesDone).toBe(200);
    expect(win.wins[1]).toBeGreaterThan(0.9);
    expect(lose.wins[1]).toBeLessThan(0.05);
    expect(win.values[1]! - win.values[0]!).toBeGreaterThan(0);
    expect(lose.values[1]! - lose.values[0]!).toBeLessThan(0);
  });

  it.each<[string, ReunionPolicy]>([
    ['strong', strong],
    ['easy', easyPolicy],
  ])('%s: names the right bower it lacks, then gives back its lone low card', (_name, policy) => {
    const hand: Card[] = ['J♣', 'A♠', '10♠', 'K♠', 'Q♠', '9♠', 'A♥', '10♥', 'A♣', '7♦'];
    let s = announceState(KLEINE, hand);
    s = (apply(s, 1, { type: 'staubaus' }) as { state: ReunionState }).state;
    expect(s.phase).toBe('name');
    const name = moveOf(policy, s, 1);
    expect(name).toEqual({ type: 'name', card: 'J♠' });
    s = (apply(s, 1, name) as { state: ReunionState }).state;
    expect(moveOf(policy, s, 1)).toEqual({ type: 'giveBack', card: '7♦' });
  });

  it.each<[string, ReunionPolicy]>([
    ['strong', strong],
    ['easy', easyPolicy],
  ])('%s, not the dealer: names only a card that cannot lie in the discard (the turn-up, not the ten of trumps it lacks)', (_name, policy) => {
    const hand: Card[] = ['J♠', 'J♣', 'A♠', 'K♠', 'Q♠', '9♠', 'A♥', 'A♦', 'A♣', '10♥'];
    const s = (apply(announceState(KLEINE, hand), 1, { type: 'staubaus' }) as { state: ReunionState }).state;
    expect(view(s, 1).legal).toContainEqual({ type: 'name', card: '10♠' });
    expect(moveOf(policy, s, 1)).toEqual({ type: 'name', card: '7♠' });
  });
});
