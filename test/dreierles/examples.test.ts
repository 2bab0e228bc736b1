/**
 * The two worked examples of docs/rules/dreierles.md § Scoring, played THROUGH THE ENGINE: a fixed
 * deal (`setup(…, fixedFirstDeal)`), the auction, the exchange, the announcements, the knocking and all
 * 16 tricks with real moves, each trick written out with who plays what. The deals were built so that the
 * declarer's card points come out exactly as in the examples (43 for Anna in Einer, 42 for Anne in Solo);
 * the comments show the arithmetic, and the tests recount it with `countPile`.
 */
import { describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard, countPile } from '../../src/cards/cego.ts';
import type { Seat } from '../../src/games/types.ts';
import { applyOrThrow, setup, toAct, type FixedDeal } from '../../src/games/dreierles/engine.ts';
import { legalMoves } from '../../src/games/dreierles/legal.ts';
import {
  DEFAULT_DREIERLES_OPTIONS,
  type DealScore,
  type DreierlesEvent,
  type DreierlesMove,
  type DreierlesState,
  type Play,
} from '../../src/games/dreierles/types.ts';

/** What a played example leaves behind: the last state, all events, the completed tricks and their winners. */
interface Played {
  state: DreierlesState;
  events: DreierlesEvent[];
  tricks: { plays: Play[]; winner: Seat }[];
  score: DealScore;
}

/**
 * Play an example: `before` are the moves up to the first lead (auction, exchange, announcements, knocking),
 * each by a named seat; `tricks` are the 16 tricks, each as "Name card" in playing order. Every move must be
 * the named seat's turn and legal; the function fails loudly otherwise.
 */
function playExample(seats: number, deal: FixedDeal, names: Record<string, Seat>, before: [string, DreierlesMove][], tricks: string[][]): Played {
  let state = setup({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 1 }, seats, 'worked-example', deal);
  const events: DreierlesEvent[] = [];
  const step = (name: string, move: DreierlesMove): void => {
    const seat = names[name];
    if (seat === undefined) throw new Error(`unknown player ${name}`);
    expect(toAct(state), `${name} to act for ${JSON.stringify(move)}`).toEqual([seat]);
    const r = applyOrThrow(state, seat, move);
    state = r.state;
    events.push(...r.events);
  };
  for (const [name, move] of before) step(name, move);
  expect(state.phase).toBe('play');
  tricks.forEach((trick, i) => {
    expect(trick, `trick ${i + 1}`).toHaveLength(3);
    for (const entry of trick) {
      const [name, card] = entry.split(' ') as [string, CegoCard];
      step(name, { type: 'play', card });
    }
  });
  const won = events.flatMap((e) => (e.type === 'trickWon' ? [{ plays: e.plays, winner: e.winner }] : []));
  const scored = events.find((e): e is Extract<DreierlesEvent, { type: 'dealScored' }> => e.type === 'dealScored');
  if (!scored) throw new Error('the deal was not scored');
  return { state, events, tricks: won, score: scored.score };
}

/** The cards of a deal, all 54 exactly once (a check on the fixture itself). */
function expectWholePack(deal: FixedDeal): void {
  const cards = [...deal.hands.flat(), ...deal.blind];
  expect(cards.slice().sort()).toEqual(CEGO_54.slice().sort());
}

describe('worked example 1 (source article): Anna plays Einer at 10¢ a game point', () => {
  // Three players; deal 0 is dealt by seat 0, so forehand is seat 1 and the playing order is 1, 2, 0.
  const CATRIN = 0;
  const ANNA = 1;
  const BERND = 2;
  const names = { Catrin: CATRIN, Anna: ANNA, Bernd: BERND };
  const deal: FixedDeal = {
    hands: [
      // Catrin: nine trumps (no Ten Trumps), the low red cards, one club.
      ['12', '11', '10', '9', '8', '7', '6', '5', '4', 'J♥', 'A♥', '2♥', 'A♦', '2♦', '3♦', '7♣'],
      // Anna: ten trumps with the Pfeife (no Stiess, so no Trull) and six red cards.
      ['21', '20', '19', '18', '17', '16', '15', '14', '13', '1', 'Q♥', 'C♥', '4♥', 'Q♦', 'C♦', 'J♦'],
      // Bernd: the four Kings, two small trumps and black cards.
      ['3', '2', 'K♥', 'K♦', 'K♣', 'K♠', 'C♣', 'J♣', '10♣', '9♣', '8♣', 'C♠', 'J♠', '10♠', '9♠', '8♠'],
    ],
    // The top card (7♠) goes to Anna; the other five, with the Stiess, count for the defenders.
    blind: ['7♠', 'Stiess', '3♥', '4♦', 'Q♣', 'Q♠'],
  };
  const before: [string, DreierlesMove][] = [
    ['Anna', { type: 'bid', contract: 'einer' }],
    ['Bernd', { type: 'pass' }],
    ['Catrin', { type: 'pass' }],
    ['Anna', { type: 'discard', cards: ['7♠'] }],
    ['Anna', { type: 'zehnDruck' }],
    ['Anna', { type: 'pfeifeRaus' }],
    ['Anna', { type: 'fertig' }],
    // Both defenders passed after Anna's bid, so both may knock; neither does.
    ['Bernd', { type: 'noKnock' }],
    ['Catrin', { type: 'noKnock' }],
  ];
  const tricks = [
    // 1–8: Anna draws trumps; Catrin follows with eight of her nine, Bernd with two, then he discards.
    ['Anna 21', 'Bernd 3', 'Catrin 12'],
    ['Anna 20', 'Bernd 2', 'Catrin 11'],
    ['Anna 19', 'Bernd K♥', 'Catrin 10'],
    ['Anna 18', 'Bernd K♦', 'Catrin 9'],
    ['Anna 17', 'Bernd C♠', 'Catrin 8'],
    ['Anna 16', 'Bernd J♠', 'Catrin 7'],
    ['Anna 15', 'Bernd 10♠', 'Catrin 6'],
    ['Anna 14', 'Bernd 9♠', 'Catrin 5'],
    // 9: Anna gives up the lead; Catrin's J♥ beats the 4♥.
    ['Anna 4♥', 'Bernd K♣', 'Catrin J♥'],
    // 10: Catrin leads a club, Anna has none and must trump: the 13 (the announced Pfeife is not offered).
    ['Catrin 7♣', 'Anna 13', 'Bernd 8♣'],
    // 11–15: Anna's red cards win; Catrin follows low, Bernd has no red cards and no trumps left.
    ['Anna Q♥', 'Bernd C♣', 'Catrin A♥'],
    ['Anna C♥', 'Bernd J♣', 'Catrin 2♥'],
    ['Anna Q♦', 'Bernd 10♣', 'Catrin A♦'],
    ['Anna C♦', 'Bernd 9♣', 'Catrin 2♦'],
    ['Anna J♦', 'Bernd 8♠', 'Catrin 3♦'],
    // 16: the Pfeife is lost to Catrin's last trump.
    ['Anna 1', 'Bernd K♠', 'Catrin 4'],
  ];

  it('uses all 54 cards once', () => expectWholePack(deal));

  it('gives Anna 43 card points (14 tricks and the 7♠ discard: raw 72, minus 2×14 + 1) and the defenders 27', () => {
    const { tricks: won, score } = playExample(3, deal, names, before, tricks);
    expect(won.map((t) => t.winner)).toEqual([ANNA, ANNA, ANNA, ANNA, ANNA, ANNA, ANNA, ANNA, CATRIN, ANNA, ANNA, ANNA, ANNA, ANNA, ANNA, CATRIN]);
    const annaPile = [...won.filter((t) => t.winner === ANNA).flatMap((t) => t.plays.map((p) => p.card)), '7♠'];
    const defenderPile = [...won.filter((t) => t.winner !== ANNA).flatMap((t) => t.plays.map((p) => p.card)), ...deal.blind.slice(1)];
    expect(annaPile).toHaveLength(43);
    expect(countPile(annaPile)).toBe(43);
    expect(countPile(defenderPile)).toBe(27);
    expect(score.declarerPoints).toBe(43);
    expect(score.defenderPoints).toBe(27);
    expect(score.won).toBe(true);
  });

  it('scores +9 / −3 / −6 game points, i.e. Anna +90¢, Bernd −30¢, Catrin −60¢ at 10¢', () => {
    const { state, score } = playExample(3, deal, names, before, tricks);
    expect(score.contract).toBe('einer');
    expect(score.declarer).toBe(ANNA);
    expect(score.knocks).toBe(0);
    // 43 → floor(8 / 5) + 1 = 2, × 3 for Einer = 6 from each defender.
    expect(score.value).toBe(6);
    const byReason = (reason: string) => score.payments.filter((p) => p.reason === reason).map(({ from, to, points }) => ({ from, to, points }));
    expect(byReason('contract')).toEqual([
      { from: CATRIN, to: ANNA, points: 6 },
      { from: BERND, to: ANNA, points: 6 },
    ]);
    expect(byReason('zehnDruck')).toEqual([
      { from: CATRIN, to: ANNA, points: 1 },
      { from: BERND, to: ANNA, points: 1 },
    ]);
    expect(byReason('vierKoenige')).toEqual([
      { from: CATRIN, to: BERND, points: 1 },
      { from: ANNA, to: BERND, points: 1 },
    ]);
    expect(byReason('pfeifeRaus')).toEqual([
      { from: ANNA, to: CATRIN, points: 2 },
      { from: ANNA, to: BERND, points: 2 },
    ]);
    // Nothing else: no Trull (the Stiess was in the blind), no Ten Trumps for Catrin's nine, no knocks.
    expect(score.payments).toHaveLength(8);
    const net: number[] = [];
    net[ANNA] = 9;
    net[BERND] = -3;
    net[CATRIN] = -6;
    expect(score.net).toEqual(net);
    expect(score.net.map((n) => n * state.options.tariff)).toEqual([-60, 90, -30]);
    expect(state.deals[0]).toEqual(score);
  });

  it('narrates the announcements and the lost Pfeife, and never offers the Pfeife before the last trick', () => {
    const { events } = playExample(3, deal, names, before, tricks);
    expect(events.filter((e) => e.type === 'zehnDruck' || e.type === 'pfeifeRaus')).toEqual([
      { type: 'zehnDruck', seat: ANNA },
      { type: 'pfeifeRaus', seat: ANNA },
    ]);
    expect(events.some((e) => e.type === 'pfeifeForced')).toBe(false);
    const last = events.filter((e) => e.type === 'trickWon').at(-1);
    expect(last).toMatchObject({ trickNo: 16, winner: CATRIN });
  });

  it('offers Anna only the 13 in trick 10 (a club led, the Pfeife out)', () => {
    // Replay up to Catrin's lead in trick 10 and look at Anna's choices.
    let state = setup({ ...DEFAULT_DREIERLES_OPTIONS, rounds: 1 }, 3, 'worked-example', deal);
    const moves: [string, DreierlesMove][] = [
      ...before,
      ...tricks
        .slice(0, 9)
        .flat()
        .map((e): [string, DreierlesMove] => [e.split(' ')[0] as string, { type: 'play', card: e.split(' ')[1] as string }]),
    ];
    moves.push(['Catrin', { type: 'play', card: '7♣' }]);
    for (const [name, move] of moves) state = applyOrThrow(state, names[name as keyof typeof names], move).state;
    expect(state.hands[ANNA]).toContain('1');
    expect(legalMoves(state, ANNA)).toEqual([{ type: 'play', card: '13' }]);
  });
});

describe('worked example 2 (pagat, four players): Anne plays Solo', () => {
  // Four players: deal 0 is dealt by seat 0, who sits out; seats 1, 2, 3 play, forehand seat 1.
  const DORA = 0;
  const ANNE = 1;
  const BERT = 2;
  const CARL = 3;
  const names = { Dora: DORA, Anne: ANNE, Bert: BERT, Carl: CARL };
  const deal: FixedDeal = {
    hands: [
      [],
      // Anne: the four Kings, nine trumps with the Pfeife (no Ten Trumps; no Stiess, so no Trull), three small cards.
      ['21', '20', '19', '18', '17', '16', '15', '14', '1', 'K♥', 'K♦', 'K♣', 'K♠', '7♠', '3♥', '4♥'],
      // Bert: ten trumps including the Stiess (Ten Trumps) and one card of each suit plus two high hearts.
      ['Stiess', '13', '12', '11', '10', '9', '8', '7', '6', '5', '2♥', '4♦', '7♣', '8♠', 'Q♥', 'C♥'],
      // Carl: three trumps and thirteen suit cards, no hearts.
      ['4', '3', '2', 'J♠', '10♠', 'Q♦', 'C♦', 'J♦', 'A♦', '2♦', '3♦', 'C♣', 'J♣', '10♣', '9♣', '8♣'],
    ],
    // In Solo the whole blind counts for the defenders.
    blind: ['J♥', 'A♥', 'Q♠', 'C♠', 'Q♣', '9♠'],
  };
  const before: [string, DreierlesMove][] = [
    ['Anne', { type: 'bid', contract: 'solo' }],
    ['Bert', { type: 'pass' }],
    ['Carl', { type: 'pass' }],
    ['Anne', { type: 'pfeifeRaus' }],
    ['Anne', { type: 'fertig' }],
    ['Bert', { type: 'noKnock' }],
    ['Carl', { type: 'noKnock' }],
  ];
  const tricks = [
    // 1–8: Anne leads her trumps; Bert follows low, keeping the Stiess and the 5; Carl's three trumps fall, then he discards.
    ['Anne 21', 'Bert 13', 'Carl 4'],
    ['Anne 20', 'Bert 12', 'Carl 3'],
    ['Anne 19', 'Bert 11', 'Carl 2'],
    ['Anne 18', 'Bert 10', 'Carl C♦'],
    ['Anne 17', 'Bert 9', 'Carl J♦'],
    ['Anne 16', 'Bert 8', 'Carl A♦'],
    ['Anne 15', 'Bert 7', 'Carl 10♣'],
    ['Anne 14', 'Bert 6', 'Carl 9♣'],
    // 9–12: the four Kings win; Bert follows each suit once.
    ['Anne K♥', 'Bert 2♥', 'Carl J♣'],
    ['Anne K♦', 'Bert 4♦', 'Carl Q♦'],
    ['Anne K♣', 'Bert 7♣', 'Carl C♣'],
    ['Anne K♠', 'Bert 8♠', 'Carl J♠'],
    // 13: Bert has no spade and trumps with the 5; then he cashes his hearts and leads the Stiess.
    ['Anne 7♠', 'Bert 5', 'Carl 10♠'],
    ['Bert Q♥', 'Carl 2♦', 'Anne 3♥'],
    ['Bert C♥', 'Carl 3♦', 'Anne 4♥'],
    ['Bert Stiess', 'Carl 8♣', 'Anne 1'],
  ];

  it('uses all 54 cards once, the sitting-out dealer holding none', () => {
    expectWholePack(deal);
    expect(setup(DEFAULT_DREIERLES_OPTIONS, 4, 'x', deal).active).toEqual([ANNE, BERT, CARL]);
  });

  it('gives Anne 42 card points (12 tricks: raw 66, minus 2×12) and the defenders 28', () => {
    const { tricks: won, score } = playExample(4, deal, names, before, tricks);
    expect(won.map((t) => t.winner)).toEqual([...new Array<Seat>(12).fill(ANNE), BERT, BERT, BERT, BERT]);
    const annePile = won.filter((t) => t.winner === ANNE).flatMap((t) => t.plays.map((p) => p.card));
    const defenderPile = [...won.filter((t) => t.winner !== ANNE).flatMap((t) => t.plays.map((p) => p.card)), ...deal.blind];
    expect(countPile(annePile)).toBe(42);
    expect(countPile(defenderPile)).toBe(28);
    expect(score.declarerPoints).toBe(42);
    expect(score.defenderPoints).toBe(28);
  });

  it('nets +20 / −4 / −8 / −8 game points (Anne, Bert, Carl, the sitting-out dealer Dora)', () => {
    const { score } = playExample(4, deal, names, before, tricks);
    // 42 → floor(7 / 5) + 1 = 2, × 4 for Solo = 8 from each of the three others.
    expect(score.value).toBe(8);
    const byReason = (reason: string) => score.payments.filter((p) => p.reason === reason).map(({ from, to, points }) => ({ from, to, points }));
    expect(byReason('contract')).toEqual([
      { from: DORA, to: ANNE, points: 8 },
      { from: BERT, to: ANNE, points: 8 },
      { from: CARL, to: ANNE, points: 8 },
    ]);
    expect(byReason('vierKoenige')).toEqual([
      { from: DORA, to: ANNE, points: 1 },
      { from: BERT, to: ANNE, points: 1 },
      { from: CARL, to: ANNE, points: 1 },
    ]);
    expect(byReason('zehnDruck')).toEqual([
      { from: DORA, to: BERT, points: 1 },
      { from: ANNE, to: BERT, points: 1 },
      { from: CARL, to: BERT, points: 1 },
    ]);
    expect(byReason('pfeifeRaus')).toEqual([
      { from: ANNE, to: DORA, points: 2 },
      { from: ANNE, to: BERT, points: 2 },
      { from: ANNE, to: CARL, points: 2 },
    ]);
    expect(score.payments).toHaveLength(12);
    // Anne receives 8 + 1 − 2 = 7 from each of 3 and pays Bert 1: 21 − 1 = 20.
    expect(score.net).toEqual([-8, 20, -4, -8]);
    expect(score.net.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('lets Bert win the last trick with the Stiess over the laid-out Pfeife, which was never forced', () => {
    const { events, tricks: won } = playExample(4, deal, names, before, tricks);
    expect(events.some((e) => e.type === 'pfeifeForced')).toBe(false);
    expect(won.at(-1)).toEqual({
      plays: [
        { seat: BERT, card: 'Stiess' },
        { seat: CARL, card: '8♣' },
        { seat: ANNE, card: '1' },
      ],
      winner: BERT,
    });
  });
});
