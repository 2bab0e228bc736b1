/**
 * Property tests over hundreds of seeded random Dreierles sessions: every move is chosen among the legal
 * ones by the project's own seeded PRNG (passing a little more often than bidding, so that Räuber comes up),
 * mixing 3 and 4 players, the "Räuber or Solo" last round on and off, the Pfeife variant on and off.
 * Every input state is deep-frozen before `apply`, so any mutation of it throws.
 * Rule source: docs/rules/dreierles.md (§ Card points: 70 in every declarer game; § Räuber; § Scoring;
 * § Exchange: who sees the blind; § Play: the forced Pfeife).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard, PFEIFE, countPile, isTrump } from '../../src/cards/cego.ts';
import { seededRng } from '../../src/cards/random.ts';
import { type Seat, describeReason } from '../../src/games/types.ts';
import { apply, replay, result, setup, toAct, view } from '../../src/games/dreierles/engine.ts';
import { legalMoves } from '../../src/games/dreierles/legal.ts';
import { basicPlayable } from '../../src/games/dreierles/ranking.ts';
import { contractValue, raeuberPayments } from '../../src/games/dreierles/scoring.ts';
import {
  CONTRACT_INFO,
  DEFAULT_DREIERLES_OPTIONS,
  type DealScore,
  type DreierlesEvent,
  type DreierlesMove,
  type DreierlesOptions,
  type DreierlesState,
  type DreierlesView,
} from '../../src/games/dreierles/types.ts';

const SESSIONS = 520;
const CARD_INDEX = new Map(CEGO_54.map((c, i) => [c, i]));

interface Step {
  state: DreierlesState;
  seat: Seat;
  move: DreierlesMove;
  events: DreierlesEvent[];
}
interface Session {
  seed: string;
  seats: number;
  options: DreierlesOptions;
  steps: Step[];
  final: DreierlesState;
}

/** Freeze `x` and everything in it (children first, so a frozen object always has frozen children). */
function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

/** Pick a legal move: in the auction pass with probability ½, otherwise uniformly. */
function choose(moves: DreierlesMove[], rng: () => number): DreierlesMove {
  const pass = moves.find((m) => m.type === 'pass');
  if (pass && rng() < 0.5) return pass;
  const pool = pass ? moves.filter((m) => m !== pass) : moves;
  return (pool.length ? pool : moves)[Math.floor(rng() * (pool.length || moves.length))] as DreierlesMove;
}

function playSession(i: number): Session {
  const seed = `playout-${i}`;
  const seats = i % 2 === 0 ? 3 : 4;
  const options: DreierlesOptions = {
    ...DEFAULT_DREIERLES_OPTIONS,
    rounds: i % 5 === 0 ? 2 : 1,
    lastRoundRaeuberOrSolo: Math.floor(i / 2) % 2 === 1,
    pfeifeByThirdTrick: i % 3 === 0,
    maxKnocks: i % 7 === 0 ? 2 : 4,
  };
  const rng = seededRng(`moves:${seed}`);
  let state = deepFreeze(setup(options, seats, seed));
  const steps: Step[] = [];
  for (let guard = 0; toAct(state).length > 0; guard++) {
    if (guard > 2000) throw new Error(`${seed}: the session does not end`);
    const seat = toAct(state)[0] as Seat;
    const moves = legalMoves(state, seat);
    if (moves.length === 0) throw new Error(`${seed} step ${steps.length}: seat ${seat} to act has no legal move`);
    const move = choose(moves, rng);
    const r = apply(state, seat, move);
    if (!r.ok) throw new Error(`${seed} step ${steps.length}: legal move ${JSON.stringify(move)} refused: ${describeReason(r.reason)}`);
    steps.push({ state, seat, move, events: r.events });
    state = deepFreeze(r.state);
  }
  return { seed, seats, options, steps, final: state };
}

const statesOf = (g: Session): DreierlesState[] => [...g.steps.map((s) => s.state), g.final];
const json = (x: unknown): string => JSON.stringify(x);

/** Run `check` and return the problems it reported (at most 20): one `expect` per property instead of millions. */
function problems(check: (fail: (message: string) => void) => void): string[] {
  const found: string[] = [];
  check((message) => {
    if (found.length < 20) found.push(message);
  });
  return found;
}

/** The blind cards not in play: the whole blind before a declarer is known or in Räuber, else the part not taken. */
const unusedBlind = (s: DreierlesState): CegoCard[] => s.blind.slice(s.taken.length);

/**
 * Where every card is: the hands (the declarer's includes the taken blind cards), the unused blind, the
 * discard, the won piles and the current trick.
 */
const allCards = (s: DreierlesState): CegoCard[] => [
  ...s.hands.flat(),
  ...unusedBlind(s),
  ...s.discard,
  ...s.won.flat(),
  ...s.trick.map((p) => p.card),
];

/**
 * Cards that `seat` (null = the public) must not see: other hands (less the taken blind cards, shown to all,
 * and a laid-out Pfeife); the unused blind, except for the active defenders once there is a declarer, and except
 * after the session (it is revealed with the deal's score); the discard except its trumps, except for the declarer.
 */
function hiddenFrom(s: DreierlesState, seat: Seat | null): CegoCard[] {
  const isPublic = (c: CegoCard) => s.taken.includes(c) || (s.pfeifeRaus && c === PFEIFE);
  const hidden = s.hands.flatMap((h, holder) => (holder === seat ? [] : h)).filter((c) => !isPublic(c));
  const defender = seat !== null && s.declarer !== null && seat !== s.declarer && s.active.includes(seat);
  if (!defender && s.phase !== 'over') hidden.push(...unusedBlind(s));
  if (seat !== s.declarer) hidden.push(...s.discard.filter((c) => !isTrump(c) && !s.taken.includes(c)));
  return hidden;
}

/** Every Cego card label appearing as a JSON string in `text`. */
const CARD_STRING = /"(Stiess|2[01]|1[0-9]|[1-9]|(?:10|[KQCJA2-9])[♣♠♥♦])"/g;
function leaks(text: string, hidden: readonly CegoCard[]): CegoCard[] {
  const named = new Set((text.match(CARD_STRING) ?? []).map((q) => q.slice(1, -1)));
  return hidden.filter((c) => named.has(c));
}

/** The view as JSON without the finished deals (they reveal the blinds of earlier deals, whose labels recur). */
function viewJsonForLeaks(v: DreierlesView): string {
  const { deals: _deals, result: _result, ...rest } = v;
  return JSON.stringify(rest);
}

let sessions: Session[] = [];
let playMs = 0;

beforeAll(() => {
  const t0 = performance.now();
  sessions = Array.from({ length: SESSIONS }, (_, i) => playSession(i));
  playMs = performance.now() - t0;
});

/** Every finished deal with the session it belongs to and the step that ended it. */
function* dealEnds(): Generator<{ g: Session; step: Step; score: DealScore }> {
  for (const g of sessions) for (const step of g.steps) for (const e of step.events) if (e.type === 'dealScored') yield { g, step, score: e.score };
}

describe(`${SESSIONS} random sessions`, () => {
  it('end with every deal scored and a result, in reasonable time', () => {
    const found = problems((fail) => {
      for (const g of sessions) {
        if (g.final.phase !== 'over') fail(`${g.seed}: phase ${g.final.phase} at the end`);
        if (g.final.deals.length !== g.options.rounds * g.seats) fail(`${g.seed}: ${g.final.deals.length} deals`);
        if (json(g.final.deals.map((d) => d.dealer)) !== json(g.final.deals.map((_, k) => k % g.seats)))
          fail(`${g.seed}: dealers ${g.final.deals.map((d) => d.dealer)}`);
        if (result(g.final) === null) fail(`${g.seed}: no result`);
      }
    });
    expect(found).toEqual([]);
    expect(playMs).toBeLessThan(10_000);
  });

  it('include Räuber deals, declarer games of every contract, forced Pfeifen, the Räuber Pfeife duty and the 21 held back', () => {
    const deals = [...dealEnds()].map((d) => d.score);
    const raeuber = deals.filter((d) => d.contract === null);
    expect(raeuber.length).toBeGreaterThan(100);
    expect(raeuber.some((d) => d.knocks > 0)).toBe(true);
    for (const c of ['dreier', 'zweier', 'einer', 'solo'] as const) expect(deals.filter((d) => d.contract === c).length, c).toBeGreaterThan(20);
    expect(deals.filter((d) => d.payments.some((p) => p.reason === 'pfeifeForced')).length).toBeGreaterThan(10);
    expect(deals.filter((d) => d.payments.some((p) => p.reason === 'pfeifeRaus')).length).toBeGreaterThan(10);
    expect(deals.filter((d) => d.knocks > 0 && d.contract).length).toBeGreaterThan(10);
    let duty = 0;
    let held21 = 0;
    for (const g of sessions)
      for (const { state, seat } of g.steps) {
        if (state.phase !== 'play' || state.contract) continue;
        const base = basicPlayable(state.hands[seat] as CegoCard[], state.trick);
        const legal = legalMoves(state, seat).map((m) => (m.type === 'play' ? m.card : ''));
        if (base.length > 1 && json(legal) === json([PFEIFE])) duty++;
        if (base.includes('21') && base.length > 1 && !legal.includes('21')) held21++;
      }
    expect(duty).toBeGreaterThan(10);
    expect(held21).toBeGreaterThan(3);
  });

  it('count exactly 70 between the two piles in every declarer game (a forced Pfeife included), and the piles are the right cards', () => {
    let checked = 0;
    const found = problems((fail) => {
      for (const { g, step, score } of dealEnds()) {
        if (score.contract === null || score.declarer === null) continue;
        const at = `${g.seed} deal ${score.dealNo}`;
        if ((score.declarerPoints as number) + (score.defenderPoints as number) !== 70)
          fail(`${at}: ${score.declarerPoints} + ${score.defenderPoints}`);
        // Recount the declarer's pile from the state before the last move: tricks won, the discard, and the
        // last trick if the declarer won it (after a forced Pfeife, that trick goes to the defenders).
        const s = step.state;
        const last = step.events.find((e) => e.type === 'trickWon');
        const lastCards = last && last.type === 'trickWon' && last.winner === score.declarer ? last.plays.map((p) => p.card) : [];
        const pile = [...(s.won[score.declarer] as CegoCard[]), ...s.discard, ...lastCards];
        if (countPile(pile) !== score.declarerPoints) fail(`${at}: declarer's pile counts ${countPile(pile)}, scored ${score.declarerPoints}`);
        const rest = CEGO_54.filter((c) => !pile.includes(c));
        if (countPile(rest) !== score.defenderPoints) fail(`${at}: defenders' pile counts ${countPile(rest)}, scored ${score.defenderPoints}`);
        if (score.won !== (score.declarerPoints as number) >= 36) fail(`${at}: won ${score.won} with ${score.declarerPoints}`);
        const value = contractValue(score.declarerPoints as number, score.contract, score.knocks);
        const contract = score.payments.filter((p) => p.reason === 'contract');
        if (contract.length !== g.seats - 1) fail(`${at}: ${contract.length} contract payments`);
        for (const p of contract) {
          const signed = p.to === score.declarer ? p.points : -p.points;
          if (signed !== value || (p.to !== score.declarer && p.from !== score.declarer)) fail(`${at}: contract payment ${json(p)}, value ${value}`);
        }
        const forced = step.events.some((e) => e.type === 'pfeifeForced');
        if (forced !== score.payments.some((p) => p.reason === 'pfeifeForced')) fail(`${at}: forced Pfeife event and payment disagree`);
        if (!forced && !last) fail(`${at}: the deal ended without a trick`);
        if (!forced && s.tricksPlayed !== 15) fail(`${at}: ended after ${s.tricksPlayed + 1} tricks`);
        checked++;
      }
    });
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('let the Räuber piles count 70 minus what the blind would count, and pay by raeuberPayments', () => {
    let checked = 0;
    const found = problems((fail) => {
      for (const { g, step, score } of dealEnds()) {
        if (score.contract !== null) continue;
        const at = `${g.seed} deal ${score.dealNo}`;
        const points = score.raeuberPoints as number[];
        const sum = points.reduce((a, b) => a + b, 0);
        if (sum !== 70 - countPile(score.blind)) fail(`${at}: piles ${points} with blind ${score.blind}`);
        const lastRound = g.options.lastRoundRaeuberOrSolo && score.dealNo >= g.final.totalDeals - g.seats;
        const value = (lastRound ? g.options.raisedRaeuberValue : 2) * 2 ** score.knocks;
        if (score.value !== value) fail(`${at}: value ${score.value}, expected ${value}`);
        const active = step.state.active;
        if (
          json(score.payments) !==
          json(
            raeuberPayments(
              points.map((p, seat) => (active.includes(seat) ? p : null)),
              value,
            ),
          )
        )
          fail(`${at}: payments ${json(score.payments)}`);
        if (g.seats === 4 && points[score.dealer] !== 0) fail(`${at}: the sitting-out dealer has card points`);
        checked++;
      }
    });
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('sum game points to zero in every deal and over the session, the totals adding up the deals', () => {
    const found = problems((fail) => {
      for (const g of sessions) {
        const r = result(g.final);
        if (!r) continue;
        const totals = new Array<number>(g.seats).fill(0);
        for (const d of r.deals) {
          if (d.net.reduce((a, b) => a + b, 0) !== 0) fail(`${g.seed} deal ${d.dealNo}: net ${d.net}`);
          if (d.net.length !== g.seats) fail(`${g.seed} deal ${d.dealNo}: ${d.net.length} nets`);
          d.net.forEach((n, seat) => (totals[seat] = (totals[seat] as number) + n));
        }
        if (r.totals.reduce((a, b) => a + b, 0) !== 0) fail(`${g.seed}: totals ${r.totals}`);
        if (json(r.totals) !== json(totals)) fail(`${g.seed}: totals ${r.totals}, deals add up to ${totals}`);
      }
    });
    expect(found).toEqual([]);
  });

  it('always hold all 54 cards, each in exactly one place (hands with the taken cards, unused blind, discard, won piles, trick)', () => {
    let checked = 0;
    const found = problems((fail) => {
      for (const g of sessions)
        statesOf(g).forEach((s, i) => {
          checked++;
          const cards = allCards(s);
          const seen = new Uint8Array(54);
          for (const c of cards) {
            const k = CARD_INDEX.get(c);
            if (k !== undefined) seen[k] = (seen[k] as number) + 1;
          }
          if (cards.length !== 54 || seen.some((n) => n !== 1)) fail(`${g.seed} step ${i} (${s.phase}): ${cards.slice().sort().join(' ')}`);
          if (s.declarer !== null && s.contract && json(s.taken) !== json(s.blind.slice(0, CONTRACT_INFO[s.contract].take)))
            fail(`${g.seed} step ${i}: taken ${s.taken} from blind ${s.blind}`);
          if (s.phase === 'play' && s.trick.length === 0) {
            // Between tricks every active hand holds 16 − tricks played, a sitting-out dealer none.
            for (let seat = 0; seat < g.seats; seat++) {
              const n = (s.hands[seat] as CegoCard[]).length;
              const want = s.active.includes(seat) ? 16 - s.tricksPlayed : 0;
              if (n !== want) fail(`${g.seed} step ${i}: seat ${seat} holds ${n}, not ${want}`);
            }
          }
        });
    });
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(SESSIONS * 100);
  });

  it('give the seat from toAct at least one legal move until the end, and every other seat none', () => {
    const found = problems((fail) => {
      for (const g of sessions) {
        for (const [i, { state, seat }] of g.steps.entries()) {
          if (json(toAct(state)) !== json([seat])) fail(`${g.seed} step ${i}: toAct ${json(toAct(state))}`);
          for (let other = 0; other < g.seats; other++) {
            const n = legalMoves(state, other).length;
            if (other === seat ? n === 0 : n !== 0) fail(`${g.seed} step ${i}: seat ${other} has ${n} legal moves`);
          }
          if (result(state) !== null) fail(`${g.seed} step ${i}: a result before the end`);
        }
        if (toAct(g.final).length !== 0) fail(`${g.seed}: someone to act at the end`);
        for (let seat = 0; seat < g.seats; seat++) if (legalMoves(g.final, seat).length) fail(`${g.seed}: seat ${seat} has moves at the end`);
      }
    });
    expect(found).toEqual([]);
  });

  it('refuse illegal moves at every step, with a reason, leaving the (frozen) state unchanged', () => {
    let refusals = 0;
    const found = problems((fail) => {
      for (const [gi, g] of sessions.entries())
        for (const [i, { state, seat, move }] of g.steps.entries()) {
          const at = `${g.seed} step ${i}`;
          const before = gi < 40 ? json(state) : '';
          const refused = (by: Seat, m: DreierlesMove): void => {
            refusals++;
            const r = apply(state, by, m);
            if (r.ok) fail(`${at} (${state.phase}): seat ${by} ${json(m)} was accepted`);
            else if (!r.reason.code) fail(`${at}: refused without a reason`);
          };
          // The legal move, by a seat whose turn it is not.
          refused((seat + 1) % g.seats, move);
          // A move of another phase.
          refused(seat, state.phase === 'play' ? { type: 'fertig' } : { type: 'play', card: (state.hands[seat] as CegoCard[])[0] ?? 'Stiess' });
          // A card or a discard from another hand.
          const foreign = state.hands.find((h, holder) => holder !== seat && h.length > 0)?.[0];
          if (foreign && state.phase === 'play') refused(seat, { type: 'play', card: foreign });
          const hand = state.hands[seat] as CegoCard[];
          if (state.phase === 'play') {
            const allowed = new Set(legalMoves(state, seat).map((m) => (m.type === 'play' ? m.card : '')));
            const forbidden = hand.find((c) => !allowed.has(c));
            if (forbidden) refused(seat, { type: 'play', card: forbidden });
          }
          if (state.phase === 'discard') {
            const n = CONTRACT_INFO[state.contract as 'dreier'].take;
            refused(seat, { type: 'discard', cards: hand.slice(0, n + 1) });
            const king = hand.find((c) => c.startsWith('K'));
            if (king && move.type === 'discard')
              refused(seat, { type: 'discard', cards: [king, ...move.cards.filter((c) => c !== king)].slice(0, n) });
            if (foreign && move.type === 'discard') refused(seat, { type: 'discard', cards: [foreign, ...move.cards.slice(1)] });
          }
          if (state.phase === 'auction') {
            const legalBids = new Set(legalMoves(state, seat).flatMap((m) => (m.type === 'bid' ? [m.contract] : [])));
            for (const c of ['dreier', 'zweier', 'einer', 'solo'] as const) if (!legalBids.has(c)) refused(seat, { type: 'bid', contract: c });
          }
          if (before && json(state) !== before) fail(`${at}: the state changed`);
        }
      for (const g of sessions.slice(0, 20))
        for (let seat = 0; seat < g.seats; seat++) {
          const r = apply(g.final, seat, { type: 'pass' });
          if (r.ok || r.reason.code !== 'game_over') fail(`${g.seed}: a move after the end`);
        }
    });
    expect(found).toEqual([]);
    expect(refusals).toBeGreaterThan(SESSIONS * 200);
  });

  it('accept every legal play and knock at every step of 40 sessions, leaving the input as it was', () => {
    const found = problems((fail) => {
      for (const g of sessions.slice(0, 40))
        for (const [i, { state, seat }] of g.steps.entries()) {
          if (state.phase === 'discard') continue;
          const before = json(state);
          for (const m of legalMoves(state, seat)) {
            const r = apply(state, seat, m);
            if (!r.ok) fail(`${g.seed} step ${i}: ${json(m)} refused: ${describeReason(r.reason)}`);
          }
          if (json(state) !== before) fail(`${g.seed} step ${i}: the state changed`);
        }
    });
    expect(found).toEqual([]);
  });

  it('survive a JSON round-trip unchanged', () => {
    const found = problems((fail) => {
      for (const g of sessions.slice(0, 100))
        statesOf(g).forEach((s, i) => {
          const text = json(s);
          if (json(JSON.parse(text)) !== text) fail(`${g.seed} step ${i}: JSON round-trip differs`);
        });
    });
    expect(found).toEqual([]);
    for (const g of sessions) expect(JSON.parse(json(g.final)), g.seed).toEqual(g.final);
    // A mid-session state round-trips to an equal state that plays on the same.
    const g = sessions[1] as Session;
    const mid = g.steps[40] as Step;
    const copy = JSON.parse(json(mid.state)) as DreierlesState;
    expect(copy).toEqual(mid.state);
    const a = apply(copy, mid.seat, mid.move);
    expect(a.ok && json(a.state)).toBe(json((g.steps[41] as Step).state));
  });

  it('are rebuilt exactly by replay(options, seats, seed, moves)', () => {
    for (const g of sessions) {
      const rebuilt = replay(
        g.options,
        g.seats,
        g.seed,
        g.steps.map(({ seat, move }) => ({ seat, move })),
      );
      expect(rebuilt, g.seed).toEqual(g.final);
    }
  });

  it('never show a seat another hand, the unused blind (unless an active defender) or the declarer’s non-trump discard', () => {
    let hiddenChecked = 0;
    const found = problems((fail) => {
      for (const [gi, g] of sessions.entries())
        statesOf(g).forEach((s, i) => {
          // Every state of the first 80 sessions, every tenth state of the others.
          if (gi >= 80 && i % 10 !== 0) return;
          for (let seat = 0; seat < g.seats; seat++) {
            const v = view(s, seat);
            const hidden = hiddenFrom(s, seat);
            hiddenChecked += hidden.length;
            const leaked = leaks(viewJsonForLeaks(v), hidden);
            if (leaked.length) fail(`${g.seed} step ${i} (${s.phase}): seat ${seat} sees ${leaked}`);
            if (json(v.hand) !== json(s.hands[seat])) fail(`${g.seed} step ${i}: seat ${seat} does not see its own hand`);
            if (seat === s.declarer && v.blindRest.length) fail(`${g.seed} step ${i}: the declarer sees the unused blind`);
            if (!s.active.includes(seat) && (v.blindRest.length || v.hand.length)) fail(`${g.seed} step ${i}: the sitting-out dealer sees cards`);
            if (seat !== s.declarer && v.discard.some((c) => !isTrump(c))) fail(`${g.seed} step ${i}: seat ${seat} sees the discard`);
          }
        });
    });
    expect(found).toEqual([]);
    expect(hiddenChecked).toBeGreaterThan(500_000);
  });

  it('never show the public any hand, the blind rest or a non-trump discard', () => {
    const found = problems((fail) => {
      for (const [gi, g] of sessions.entries())
        statesOf(g).forEach((s, i) => {
          // Every state of the first 200 sessions, every third state of the others.
          if (gi >= 200 && i % 3 !== 0) return;
          const v = view(s, null);
          const leaked = leaks(viewJsonForLeaks(v), hiddenFrom(s, null));
          if (leaked.length) fail(`${g.seed} step ${i}: the public sees ${leaked}`);
          if (v.hand.length || v.blindRest.length || v.legal.length || v.discardable.length)
            fail(`${g.seed} step ${i}: the public view has a hand or blind`);
          if (v.discard.some((c) => !isTrump(c))) fail(`${g.seed} step ${i}: the public sees the discard`);
        });
    });
    expect(found).toEqual([]);
  });

  it('name in the events of a move no card hidden from the public (deal ends aside: they reveal the blind)', () => {
    const found = problems((fail) => {
      for (const g of sessions)
        for (const [i, step] of g.steps.entries()) {
          if (step.events.some((e) => e.type === 'dealScored')) continue;
          const after = (g.steps[i + 1]?.state ?? g.final) as DreierlesState;
          const leaked = leaks(json(step.events), hiddenFrom(after, null));
          if (leaked.length) fail(`${g.seed} step ${i}: the events name ${leaked}`);
        }
    });
    expect(found).toEqual([]);
  });

  it('show the finished deals and the result as they are in the state', () => {
    const found = problems((fail) => {
      for (const g of sessions.slice(0, 30))
        statesOf(g).forEach((s, i) => {
          for (const seat of [null, ...Array.from({ length: g.seats }, (_, k) => k)]) {
            const v = view(s, seat);
            if (json(v.deals) !== json(s.deals) || json(v.result) !== json(result(s))) fail(`${g.seed} step ${i}: deals or result differ`);
          }
        });
    });
    expect(found).toEqual([]);
  });

  it('would catch a leak: the full state names hidden cards (check of the leak detector)', () => {
    const g = sessions[0] as Session;
    const s = (g.steps.find((st) => st.state.phase === 'play' && st.state.declarer !== null) as Step).state;
    const declarer = s.declarer as Seat;
    expect(leaks(json(s), hiddenFrom(s, declarer)).length).toBeGreaterThan(0);
    expect(leaks(viewJsonForLeaks({ ...view(s, declarer), blindRest: unusedBlind(s) }), hiddenFrom(s, declarer))).toEqual(unusedBlind(s));
    expect(
      leaks(viewJsonForLeaks({ ...view(s, null), hand: s.hands[s.active[0] as Seat] as CegoCard[] }), hiddenFrom(s, null)).length,
    ).toBeGreaterThan(0);
  });

  it('really freezes the inputs (a mutation of a frozen state throws)', () => {
    const s = (sessions[0] as Session).steps[0]?.state as DreierlesState;
    expect(Object.isFrozen(s) && Object.isFrozen(s.hands) && Object.isFrozen(s.hands[1])).toBe(true);
    expect(() => (s.hands[1] as CegoCard[]).push('x')).toThrow(TypeError);
  });
});
