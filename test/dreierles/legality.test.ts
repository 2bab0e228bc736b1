/**
 * Dreierles legality, table-driven: the auction, the discard, the announcements, knocking, trick play
 * (follow suit, else trump), the announced Pfeife, and the two Räuber restrictions. Every expected value
 * comes from docs/rules/dreierles.md (§ Auction, § Exchange, § Announcements before play, § Doubling,
 * § Play, § Räuber, § Session).
 *
 * Auction, discard, announcement and knocking states are reached through the engine with real moves;
 * trick-play states are built by hand from a `setup` state, setting only the fields the rules look at.
 */
import { describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard } from '../../src/cards/cego.ts';
import type { IllegalReason, Seat } from '../../src/games/types.ts';
import { refusal } from '../../src/discord/games/dreierles/refusal.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { apply, applyOrThrow, setup, toAct, view, type FixedDeal } from '../../src/games/dreierles/engine.ts';
import { checkMove, discardable, knockers, legalMoves, playable } from '../../src/games/dreierles/legal.ts';
import { trickWinner } from '../../src/games/dreierles/ranking.ts';
import {
  type Contract,
  DEFAULT_DREIERLES_OPTIONS,
  type DreierlesEvent,
  type DreierlesMove,
  type DreierlesOptions,
  type DreierlesState,
} from '../../src/games/dreierles/types.ts';

const OPTIONS = DEFAULT_DREIERLES_OPTIONS;

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/**
 * A fixed first deal: `hands` gives some seats' cards, `blindTop` the top of the blind; every other card goes,
 * in pack order, to the rest of the blind and then to the active seats that were not given, 16 each.
 */
function fixedDeal(seats: number, given: Record<number, CegoCard[]>, blindTop: CegoCard[] = []): FixedDeal {
  const used = new Set([...Object.values(given).flat(), ...blindTop]);
  const rest = CEGO_54.filter((c) => !used.has(c));
  const blind = [...blindTop, ...rest.splice(0, 6 - blindTop.length)];
  const active = seats === 3 ? [0, 1, 2] : [1, 2, 3];
  const hands = Array.from({ length: seats }, (_, seat) => given[seat] ?? (active.includes(seat) ? rest.splice(0, 16) : []));
  expect([...hands.flat(), ...blind].sort()).toEqual(CEGO_54.slice().sort());
  return { hands, blind };
}

/** Apply moves in turn (each by the seat to act) and return the state; throws on a refusal. */
function run(state: DreierlesState, moves: DreierlesMove[]): DreierlesState {
  for (const move of moves) state = applyOrThrow(state, toAct(state)[0] as Seat, move).state;
  return state;
}

const word = (w: Contract | 'pass'): DreierlesMove => (w === 'pass' ? { type: 'pass' } : { type: 'bid', contract: w });

/** A refusal as an English reader gets it. */
const english = (reason: IllegalReason | null): string => (reason ? refusal(ENGLISH, reason) : '');

/** Expect `move` by `seat` to be refused with `code` (and its English sentence matching `message`), leaving the state as it was. */
function expectRefused(state: DreierlesState, seat: Seat, move: DreierlesMove, code: string, message?: RegExp): void {
  const before = JSON.stringify(state);
  const r = apply(state, seat, move);
  expect(r.ok, JSON.stringify(move)).toBe(false);
  if (!r.ok) {
    expect(r.reason.code).toBe(code);
    expect(english(r.reason)).not.toBe(r.reason.code);
    if (message) expect(english(r.reason)).toMatch(message);
  }
  expect(JSON.stringify(state)).toBe(before);
}

describe('the auction', () => {
  // Three players, deal 0: the active order is seats 1, 2, 0 (forehand first).
  const start = setup(OPTIONS, 3, 'auction');

  it('asks forehand first, then the others in seat order, each exactly once', () => {
    expect(start.active).toEqual([1, 2, 0]);
    const seen: Seat[] = [];
    let s = start;
    while (s.phase === 'auction') {
      const seat = toAct(s)[0] as Seat;
      seen.push(seat);
      s = applyOrThrow(s, seat, { type: 'pass' }).state;
    }
    expect(seen).toEqual([1, 2, 0]);
    expect(s.phase).toBe('raeuberKnock');
  });

  it.each(
    titled(
      [
        { before: [], move: 'dreier', ok: true },
        { before: [], move: 'solo', ok: true },
        { before: ['dreier'], move: 'dreier', ok: false },
        { before: ['dreier'], move: 'zweier', ok: true },
        { before: ['zweier'], move: 'dreier', ok: false },
        { before: ['zweier', 'pass'], move: 'zweier', ok: false },
        { before: ['zweier', 'pass'], move: 'einer', ok: true },
        { before: ['pass', 'einer'], move: 'zweier', ok: false },
        { before: ['pass', 'einer'], move: 'solo', ok: true },
        { before: ['solo'], move: 'solo', ok: false },
        { before: ['dreier', 'solo'], move: 'einer', ok: false },
      ] as { before: (Contract | 'pass')[]; move: Contract; ok: boolean }[],
      (r) => `after ${r.before.join(', ') || 'nothing'}: ${r.move} is ${r.ok ? 'accepted' : 'refused (a bid must be higher)'}`,
    ),
  )('%s', (_title, { before, move, ok }) => {
    const s = run(start, before.map(word));
    const seat = toAct(s)[0] as Seat;
    if (ok) expect(apply(s, seat, word(move)).ok).toBe(true);
    else expectRefused(s, seat, word(move), 'bid_too_low', /higher than/);
    // The legal moves offer exactly the higher contracts and the pass.
    expect(legalMoves(s, seat).some((m) => m.type === 'bid' && m.contract === move)).toBe(ok);
    expect(legalMoves(s, seat)[0]).toEqual({ type: 'pass' });
  });

  it('makes the highest (last) bidder the declarer, and refuses any word after the third', () => {
    const s = run(
      start,
      ['dreier', 'pass', 'einer'].map((w) => word(w as Contract | 'pass')),
    );
    expect(s.declarer).toBe(0);
    expect(s.contract).toBe('einer');
    expect(s.phase).toBe('discard');
    // Seat 1 spoke already: no second word, neither in turn order nor now.
    expectRefused(s, 1, { type: 'bid', contract: 'solo' }, 'not_your_turn');
    expectRefused(s, 0, { type: 'pass' }, 'wrong_phase');
  });

  it('refuses a word out of turn and a play during the auction', () => {
    expectRefused(start, 2, { type: 'pass' }, 'not_your_turn');
    expectRefused(start, 1, { type: 'play', card: start.hands[1]?.[0] as CegoCard }, 'wrong_phase');
    expectRefused(start, 1, { type: 'bid', contract: 'sechser' as Contract }, 'unknown_contract');
  });

  describe('in a last round played as "Räuber or Solo"', () => {
    const last = setup({ ...OPTIONS, lastRoundRaeuberOrSolo: true }, 3, 'last-round');

    it.each(['dreier', 'zweier', 'einer'] as Contract[])('refuses %s', (contract) => {
      expectRefused(last, 1, word(contract), 'solo_only', /only Solo/);
    });

    it('offers only the pass and Solo, and nothing but the pass after a Solo', () => {
      expect(legalMoves(last, 1)).toEqual([{ type: 'pass' }, { type: 'bid', contract: 'solo' }]);
      const s = run(last, [word('pass'), word('solo')]);
      expect(legalMoves(s, 0)).toEqual([{ type: 'pass' }]);
      expectRefused(s, 0, word('solo'), 'solo_only');
    });

    it('applies only to the last round (with two rounds, the first deal allows Dreier)', () => {
      const first = setup({ ...OPTIONS, rounds: 2, lastRoundRaeuberOrSolo: true }, 3, 'two-rounds');
      expect(apply(first, 1, word('dreier')).ok).toBe(true);
    });
  });
});

describe('the exchange and the discard', () => {
  // Seat 1 (forehand) declares Dreier and takes the top three cards of the blind.
  const normalHand: CegoCard[] = ['K♥', 'K♣', 'Stiess', '21', '1', '20', '19', '18', 'Q♥', 'C♥', 'J♥', 'A♥', '2♥', '10♣', '9♣', '8♣'];
  const normal = run(setup(OPTIONS, 3, 'discard', fixedDeal(3, { 1: normalHand }, ['7♣', '17', 'K♦'])), [word('dreier'), word('pass'), word('pass')]);
  // Only one card that is neither a King nor a trump after taking 11, 10 and 7♠.
  const shortHand: CegoCard[] = ['K♥', 'K♦', 'K♣', 'K♠', 'Stiess', '21', '1', '20', '19', '18', '17', '16', '15', '14', '13', '12'];
  const short = run(setup(OPTIONS, 3, 'short', fixedDeal(3, { 1: shortHand }, ['11', '10', '7♠'])), [word('dreier'), word('pass'), word('pass')]);

  it('hands the declarer the top cards of the blind, shown to everyone', () => {
    expect(normal.declarer).toBe(1);
    expect(normal.taken).toEqual(['7♣', '17', 'K♦']);
    expect(normal.hands[1]).toHaveLength(19);
    for (const seat of [0, 1, 2, null]) expect(view(normal, seat).taken).toEqual(['7♣', '17', 'K♦']);
    // The defenders (only) see the rest of the blind.
    expect(view(normal, 0).blindRest).toEqual(normal.blind.slice(3));
    expect(view(normal, 2).blindRest).toEqual(normal.blind.slice(3));
    expect(view(normal, 1).blindRest).toEqual([]);
    expect(view(normal, null).blindRest).toEqual([]);
  });

  it.each(
    titled(
      [
        { cards: ['Q♥', 'C♥', '7♣'], code: null },
        { cards: ['10♣', '9♣', '8♣'], code: null },
        { cards: ['K♥', 'C♥', 'J♥'], code: 'discard_king' },
        { cards: ['K♦', 'C♥', 'J♥'], code: 'discard_king' },
        { cards: ['20', 'C♥', 'J♥'], code: 'discard_trump' },
        { cards: ['17', 'C♥', 'J♥'], code: 'discard_trump' },
        { cards: ['1', 'C♥', 'J♥'], code: 'discard_trump' },
        { cards: ['C♥', 'J♥'], code: 'discard_count' },
        { cards: ['C♥', 'J♥', 'A♥', '2♥'], code: 'discard_count' },
        { cards: ['C♥', 'C♥', 'J♥'], code: 'discard_count' },
        { cards: [], code: 'discard_count' },
        { cards: ['C♥', 'J♥', '4♦'], code: 'not_in_hand' },
      ] as { cards: CegoCard[]; code: string | null }[],
      (r) => `with enough other cards, discarding ${r.cards.join(' ') || 'nothing'} is ${r.code ? `refused (${r.code})` : 'accepted'}`,
    ),
  )('%s', (_title, { cards, code }) => {
    const move: DreierlesMove = { type: 'discard', cards };
    if (code) expectRefused(normal, 1, move, code);
    else {
      const r = applyOrThrow(normal, 1, move);
      expect(r.state.hands[1]).toHaveLength(16);
      expect(r.state.discard).toEqual(cards);
      expect(r.state.phase).toBe('declare');
    }
  });

  it('offers as discardable exactly the cards that are neither Kings nor trumps, and only such discards', () => {
    const plain = ['Q♥', 'C♥', 'J♥', 'A♥', '2♥', '10♣', '9♣', '8♣', '7♣'];
    expect(discardable(normal.hands[1] as CegoCard[], 3).sort()).toEqual(plain.sort());
    expect(view(normal, 1).discardable.sort()).toEqual(plain.sort());
    expect(view(normal, 1).discardCount).toBe(3);
    const moves = legalMoves(normal, 1);
    expect(moves).toHaveLength(84); // 9 choose 3
    for (const m of moves) expect(m.type === 'discard' && m.cards.every((c) => plain.includes(c))).toBe(true);
  });

  it.each(
    titled(
      [
        { cards: ['7♠', '11', '10'], code: null },
        { cards: ['7♠', '20', '12'], code: null },
        { cards: ['7♠', 'Stiess', '10'], code: 'discard_trull' },
        { cards: ['7♠', '21', '10'], code: 'discard_trull' },
        { cards: ['7♠', '1', '10'], code: 'discard_trull' },
        { cards: ['12', '11', '10'], code: 'discard_others_first' },
        { cards: ['K♠', '7♠', '10'], code: 'discard_king' },
        { cards: ['7♠', '10'], code: 'discard_count' },
      ] as { cards: CegoCard[]; code: string | null }[],
      (r) => `with too few other cards, discarding ${r.cards.join(' ')} is ${r.code ? `refused (${r.code})` : 'accepted'}`,
    ),
  )('%s', (_title, { cards, code }) => {
    const move: DreierlesMove = { type: 'discard', cards };
    if (code) expectRefused(short, 1, move, code);
    else expect(apply(short, 1, move).ok).toBe(true);
  });

  it('with too few other cards, offers that card plus trumps 2–20 (never the Stiess, 21 or Pfeife)', () => {
    const pool = discardable(short.hands[1] as CegoCard[], 3);
    expect(pool.sort()).toEqual(['7♠', '20', '19', '18', '17', '16', '15', '14', '13', '12', '11', '10'].sort());
    const moves = legalMoves(short, 1);
    expect(moves).toHaveLength(55); // 11 choose 2, each with the 7♠
    for (const m of moves) {
      if (m.type !== 'discard') throw new Error('not a discard');
      expect(m.cards).toContain('7♠');
      expect(m.cards.some((c) => ['Stiess', '21', '1'].includes(c) || c.startsWith('K'))).toBe(false);
    }
  });

  it('shows trumps discarded by necessity to everyone, but no other discarded card', () => {
    const r = applyOrThrow(short, 1, { type: 'discard', cards: ['7♠', '11', '10'] });
    expect(r.events).toContainEqual({ type: 'discarded', seat: 1, count: 3, shownTrumps: ['11', '10'] });
    for (const seat of [0, 2, null]) expect(view(r.state, seat).discard).toEqual(['11', '10']);
    expect(view(r.state, 1).discard).toEqual(['7♠', '11', '10']);
    const plain = applyOrThrow(normal, 1, { type: 'discard', cards: ['Q♥', 'C♥', '7♣'] });
    expect(plain.events).toContainEqual({ type: 'discarded', seat: 1, count: 3, shownTrumps: [] });
    for (const seat of [0, 2, null]) expect(view(plain.state, seat).discard).toEqual([]);
  });

  it('refuses a discard by a defender or before the auction ends', () => {
    expectRefused(normal, 2, { type: 'discard', cards: (normal.hands[2] as CegoCard[]).slice(0, 3) }, 'not_your_turn');
    const auction = setup(OPTIONS, 3, 'x');
    expectRefused(auction, 1, { type: 'discard', cards: (auction.hands[1] as CegoCard[]).slice(0, 3) }, 'wrong_phase');
  });

  it('skips the discard in Solo (nothing taken)', () => {
    const s = run(setup(OPTIONS, 3, 'solo'), [word('solo'), word('pass'), word('pass')]);
    expect(s.taken).toEqual([]);
    expect(s.phase).toBe('declare');
    expect(s.hands[1]).toHaveLength(16);
  });
});

describe('announcements before play', () => {
  const tenTrumps: CegoCard[] = ['20', '19', '18', '17', '16', '15', '14', '13', '12', '11', 'K♥', 'Q♥', 'C♥', 'J♥', 'A♥', '2♥'];
  const nineTrumps: CegoCard[] = ['20', '19', '18', '17', '16', '15', '14', '13', '12', 'K♥', 'Q♥', 'C♥', 'J♥', 'A♥', '2♥', '3♥'];
  const declareWith = (hand: CegoCard[], contract: Contract = 'solo', blindTop: CegoCard[] = []) =>
    run(setup(OPTIONS, 3, 'announce', fixedDeal(3, { 1: hand }, blindTop)), [word(contract), word('pass'), word('pass')]);

  it.each(
    titled(
      [
        { name: 'Zehn Druck with 10 trumps', hand: tenTrumps, move: 'zehnDruck', code: null },
        { name: 'Zehn Druck with 9 trumps', hand: nineTrumps, move: 'zehnDruck', code: 'no_ten_trumps' },
        { name: 'Pfeife raus with the Pfeife', hand: ['1', ...nineTrumps.slice(1)], move: 'pfeifeRaus', code: null },
        { name: 'Pfeife raus without the Pfeife', hand: tenTrumps, move: 'pfeifeRaus', code: 'no_pfeife' },
      ] as { name: string; hand: CegoCard[]; move: 'zehnDruck' | 'pfeifeRaus'; code: string | null }[],
      (r) => `${r.name} is ${r.code ? `refused (${r.code})` : 'accepted'}`,
    ),
  )('%s', (_title, { hand, move, code }) => {
    const s = declareWith(hand);
    expect(legalMoves(s, 1).some((m) => m.type === move)).toBe(code === null);
    if (code) expectRefused(s, 1, { type: move }, code);
    else {
      const after = applyOrThrow(s, 1, { type: move }).state;
      // Once only.
      expectRefused(after, 1, { type: move }, 'already');
      expect(legalMoves(after, 1).some((m) => m.type === move)).toBe(false);
    }
  });

  it('counts the trumps after the exchange: 9 dealt plus one taken make Zehn Druck', () => {
    const s = declareWith(nineTrumps, 'einer', ['11']);
    expect(apply(s, 1, { type: 'discard', cards: ['3♥'] }).ok).toBe(true);
    const declared = applyOrThrow(s, 1, { type: 'discard', cards: ['3♥'] }).state;
    expect(apply(declared, 1, { type: 'zehnDruck' }).ok).toBe(true);
  });

  it('refuses announcements by a defender and after Fertig', () => {
    const s = declareWith(['1', ...tenTrumps.slice(1)]);
    expectRefused(s, 2, { type: 'pfeifeRaus' }, 'not_your_turn');
    const ready = applyOrThrow(s, 1, { type: 'fertig' }).state;
    expect(ready.phase).not.toBe('declare');
    expect(ready.handsBeforePlay[1]).toEqual(s.hands[1]);
  });
});

/** Reach the knocking (or play) after the auction `words` (and, if needed, the first legal discard and Fertig). */
function afterFertig(words: (Contract | 'pass')[], seats = 3, options: DreierlesOptions = OPTIONS, seed = 'knock'): DreierlesState {
  let s = run(setup(options, seats, seed), words.map(word));
  if (s.phase === 'discard') s = run(s, [legalMoves(s, s.declarer as Seat)[0] as DreierlesMove]);
  return run(s, [{ type: 'fertig' }]);
}

describe('knocking', () => {
  // Three players: A = seat 1 (forehand), B = seat 2, C = seat 0.
  it('A passes, B bids Dreier, C passes: C may knock, A may not', () => {
    const s = afterFertig(['pass', 'dreier', 'pass']);
    expect(knockers(s)).toEqual([0]);
    expect(s.phase).toBe('knock');
    expect(toAct(s)).toEqual([0]);
    expectRefused(s, 1, { type: 'knock' }, 'may_not_knock', /may not knock/);
    // The declarer may only knock back after a defender's knock.
    expectRefused(s, 2, { type: 'knock' }, 'not_your_turn');
    // C declines: play starts at once; A is never asked.
    const played = applyOrThrow(s, 0, { type: 'noKnock' }).state;
    expect(played.phase).toBe('play');
    expect(toAct(played)).toEqual([2]);
  });

  it('A and B pass, C bids Dreier: nobody may knock, play starts after Fertig', () => {
    const s = afterFertig(['pass', 'pass', 'dreier']);
    expect(knockers(s)).toEqual([]);
    expect(s.phase).toBe('play');
    expect(toAct(s)).toEqual([0]);
  });

  it.each(
    titled(
      [
        { words: ['dreier', 'pass', 'pass'], knockers: [2, 0] },
        { words: ['dreier', 'zweier', 'pass'], knockers: [1, 0] },
        { words: ['pass', 'zweier', 'einer'], knockers: [2] },
        { words: ['pass', 'pass', 'solo'], knockers: [] },
        { words: ['zweier', 'pass', 'solo'], knockers: [1, 2] },
        { words: ['pass', 'dreier', 'zweier'], knockers: [2] },
      ] as { words: (Contract | 'pass')[]; knockers: Seat[] }[],
      (r) => `after ${r.words.join(', ')} (seats 1, 2, 0) the seats that may knock are [${r.knockers.join(', ')}]`,
    ),
  )('%s', (_title, { words, knockers: expected }) => {
    const s = afterFertig(words);
    expect(knockers(s)).toEqual(expected);
    expect(s.phase).toBe(expected.length ? 'knock' : 'play');
  });

  it('alternates defender, declarer, defender, declarer and stops at maxKnocks (4)', () => {
    let s = afterFertig(['dreier', 'pass', 'pass']); // declarer seat 1, defenders 2 and 0
    const turns: Seat[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = toAct(s)[0] as Seat;
      turns.push(seat);
      s = applyOrThrow(s, seat, { type: 'knock' }).state;
    }
    expect(turns).toEqual([2, 1, 2, 1]);
    expect(s.knocks).toBe(4);
    expect(s.phase).toBe('play');
  });

  it('asks the other defender when the first declines, and then the declarer after a knock', () => {
    let s = afterFertig(['dreier', 'pass', 'pass']);
    s = applyOrThrow(s, 2, { type: 'noKnock' }).state;
    expect(toAct(s)).toEqual([0]);
    s = applyOrThrow(s, 0, { type: 'knock' }).state;
    expect(toAct(s)).toEqual([1]);
    // The declarer declines: play starts with one knock.
    s = applyOrThrow(s, 1, { type: 'noKnock' }).state;
    expect(s.phase).toBe('play');
    expect(s.knocks).toBe(1);
  });

  it.each([0, 1, 2, 3])('stops at maxKnocks = %i', (max) => {
    let s = afterFertig(['dreier', 'pass', 'pass'], 3, { ...OPTIONS, maxKnocks: max });
    let guard = 0;
    while (s.phase === 'knock' && guard++ < 20) {
      const seat = toAct(s)[0] as Seat;
      const moves = legalMoves(s, seat);
      const knock = moves.find((m) => m.type === 'knock');
      if (!knock) expectRefused(s, seat, { type: 'knock' }, 'max_knocks');
      s = applyOrThrow(s, seat, knock ?? { type: 'noKnock' }).state;
    }
    expect(s.knocks).toBe(max);
    expect(s.phase).toBe('play');
  });

  it('never lets a sitting-out dealer knock in a declarer game (four players)', () => {
    // Four players: seat 0 deals and sits out; seats 1, 2, 3 play.
    const s = afterFertig(['pass', 'dreier', 'pass'], 4);
    expect(knockers(s)).toEqual([3]);
    expectRefused(s, 0, { type: 'knock' }, 'may_not_knock');
    expectRefused(s, 1, { type: 'knock' }, 'may_not_knock');
    const all = afterFertig(['dreier', 'pass', 'pass'], 4);
    expect(knockers(all)).toEqual([2, 3]);
    // Everyone asked knocks, up to the limit: the dealer is never asked.
    let t = all;
    const asked: Seat[] = [];
    while (t.phase === 'knock') {
      const seat = toAct(t)[0] as Seat;
      asked.push(seat);
      expect(legalMoves(t, 0)).toEqual([]);
      t = applyOrThrow(t, seat, { type: 'knock' }).state;
    }
    expect(asked).toEqual([2, 1, 2, 1]);
    expect(legalMoves(all, 0)).toEqual([]);
  });

  it('after a Solo in the "Räuber or Solo" round, only defenders who spoke after the Solo bidder may knock', () => {
    const options = { ...OPTIONS, lastRoundRaeuberOrSolo: true };
    expect(knockers(afterFertig(['pass', 'solo', 'pass'], 3, options))).toEqual([0]);
    expect(knockers(afterFertig(['solo', 'pass', 'pass'], 3, options))).toEqual([2, 0]);
    expect(knockers(afterFertig(['pass', 'pass', 'solo'], 3, options))).toEqual([]);
  });

  it('in Räuber lets each player knock once, forehand first and a sitting-out dealer last', () => {
    for (const seats of [3, 4]) {
      let s = run(setup(OPTIONS, seats, 'raeuber-knock'), [word('pass'), word('pass'), word('pass')]);
      expect(s.phase).toBe('raeuberKnock');
      const asked: Seat[] = [];
      while (s.phase === 'raeuberKnock') {
        const seat = toAct(s)[0] as Seat;
        asked.push(seat);
        expect(legalMoves(s, seat)).toEqual([{ type: 'knock' }, { type: 'noKnock' }]);
        s = applyOrThrow(s, seat, { type: 'knock' }).state;
      }
      expect(asked).toEqual(seats === 3 ? [1, 2, 0] : [1, 2, 3, 0]);
      expect(s.knocks).toBe(seats);
      expect(s.phase).toBe('play');
      expect(toAct(s)).toEqual([1]); // forehand leads
    }
  });

  // docs/rules/dreierles.md § Räuber, Decision: max knocks caps the Räuber knocks too.
  it.each([
    { seats: 3, max: 0, knocks: 0, asked: [] },
    { seats: 3, max: 1, knocks: 1, asked: [1] },
    { seats: 3, max: 2, knocks: 2, asked: [1, 2] },
    { seats: 4, max: 3, knocks: 3, asked: [1, 2, 3] },
    { seats: 4, max: 4, knocks: 4, asked: [1, 2, 3, 0] },
  ])('in Räuber with max knocks $max ($seats players), everyone who wants to knocks until the cap', ({ seats, max, knocks, asked }) => {
    let s = run(setup({ ...OPTIONS, maxKnocks: max }, seats, 'raeuber-cap'), [word('pass'), word('pass'), word('pass')]);
    const seen: Seat[] = [];
    while (s.phase === 'raeuberKnock') {
      const seat = toAct(s)[0] as Seat;
      seen.push(seat);
      s = applyOrThrow(s, seat, { type: 'knock' }).state;
    }
    expect(seen).toEqual(asked);
    expect(s.knocks).toBe(knocks);
    expect(s.phase).toBe('play');
  });

  it('in Räuber with max knocks 1, a player who declined leaves the knock to the next, who then closes the knocking', () => {
    let s = run(setup({ ...OPTIONS, maxKnocks: 1 }, 3, 'raeuber-cap'), [word('pass'), word('pass'), word('pass')]);
    s = applyOrThrow(s, 1, { type: 'noKnock' }).state;
    expect(legalMoves(s, 2)).toEqual([{ type: 'knock' }, { type: 'noKnock' }]);
    s = applyOrThrow(s, 2, { type: 'knock' }).state;
    expect(s.knocks).toBe(1);
    expect(s.phase).toBe('play');
    expectRefused({ ...s, phase: 'raeuberKnock' }, 0, { type: 'knock' }, 'max_knocks');
  });
});

/** A trick-play state: seats 1, 2, 0 play in that order with seat 1 leading; `trick` holds the cards already played. */
function playing(p: {
  hand: CegoCard[];
  trick?: CegoCard[];
  contract?: Contract | null;
  declarerToAct?: boolean;
  pfeifeRaus?: boolean;
  trumpLeads?: number;
  tricksPlayed?: number;
  options?: Partial<DreierlesOptions>;
}): { state: DreierlesState; seat: Seat } {
  const base = setup({ ...OPTIONS, ...p.options }, 3, 'play');
  const trick = p.trick ?? [];
  const order = base.active;
  const seat = order[trick.length] as Seat;
  const hands: CegoCard[][] = [[], [], []];
  hands[seat] = p.hand;
  const contract = p.contract === undefined ? 'dreier' : p.contract;
  const declarer = contract ? (p.declarerToAct ? seat : (order[(trick.length + 1) % 3] as Seat)) : null;
  const state: DreierlesState = {
    ...base,
    phase: 'play',
    contract,
    declarer,
    pfeifeRaus: p.pfeifeRaus ?? false,
    hands,
    leader: order[0] as Seat,
    trick: trick.map((card, i) => ({ seat: order[i] as Seat, card })),
    trumpLeads: p.trumpLeads ?? 0,
    tricksPlayed: p.tricksPlayed ?? Math.max(p.trumpLeads ?? 0, 0),
  };
  expect(toAct(state)).toEqual([seat]);
  return { state, seat };
}

/** The legal cards for the seat to act. */
const cards = (state: DreierlesState, seat: Seat) => legalMoves(state, seat).map((m) => (m.type === 'play' ? m.card : '?'));

describe('following suit and trumping', () => {
  it.each(
    titled(
      [
        { trick: ['Q♥'], hand: ['K♥', '4♥', '20', 'K♣'], allowed: ['K♥', '4♥'], refused: ['20', 'must_follow', 'You must follow ♥.'] },
        { trick: ['10♣', 'K♣'], hand: ['7♣', '5', 'Q♥'], allowed: ['7♣'], refused: ['Q♥', 'must_follow', 'You must follow ♣.'] },
        {
          trick: ['Q♥'],
          hand: ['5', 'Stiess', 'K♣', 'J♦'],
          allowed: ['5', 'Stiess'],
          refused: ['K♣', 'must_trump', 'You cannot follow ♥, so you must play a trump.'],
        },
        { trick: ['3', '12'], hand: ['20', '2', 'K♥'], allowed: ['20', '2'], refused: ['K♥', 'must_follow', 'You must follow trumps.'] },
        { trick: ['Q♥'], hand: ['K♣', 'J♦', '7♠'], allowed: ['K♣', 'J♦', '7♠'], refused: null },
        { trick: ['Stiess'], hand: ['K♣', 'J♦', '7♠'], allowed: ['K♣', 'J♦', '7♠'], refused: null },
        { trick: [], hand: ['K♣', '20', '4♦'], allowed: ['K♣', '20', '4♦'], refused: null },
        { trick: ['4♥', '20'], hand: ['K♥', '3♥'], allowed: ['K♥', '3♥'], refused: null },
      ] as { trick: CegoCard[]; hand: CegoCard[]; allowed: CegoCard[]; refused: [CegoCard, string, string] | null }[],
      (r) =>
        `onto ${r.trick.join(' ') || 'an empty trick'}, a hand of ${r.hand.join(' ')} may play ${r.allowed.join(' ')}${r.refused ? ` (${r.refused[0]}: ${r.refused[1]})` : ''}`,
    ),
  )('%s', (_title, { trick, hand, allowed, refused }) => {
    const { state, seat } = playing({ hand, trick });
    expect(cards(state, seat).sort()).toEqual(allowed.slice().sort());
    expect(playable(state, seat).sort()).toEqual(allowed.slice().sort());
    for (const card of allowed) expect(checkMove(state, seat, { type: 'play', card })).toBeNull();
    if (refused) {
      const [card, code, message] = refused;
      expectRefused(state, seat, { type: 'play', card }, code);
      expect(english(checkMove(state, seat, { type: 'play', card }))).toBe(message);
    }
  });

  it('refuses a card not in the hand, and a play out of turn', () => {
    const { state, seat } = playing({ hand: ['K♥', '4♥'], trick: ['Q♥'] });
    expectRefused(state, seat, { type: 'play', card: 'Q♦' }, 'not_in_hand');
    expectRefused(state, (seat + 1) % 3, { type: 'play', card: 'K♥' }, 'not_your_turn');
  });

  it.each(
    titled(
      [
        { plays: ['Q♥', 'K♥', '4♥'], winner: 1 },
        { plays: ['Q♥', 'K♣', '4♥'], winner: 0 },
        { plays: ['4♥', '2', 'K♥'], winner: 1 },
        { plays: ['4♥', '2', '3'], winner: 2 },
        { plays: ['21', 'Stiess', '1'], winner: 1 },
        { plays: ['1', 'K♥', 'Q♥'], winner: 0 },
        { plays: ['7♣', '10♣', 'K♦'], winner: 1 },
        { plays: ['A♦', '2♦', '4♦'], winner: 0 },
      ] as { plays: CegoCard[]; winner: number }[],
      (r) => `${r.plays.join(', ')} is won by the ${['first', 'second', 'third'][r.winner]} card`,
    ),
  )('%s', (_title, { plays, winner }) => {
    expect(trickWinner(plays.map((card, seat) => ({ seat, card }))).seat).toBe(winner);
  });
});

describe('the announced Pfeife (declarer game)', () => {
  it.each(
    titled(
      [
        { name: 'leading, Pfeife out', raus: true, trick: [], hand: ['1', '5', 'K♥'], tricksPlayed: 3, allowed: ['5', 'K♥'] },
        { name: 'following trumps with another trump', raus: true, trick: ['9'], hand: ['1', '5', 'K♥'], tricksPlayed: 3, allowed: ['5'] },
        { name: 'void in the suit led, another trump', raus: true, trick: ['K♣'], hand: ['1', '5', 'K♥'], tricksPlayed: 3, allowed: ['5'] },
        {
          name: 'following trumps, the Pfeife the only trump (forced)',
          raus: true,
          trick: ['9'],
          hand: ['1', 'K♥', 'Q♦'],
          tricksPlayed: 3,
          allowed: ['1'],
        },
        {
          name: 'void in the suit led, the Pfeife the only trump (forced)',
          raus: true,
          trick: ['K♣'],
          hand: ['1', 'K♥'],
          tricksPlayed: 14,
          allowed: ['1'],
        },
        { name: 'in the last trick', raus: true, trick: [], hand: ['1'], tricksPlayed: 15, allowed: ['1'] },
        { name: 'not announced: the Pfeife is free', raus: false, trick: [], hand: ['1', '5', 'K♥'], tricksPlayed: 3, allowed: ['1', '5', 'K♥'] },
        { name: 'not announced, following trumps', raus: false, trick: ['9'], hand: ['1', '5', 'K♥'], tricksPlayed: 3, allowed: ['1', '5'] },
      ] as { name: string; raus: boolean; trick: CegoCard[]; hand: CegoCard[]; tricksPlayed: number; allowed: CegoCard[] }[],
      (r) => `${r.name}: ${r.allowed.join(' ')}`,
    ),
  )('%s', (_title, { raus, trick, hand, tricksPlayed, allowed }) => {
    const { state, seat } = playing({ hand, trick, declarerToAct: true, pfeifeRaus: raus, tricksPlayed });
    expect(cards(state, seat).sort()).toEqual(allowed.slice().sort());
    if (!allowed.includes('1')) expectRefused(state, seat, { type: 'play', card: '1' }, 'pfeife_held', /stays out until the last trick/);
  });

  it('never holds back a defender’s Pfeife', () => {
    const { state, seat } = playing({ hand: ['1', '5'], trick: ['9'], pfeifeRaus: true, tricksPlayed: 3 });
    expect(state.declarer).not.toBe(seat);
    expect(cards(state, seat).sort()).toEqual(['1', '5']);
  });

  /**
   * A Solo in which the declarer (seat 1, then 2 for four players…) must play the announced Pfeife in trick 3:
   * trick 1 K♦ wins (5 card points), trick 2 the K♣ is trumped, trick 3 a trump is led and the Pfeife is
   * the declarer's only trump. The third player of trick 3 never plays.
   */
  function forcedPfeife(seats: number) {
    const [decl, d1, d2] = seats === 3 ? [1, 2, 0] : [1, 2, 3];
    const given: Record<number, CegoCard[]> = {
      [decl as number]: ['1', 'K♥', 'Q♥', 'C♥', 'J♥', 'A♥', '2♥', '3♥', '4♥', 'K♦', 'Q♦', 'C♦', 'J♦', 'A♦', '2♦', 'K♣'],
      [d1 as number]: ['3♦', 'Q♣', 'C♣', 'J♣', '10♣', '9♣', '8♣', '7♣', '21', '20', '19', '18', '17', '16', '15', '14'],
      [d2 as number]: ['4♦', 'K♠', 'Q♠', 'C♠', 'J♠', '10♠', '9♠', 'Stiess', '13', '12', '11', '10', '9', '8', '7', '6'],
    };
    if (seats === 4) given[0] = [];
    const deal = fixedDeal(seats, given, ['8♠', '7♠', '5', '4', '3', '2']);
    let s = run(setup(OPTIONS, seats, 'forced', deal), [word('solo'), word('pass'), word('pass'), { type: 'pfeifeRaus' }, { type: 'fertig' }]);
    while (s.phase === 'knock') s = run(s, [{ type: 'noKnock' }]);
    const events: DreierlesEvent[] = [];
    const plays: [Seat, CegoCard][] = [
      [decl as Seat, 'K♦'],
      [d1 as Seat, '3♦'],
      [d2 as Seat, '4♦'],
      [decl as Seat, 'K♣'],
      [d1 as Seat, '7♣'],
      [d2 as Seat, '6'],
      [d2 as Seat, '7'],
    ];
    for (const [seat, card] of plays) {
      const r = applyOrThrow(s, seat, { type: 'play', card });
      s = r.state;
      events.push(...r.events);
    }
    return { before: s, decl: decl as Seat, d1: d1 as Seat, d2: d2 as Seat, events };
  }

  it.each([3, 4])(
    'when forced early (%i players): play stops, the trick and all other cards go to the defenders, the declarer pays 2 to each',
    (seats) => {
      const { before, decl, d2 } = forcedPfeife(seats);
      expect(before.tricksPlayed).toBe(2);
      expect(before.trick).toEqual([{ seat: d2, card: '7' }]);
      expect(toAct(before)).toEqual([decl]);
      expect(legalMoves(before, decl)).toEqual([{ type: 'play', card: '1' }]);
      const r = applyOrThrow(before, decl, { type: 'play', card: '1' });
      expect(r.events.map((e) => e.type)).toEqual(['played', 'pfeifeForced', 'dealScored', 'dealt']);
      const score = r.state.deals[0];
      if (!score) throw new Error('no score');
      // Trick 1 only: K♦ 3♦ 4♦ = 7 − 2 = 5 card points; everything else counts for the defenders.
      expect(score.declarerPoints).toBe(5);
      expect(score.defenderPoints).toBe(65);
      expect(score.won).toBe(false);
      // Solo with 5 card points: (floor(30 / 5) + 1) × 4 = 28 to each, and 2 to each for the forced Pfeife.
      const forced = score.payments.filter((p) => p.reason === 'pfeifeForced');
      expect(forced.map((p) => [p.from, p.to, p.points])).toEqual(
        Array.from({ length: seats }, (_, s) => s)
          .filter((s) => s !== decl)
          .map((s) => [decl, s, 2]),
      );
      expect(score.payments.filter((p) => !['contract', 'pfeifeForced'].includes(p.reason))).toEqual([]);
      expect(score.net[decl]).toBe(-30 * (seats - 1));
      if (seats === 4) expect(score.net[0]).toBe(30);
      // The next deal has begun.
      expect(r.state.dealNo).toBe(1);
      expect(r.state.phase).toBe('auction');
    },
  );
});

describe('Räuber restrictions', () => {
  /** Räuber play state; trumpLeads = trump-led tricks so far, tricksPlayed defaults to the same. */
  const raeuber = (p: Omit<Parameters<typeof playing>[0], 'contract'>) => playing({ ...p, contract: null });

  it.each(
    titled(
      [
        // The third trump-led trick (two trump leads so far), a trump led by someone else.
        {
          name: 'third trump trick, trump led: the Pfeife is due',
          trumpLeads: 2,
          trick: ['9'],
          hand: ['1', '5', '20', 'K♥'],
          allowed: ['1'],
          refused: ['20', 'pfeife_due'],
        },
        {
          name: 'third trump trick, third to play',
          trumpLeads: 2,
          trick: ['9', '12'],
          hand: ['1', '5'],
          allowed: ['1'],
          refused: ['5', 'pfeife_due'],
        },
        {
          name: 'second trump trick: not yet',
          trumpLeads: 1,
          trick: ['9'],
          hand: ['1', '5', '20'],
          allowed: ['5', '20'],
          refused: ['1', 'pfeife_early'],
        },
        {
          name: 'first trick, void in the suit led: another trump',
          trumpLeads: 0,
          trick: ['K♥'],
          hand: ['1', '5', 'K♣'],
          allowed: ['5'],
          refused: ['1', 'pfeife_early'],
        },
        {
          name: 'two trump leads, a suit led, void: not yet (no trump led)',
          trumpLeads: 2,
          trick: ['K♥'],
          hand: ['1', '5', 'K♣'],
          allowed: ['5'],
          refused: ['1', 'pfeife_early'],
        },
        {
          name: 'only legal card before then: allowed',
          trumpLeads: 0,
          trick: ['9'],
          hand: ['1', 'K♥', 'Q♣'],
          allowed: ['1'],
          refused: ['K♥', 'must_follow'],
        },
        {
          name: 'void, the Pfeife the only trump: allowed',
          trumpLeads: 1,
          trick: ['K♥'],
          hand: ['1', 'K♣'],
          allowed: ['1'],
          refused: ['K♣', 'must_trump'],
        },
        {
          name: 'leading before the third trump trick: not the Pfeife',
          trumpLeads: 1,
          trick: [],
          hand: ['1', '5', 'K♣'],
          allowed: ['5', 'K♣'],
          refused: ['1', 'pfeife_early'],
        },
        {
          name: 'leading the third trump trick: no duty, the Pfeife may be led',
          trumpLeads: 2,
          trick: [],
          hand: ['1', '5', 'K♣'],
          allowed: ['1', '5', 'K♣'],
          refused: null,
        },
        { name: 'after the third trump trick: free', trumpLeads: 3, trick: ['9'], hand: ['1', '5', '20'], allowed: ['1', '5', '20'], refused: null },
        { name: 'after the third trump trick, void: free', trumpLeads: 4, trick: ['K♥'], hand: ['1', '5', 'K♣'], allowed: ['1', '5'], refused: null },
        {
          name: 'a suit led, holder following suit: no duty in any case',
          trumpLeads: 2,
          trick: ['K♥'],
          hand: ['1', 'Q♥', '5'],
          allowed: ['Q♥'],
          refused: ['1', 'must_follow'],
        },
      ] as { name: string; trumpLeads: number; trick: CegoCard[]; hand: CegoCard[]; allowed: CegoCard[]; refused: [CegoCard, string] | null }[],
      (r) => `the Pfeife, ${r.name}: ${r.allowed.join(' ')}`,
    ),
  )('%s', (_title, { trumpLeads, trick, hand, allowed, refused }) => {
    const { state, seat } = raeuber({ hand, trick, trumpLeads, tricksPlayed: trumpLeads + 1 });
    expect(cards(state, seat).sort()).toEqual(allowed.slice().sort());
    if (refused) expectRefused(state, seat, { type: 'play', card: refused[0] }, refused[1]);
  });

  it('counts only trump-led tricks: the third trick of the deal with one trump lead so far is no duty', () => {
    const { state, seat } = raeuber({ hand: ['1', '5'], trick: ['9'], trumpLeads: 1, tricksPlayed: 2 });
    expect(cards(state, seat)).toEqual(['5']);
  });

  it.each(
    titled(
      [
        { name: 'the third trick, a suit led, holder void', tricksPlayed: 2, trick: ['K♥'], hand: ['1', '5', 'K♣'], allowed: ['1'] },
        { name: 'the third trick, a trump led', tricksPlayed: 2, trick: ['9'], hand: ['1', '5'], allowed: ['1'] },
        { name: 'the third trick, holder following suit (the Pfeife not legal)', tricksPlayed: 2, trick: ['K♥'], hand: ['1', 'Q♥'], allowed: ['Q♥'] },
        { name: 'the second trick', tricksPlayed: 1, trick: ['9'], hand: ['1', '5'], allowed: ['5'] },
        { name: 'leading the third trick: may lead it', tricksPlayed: 2, trick: [], hand: ['1', '5'], allowed: ['1', '5'] },
        { name: 'leading the second trick: not the Pfeife', tricksPlayed: 1, trick: [], hand: ['1', '5'], allowed: ['5'] },
        { name: 'the fourth trick: free', tricksPlayed: 3, trick: ['9'], hand: ['1', '5'], allowed: ['1', '5'] },
      ] as { name: string; tricksPlayed: number; trick: CegoCard[]; hand: CegoCard[]; allowed: CegoCard[] }[],
      (r) => `variant pfeifeByThirdTrick, ${r.name}: ${r.allowed.join(' ')}`,
    ),
  )('%s', (_title, { tricksPlayed, trick, hand, allowed }) => {
    const { state, seat } = raeuber({ hand, trick, trumpLeads: 0, tricksPlayed, options: { pfeifeByThirdTrick: true } });
    expect(cards(state, seat).sort()).toEqual(allowed.slice().sort());
  });

  it.each(
    titled(
      [
        {
          name: 'the Stiess led, holder with another trump',
          trick: ['Stiess'],
          hand: ['21', '5', 'K♥'],
          allowed: ['5'],
          refused: ['21', 'twenty_one_held'],
        },
        { name: 'the Stiess played second', trick: ['9', 'Stiess'], hand: ['21', '5'], allowed: ['5'], refused: ['21', 'twenty_one_held'] },
        {
          name: 'the Stiess on a suit lead, holder void',
          trick: ['K♥', 'Stiess'],
          hand: ['21', '5', 'K♣'],
          allowed: ['5'],
          refused: ['21', 'twenty_one_held'],
        },
        { name: 'the 21 the only trump', trick: ['Stiess'], hand: ['21', 'K♥'], allowed: ['21'], refused: ['K♥', 'must_follow'] },
        { name: 'no Stiess in the trick', trick: ['9'], hand: ['21', '5'], allowed: ['21', '5'], refused: null },
        { name: 'the holder can follow the suit led', trick: ['K♥', 'Stiess'], hand: ['21', 'Q♥'], allowed: ['Q♥'], refused: ['21', 'must_follow'] },
      ] as { name: string; trick: CegoCard[]; hand: CegoCard[]; allowed: CegoCard[]; refused: [CegoCard, string] | null }[],
      (r) => `the 21, ${r.name}: ${r.allowed.join(' ')}`,
    ),
  )('%s', (_title, { trick, hand, allowed, refused }) => {
    const { state, seat } = raeuber({ hand, trick, trumpLeads: 3, tricksPlayed: 5 });
    expect(cards(state, seat).sort()).toEqual(allowed.slice().sort());
    if (refused) expectRefused(state, seat, { type: 'play', card: refused[0] }, refused[1]);
  });

  it('lets the 21 onto the Stiess in a declarer game', () => {
    const { state, seat } = playing({ hand: ['21', '5'], trick: ['Stiess'] });
    expect(cards(state, seat).sort()).toEqual(['21', '5']);
  });

  it('allows either card when the two restrictions together leave nothing (only the 21 and the Pfeife, before the third trump trick)', () => {
    const { state, seat } = raeuber({ hand: ['21', '1', 'K♥'], trick: ['Stiess'], trumpLeads: 0, tricksPlayed: 0 });
    expect(cards(state, seat).sort()).toEqual(['1', '21']);
    expectRefused(state, seat, { type: 'play', card: 'K♥' }, 'must_follow');
  });

  it('still forces the Pfeife in the third trump trick when the Stiess was led and the holder has the 21', () => {
    const { state, seat } = raeuber({ hand: ['21', '1', '5'], trick: ['Stiess'], trumpLeads: 2, tricksPlayed: 4 });
    expect(cards(state, seat)).toEqual(['1']);
  });

  it('refuses the 21 onto the Stiess with the 21 message, also when the Pfeife is then the only card left', () => {
    // After the third trump trick the Pfeife is free; the 21 is held back by the Stiess, so only the Pfeife remains.
    const { state, seat } = raeuber({ hand: ['21', '1'], trick: ['Stiess'], trumpLeads: 3, tricksPlayed: 5 });
    expect(cards(state, seat)).toEqual(['1']);
    expectRefused(state, seat, { type: 'play', card: '21' }, 'twenty_one_held', /21 may not be played onto the Stiess/);
  });
});
