/**
 * Rommé computer players (src/bots/romme): legal whole games for every level mixed across 2–6 seats and the
 * house-rule options, determinism, the time budget, the knowledge the strong player samples from, and
 * table-driven cases for easy and strong. Rule source: docs/rules/romme.md.
 */
import { describe, expect, it } from 'vitest';
import { type CardId, isJoker, labelOf, rommePack } from '../../src/games/romme/pack.ts';
import { seededRng } from '../../src/cards/random.ts';
import { DEFAULT_SAMPLES, rommePolicies, strongPolicy } from '../../src/bots/romme/index.ts';
import { knowledgeOf, unseenPool } from '../../src/bots/romme/knowledge.ts';
import { split } from '../../src/bots/romme/partition.ts';
import { evalCosts } from '../../src/bots/romme/knowledge.ts';
import type { DecisionContext, Policy, PolicyLevel } from '../../src/bots/types.ts';
import {
  DEFAULT_ROMME_OPTIONS,
  type RommeMove,
  type RommeOptions,
  type RommeState,
  type RommeView,
  apply,
  checkMove,
  readings,
  setup,
  toAct,
  view,
} from '../../src/games/romme/index.ts';
import { arrange, type Layout } from '../romme/table.ts';
import { frozenCopy } from '../support/frozen.ts';
import { describeReason } from '../../src/games/types.ts';

const ctx = (seed: string, now: () => number = () => 0): DecisionContext => ({ seed, budgetMs: 300, now });

/** The seat to move's view as a policy gets it: a deep-frozen copy. */
const frozenView = (s: RommeState): RommeView => frozenCopy(view(s, s.turn));

const LEVELS: PolicyLevel[] = ['random', 'easy', 'strong'];
const HOUSE_RULES: Partial<RommeOptions>[] = [
  {},
  { startWith14: true },
  { startWith14: true, fourteenthToForehand: true },
  { discardPickupMustBeMelded: true },
  { aroundTheCorner: true },
  { strictSetSwap: true },
  { handRomme: true },
  { jokers: 4, jokerValue: 20 },
  { firstMeldMinimum: 30, jokerValue: 25 },
  { discardPickupMustBeMelded: true, aroundTheCorner: true, handRomme: true, strictSetSwap: true, startWith14: true },
];

describe('Rommé bots play whole games legally', () => {
  const fast = strongPolicy({ samples: 3 });
  const policy = (level: PolicyLevel): Policy<RommeView, RommeMove> => (level === 'strong' ? fast : rommePolicies[level]);

  it('1,000 seeded games, levels mixed over 2–6 seats and house rules: every move applies, every game ends', () => {
    const problems: string[] = [];
    const used = new Set<string>();
    let wentOut = 0;
    for (let g = 0; g < 1000; g++) {
      const rng = seededRng(`romme-bots-${g}`);
      const seats = 2 + (g % 5);
      const options: RommeOptions = { ...DEFAULT_ROMME_OPTIONS, ...HOUSE_RULES[g % HOUSE_RULES.length], deals: 1 };
      const levels = Array.from({ length: seats }, () => LEVELS[Math.floor(rng() * 3)] as PolicyLevel);
      let s = setup(options, seats, `romme-bots-${g}`);
      let steps = 0;
      while (toAct(s).length > 0 && problems.length < 5) {
        const seat = s.turn;
        const move = policy(levels[seat] as PolicyLevel)(frozenView(s), ctx(`g${g}:${steps}`));
        used.add(move.type);
        const r = apply(s, seat, move);
        if (!r.ok) {
          problems.push(`game ${g} step ${steps}: ${levels[seat]} played ${JSON.stringify(move)}: ${describeReason(r.reason)}`);
          break;
        }
        s = r.state;
        if (++steps > 3000) {
          problems.push(`game ${g} does not end`);
          break;
        }
      }
      if (s.phase === 'over' && s.deals.some((d) => d.winner !== null)) wentOut++;
    }
    expect(problems).toEqual([]);
    expect([...used].sort()).toEqual(['discard', 'draw', 'layOff', 'meld', 'swap']);
    expect(wentOut).toBeGreaterThan(500);
  }, 600_000); // a guard against a hung run only: on a busy 2-core machine, beside another test file, this takes minutes
});

/** A few mid-game views (draw and play phases) from games between the easy player and itself. */
function sampleViews(count: number, options: Partial<RommeOptions> = {}): RommeView[] {
  const out: RommeView[] = [];
  for (let g = 0; out.length < count; g++) {
    let s = setup({ ...DEFAULT_ROMME_OPTIONS, ...options, deals: 1 }, 2 + (g % 3), `views-${g}`);
    for (let step = 0; toAct(s).length > 0; step++) {
      if (step % 7 === 3) out.push(frozenView(s));
      const r = apply(s, s.turn, rommePolicies.easy(frozenView(s), ctx('e')));
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
    }
  }
  return out.slice(0, count);
}

describe('determinism and budget', () => {
  const views = sampleViews(60, { handRomme: true });

  it.each(LEVELS)('%s: the same view and seed give the same move', (level) => {
    for (const v of views) expect(rommePolicies[level](v, ctx('same'))).toEqual(rommePolicies[level](v, ctx('same')));
  });

  it('random: different seeds give different moves on some views', () => {
    const differs = views.filter((v) => JSON.stringify(rommePolicies.random(v, ctx('a'))) !== JSON.stringify(rommePolicies.random(v, ctx('b'))));
    expect(differs.length).toBeGreaterThan(0);
  });

  it('strong: a clock that jumps 1,000 ms per reading still gets a legal move', () => {
    let checked = 0;
    for (let g = 0; g < 40; g++) {
      let s = setup({ ...DEFAULT_ROMME_OPTIONS, deals: 1 }, 2, `budget-${g}`);
      for (let step = 0; toAct(s).length > 0 && step < 60; step++) {
        let t = 0;
        const move = rommePolicies.strong(frozenView(s), { seed: `b${step}`, budgetMs: 300, now: () => (t += 1000) });
        expect(checkMove(s, s.turn, move)).toBeNull();
        checked++;
        const r = apply(s, s.turn, move);
        if (!r.ok) throw new Error(describeReason(r.reason));
        s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('exports its default sample count', () => {
    expect(DEFAULT_SAMPLES).toBeGreaterThan(0);
  });
});

describe('what the strong player knows and samples from', () => {
  it('unseen cards plus seen cards make the pack exactly, and nothing in hand or on the table is unseen', () => {
    for (let g = 0; g < 30; g++) {
      let s = setup({ ...DEFAULT_ROMME_OPTIONS, deals: 1, jokers: g % 2 ? 4 : 6 }, 2 + (g % 4), `know-${g}`);
      const strong = strongPolicy({ samples: 2 });
      for (let step = 0; toAct(s).length > 0; step++) {
        const v = frozenView(s);
        const k = knowledgeOf(v);
        const pool = unseenPool(k).map(labelOf);
        const onTable = new Set(v.melds.flatMap((m) => m.cards));
        const seen = new Set<CardId>([...v.hand, ...onTable, ...(v.discardTop ? [v.discardTop] : [])]);
        v.pileTaken.forEach((cs, seat) => seat !== v.seat && cs.forEach((c) => seen.add(c)));
        const count = (labels: string[]) => labels.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>());
        const pack = count(rommePack(s.options.jokers).map(labelOf));
        const known = count([...seen].map(labelOf));
        const unseen = count(pool);
        for (const [label, n] of pack) expect((known.get(label) ?? 0) + (unseen.get(label) ?? 0)).toBe(n);
        // Where the unseen cards really are: the stock, the other hands, the pile below its top.
        const hidden = count(
          [...s.stock, ...s.hands.filter((_, x) => x !== s.turn).flat(), ...s.discardPile.slice(0, -1)].filter((c) => !seen.has(c)).map(labelOf),
        );
        expect(unseen).toEqual(hidden);
        const r = apply(s, s.turn, (step % 2 ? strong : rommePolicies.random)(v, ctx(`k${step}`)));
        if (!r.ok) throw new Error(describeReason(r.reason));
        s = r.state;
      }
    }
  });

  it('the hand search only plans valid melds', () => {
    for (const v of sampleViews(80)) {
      const sp = split(v.hand, evalCosts(knowledgeOf(v)));
      const jokers = sp.jokers.slice();
      for (const m of sp.melds) {
        const cards = m.slots.map((x) => (x >= 0 ? (sp.naturals[x] as CardId) : (jokers.shift() as CardId)));
        expect(readings(cards, v.options).length, cards.join(' ')).toBeGreaterThan(0);
      }
    }
  });
});

/** The view of the seat to move in an arranged position. */
const at = (layout: Layout & { pileTaken?: string[] }): { s: RommeState; v: RommeView } => {
  const s = arrange(layout);
  // Pick-ups from the pile: the named labels, taken by each seat earlier this deal and still in its hand.
  s.pileTaken = s.hands.map((h, seat) =>
    (layout.pileTaken?.[seat] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((l) => h.find((c) => labelOf(c) === l) as CardId),
  );
  return { s, v: frozenView(s) };
};
const play = (level: PolicyLevel, layout: Layout & { pileTaken?: string[] }): { move: RommeMove; s: RommeState } => {
  const { s, v } = at(layout);
  const move = rommePolicies[level](v, ctx('case'));
  expect(checkMove(s, s.turn, move)).toBeNull();
  return { move, s };
};
const label = (m: RommeMove): string => ('card' in m ? labelOf(m.card) : '');

describe('easy player', () => {
  it.each<[string, Layout, (m: RommeMove) => void]>([
    [
      'draws from the stock even when the top card would complete a set',
      { hands: ['7♥ 7♣ 2♦ 9♠ K♣', 'A♣ 4♦'], discard: '7♠' },
      (m) => expect(m).toEqual({ type: 'draw', from: 'stock' }),
    ],
    ['discards the costliest card, not a joker', { hands: ['Joker 3♣ K♥ 5♦ 9♠', 'A♣ 4♦'], phase: 'play' }, (m) => expect(label(m)).toBe('K♥')],
    ['discards an ace (11) before a king', { hands: ['A♠ K♥ 5♦ 2♣', 'A♣ 4♦'], phase: 'play' }, (m) => expect(label(m)).toBe('A♠')],
    ['makes a first meld worth 40 or more', { hands: ['K♥ K♠ K♦ Q♣ Q♦ Q♥ 2♣ 7♦', 'A♣ 4♦'], phase: 'play' }, (m) => expect(m.type).toBe('meld')],
    [
      'does not meld under the minimum (3-3-3 = 9)',
      { hands: ['3♥ 3♠ 3♦ K♣ 9♦', 'A♣ 4♦'], phase: 'play' },
      (m) => expect(m).toMatchObject({ type: 'discard', card: expect.stringMatching(/^K♣/) }),
    ],
    [
      'lays off after its first meld',
      { hands: ['8♥ K♣ 2♦', 'A♣ 4♦'], phase: 'play', melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }] },
      (m) => expect(m).toMatchObject({ type: 'layOff', card: expect.stringMatching(/^8♥/) }),
    ],
    [
      'does not discard the card just taken from the pile',
      { hands: ['K♣ 2♦ 3♥', 'A♣ 4♦'], phase: 'play', takenFromDiscard: 'K♣' },
      (m) => expect(label(m)).toBe('3♥'),
    ],
  ])('%s', (_, layout, expectation) => expectation(play('easy', layout).move));
});

describe('strong player', () => {
  it.each<[string, Layout, (m: RommeMove) => void]>([
    [
      'takes the top card that extends its run after its first meld',
      { hands: ['9♣ 10♣ 4♦ K♠ 2♥ 7♦', 'A♣ 4♦ 6♠'], discard: 'J♣', melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }] },
      (m) => expect(m).toEqual({ type: 'draw', from: 'discard' }),
    ],
    [
      'leaves a useless top card',
      { hands: ['9♣ 10♣ 4♦ 4♠ 2♥ 2♦', 'A♣ 4♦ 6♠'], discard: 'K♥', melds: [{ owner: 0, cards: '5♥ 6♥ 7♥' }] },
      (m) => expect(m).toEqual({ type: 'draw', from: 'stock' }),
    ],
    [
      'goes out when the whole hand melds',
      { hands: ['7♥ 8♥ 9♥ K♣ K♦ K♠ 2♣', 'A♣ 4♦ 6♠'], phase: 'play' },
      (m) => expect(m).toMatchObject({ type: 'meld', groups: [expect.anything(), expect.anything()] }),
    ],
    [
      'keeps its joker and near-melds, throws the loose high card',
      { hands: ['Joker 5♥ 6♥ 9♣ 9♦ K♠ 2♣ 3♣', 'A♣ 4♦ 6♠'], phase: 'play' },
      (m) => expect(label(m)).toBe('K♠'),
    ],
    [
      'keeps a pair for a set over a lone lower card',
      { hands: ['Q♥ Q♠ 9♦ 2♣ 6♦ J♣ 4♠', 'A♣ 4♦ 6♠'], phase: 'play' },
      (m) => expect(label(m)).toBe('J♣'),
    ],
  ])('%s', (_, layout, expectation) => expectation(play('strong', layout).move));

  it('does not feed the next seat a card next to one it took from the pile', () => {
    const layout: Layout = { hands: ['K♥ K♣ 5♦ 8♠ 2♣ 3♣', 'A♣ 4♦ 9♠ Q♥ 10♦'], phase: 'play' };
    // Nothing known: the loose 8♠ (8 points) goes before the loose 5♦.
    expect(label(play('strong', layout).move)).toBe('8♠');
    // The next seat took 9♠ from the pile: keep the 8♠ back.
    expect(label(play('strong', { ...layout, pileTaken: ['', '9♠'] }).move)).toBe('5♦');
  });

  it('takes the pile only when the pick-up could be melded this turn (discard pick-up must be melded)', () => {
    const base: Layout = { hands: ['7♥ 7♣ 2♦ 9♠ K♣ 4♥ 5♥', 'A♣ 4♦'], discard: '7♠', options: { discardPickupMustBeMelded: true } };
    // 7-7-7 = 21 is under 40: the engine refuses the pick-up, so strong draws from the stock.
    expect(play('strong', base).move).toEqual({ type: 'draw', from: 'stock' });
    // Already melded: 7♠ completes a set at once, so it is taken, then melded.
    const melded: Layout = { ...base, melds: [{ owner: 0, cards: '9♦ 10♦ J♦' }] };
    const { move, s } = play('strong', melded);
    expect(move).toEqual({ type: 'draw', from: 'discard' });
    const after = apply(s, 0, move);
    if (!after.ok) throw new Error(describeReason(after.reason));
    const next = rommePolicies.strong(frozenView(after.state), ctx('x'));
    expect(next.type === 'meld' && next.groups.some((g) => g.cards.some((c) => labelOf(c) === '7♠'))).toBe(true);
  });

  it('with Hand-Rommé, holds back a first meld while nearly complete and no one is close; melds when someone is', () => {
    const hands = ['7♥ 8♥ 9♥ K♣ K♦ K♠ 2♣ 5♦ Joker', 'A♣ 4♦ 6♠ Q♥ 10♦ 3♠ 8♣ 9♣ J♠ 2♥ 3♥'];
    const calm = play('strong', { hands, phase: 'play', options: { handRomme: true } }).move;
    expect(calm.type).toBe('discard');
    const close = play('strong', {
      hands: [hands[0] as string, 'A♣ 4♦'],
      phase: 'play',
      options: { handRomme: true },
      melds: [{ owner: 1, cards: '4♠ 5♠ 6♠' }],
    }).move;
    expect(close.type).toBe('meld');
  });

  it('swaps a joker off the table when the freed joker melds at once', () => {
    const { move } = play('strong', {
      hands: ['7♥ 9♣ 10♣ 2♦ 5♠', 'A♣ 4♦'],
      phase: 'play',
      melds: [{ owner: 1, cards: '5♥ 6♥ Joker', start: 5 }],
      melded: [0, 1],
    });
    expect(move).toMatchObject({ type: 'swap', naturals: [expect.stringMatching(/^7♥/)] });
  });

  it('never discards a joker while it holds another card it may discard', () => {
    for (const v of sampleViews(80).filter((x) => x.phase === 'play')) {
      const m = rommePolicies.strong(v, ctx('j'));
      if (m.type === 'discard' && isJoker(m.card)) expect(v.hand.filter((c) => !isJoker(c) && c !== v.takenFromDiscard)).toEqual([]);
    }
  });
});
