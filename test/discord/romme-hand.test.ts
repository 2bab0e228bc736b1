/**
 * The Rommé hand UI asks what a joker stands for whenever it could mean more than one card, offers the
 * strict set swap, gives advice (not a staged meld) before the draw, and the narration never names the card
 * a player goes out with.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.ts';
import { parseHand, renderHand } from '../../src/discord/games/romme/hand.ts';
import { narrate } from '../../src/discord/games/romme/narrate.ts';
import { encodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import {
  applyOrThrow,
  DEFAULT_ROMME_OPTIONS,
  type Meld,
  romme,
  type RommeMove,
  type RommeOptions,
  type RommeState,
} from '../../src/games/romme/index.ts';
import type { HandAction } from '../../src/discord/games/types.ts';
import { arrange } from '../romme/table.ts';

const names = ['anna', 'bernd', 'catrin'];
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The hand view of the seat to move, with `hand` and `melds` arranged, in the play phase after a first meld. */
function viewWith(hand: string[], melds: Meld[], options: Partial<RommeOptions> = {}, phase: 'draw' | 'play' = 'play') {
  const base = romme.setup({ ...DEFAULT_ROMME_OPTIONS, ...options }, 3, 'hand-ui');
  const state = {
    ...base,
    hands: base.hands.map((h, s) => (s === base.turn ? hand : h)),
    melds,
    phase,
    hasMelded: [true, true, true],
    meldedBeforeTurn: true,
  };
  return romme.view(state, base.turn);
}

const swapOptions = (payload: Json) =>
  JSON.parse(JSON.stringify(payload))
    .components.flatMap((r: Json) => r.components)
    .find((c: Json) => c.custom_id?.split(':')[3]?.startsWith('w~'))?.options ?? [];

/** Enabled controls of a rendered hand by their payload (the custom_id after `st:g:<stamp>:`), with their label, type and options. */
function controlsOf(payload: Json): { payload: string; label: string; select: boolean; options: { value: string; label: string }[] }[] {
  return JSON.parse(JSON.stringify(payload))
    .components.flatMap((r: Json) => r.components)
    .filter((c: Json) => c.custom_id?.startsWith('st:g:') && !c.disabled)
    .map((c: Json) => ({ payload: c.custom_id.split(':').slice(3).join(':'), label: c.label ?? '', select: c.type === 3, options: c.options ?? [] }));
}

/**
 * One use of a hand control: a card button by its label (`card`), another button by its payload or payload kind
 * (`button`: `ds`, `p`, `m`…), or a select menu by its payload kind (`menu`) and the option to choose.
 */
type Press = { card: string } | { button: string; label?: string } | { menu: string; option: (o: { value: string; label: string }) => boolean };

/**
 * Use the hand's controls for the seat to move in `state`, as the bot would answer them, starting from a freshly
 * opened hand: each select re-renders the hand with the new selection, each move is applied and the hand shown anew.
 * Counts clicks as a player makes them: a button is one click, a select menu two (open it, choose).
 */
function pressHand(state: RommeState, presses: Press[]) {
  let s = state;
  const seat = state.turn;
  let selection: string[] = [];
  let action: HandAction | null = null;
  const moves: RommeMove[] = [];
  let clicks = 0;
  for (const press of presses) {
    const view = romme.view(s, seat);
    const payload = renderHand(ENGLISH, view, names, 'ab.1.0', selection, undefined);
    const controls = controlsOf(payload);
    const control =
      'card' in press
        ? controls.find((c) => !c.select && c.label === press.card)
        : 'button' in press
          ? controls.find(
              (c) =>
                !c.select &&
                (c.payload === press.button || c.payload.startsWith(`${press.button}~`)) &&
                (press.label === undefined || c.label === press.label),
            )
          : controls.find((c) => c.select && (c.payload === press.menu || c.payload.startsWith(`${press.menu}~`)));
    expect(control, `${JSON.stringify(press)} on the hand: ${JSON.stringify(controls.map((c) => c.payload))}`).toBeDefined();
    const values =
      'menu' in press
        ? control!.options
            .filter((o) => press.option(o))
            .map((o) => o.value)
            .slice(0, 1)
        : [];
    if ('menu' in press) expect(values.length, `${press.menu}: ${JSON.stringify(control!.options)}`).toBe(1);
    clicks += 'menu' in press ? 2 : 1;
    action = parseHand(ENGLISH, control!.payload, view, values);
    expect(action, JSON.stringify(press)).not.toBeNull();
    if (action!.kind === 'select') selection = action!.selection;
    else {
      const move = action!.move as RommeMove;
      moves.push(move);
      s = applyOrThrow(s, seat, move).state;
      selection = [];
    }
  }
  return { action, clicks, moves, state: s };
}

describe('Rommé hand', () => {
  it('asks where the freed joker goes when the new run could be read two ways', () => {
    const run: Meld = { no: 1, owner: 1, kind: 'run', suit: '♥', start: 4, cards: ['4♥/0', 'Joker/0', '6♥/0'] };
    const hand = ['5♥/0', '9♣/0', '10♣/0'];
    const view = viewWith(hand, [run]);
    const sorted = sortRomme(hand);
    const payload = renderHand(ENGLISH, view, names, 'ab.1.0', [encodeSelection({ staged: [], selected: hand }, sorted)]);
    const values = swapOptions(payload).map((o: Json) => o.value);
    expect(values).toHaveLength(2);
    expect(values.map((v: string) => v.split('@')[1]).sort()).toEqual(['8', '9']);
    const action = parseHand(ENGLISH, `w~${encodeSelection({ staged: [], selected: hand }, sorted)}`, view, [values[0]]);
    expect(action).toMatchObject({ kind: 'move', move: { type: 'swap', meld: 1, naturals: ['5♥/0'] } });
    expect((action as Json).move.start).toBeDefined();
  });

  it('offers the strict set swap with both missing cards', () => {
    const set: Meld = { no: 1, owner: 1, kind: 'set', rank: 7, cards: ['7♥/0', '7♣/0', 'Joker/0'] };
    const hand = ['7♠/0', '7♦/0', '9♣/0', '10♣/0'];
    const view = viewWith(hand, [set], { strictSetSwap: true });
    const sorted = sortRomme(hand);
    const options = swapOptions(renderHand(ENGLISH, view, names, 'ab.1.0', [encodeSelection({ staged: [], selected: hand }, sorted)]));
    expect(options.length).toBeGreaterThan(0);
    const action = parseHand(ENGLISH, `w~${encodeSelection({ staged: [], selected: hand }, sorted)}`, view, [options[0].value]);
    expect((action as Json).move.naturals.sort()).toEqual(['7♠/0', '7♦/0']);
  });

  it('gives advice, not a staged meld, before the draw', () => {
    const view = viewWith(['7♠/0', '7♦/0', '7♣/0', 'K♥/0'], [], {}, 'draw');
    const action = parseHand(ENGLISH, 'sg', view, []);
    expect(action).toMatchObject({ kind: 'select', selection: [] });
    expect((action as Json).note).toMatch(/After you draw/);
  });

  it('does not name the card a player goes out with', () => {
    const lines = narrate(
      ENGLISH,
      [
        { type: 'discarded', seat: 0, card: 'Q♠/1' },
        { type: 'wentOut', seat: 0, handRomme: false },
      ],
      names,
    );
    expect(lines.join('\n')).not.toContain('Q♠');
    expect(lines[0]).toMatch(/last card face down/);
  });

  describe('strict set swap of both jokers from a set of two naturals and two jokers, by the hand’s controls', () => {
    const strict = (hand: string) => {
      const state = arrange({
        options: { strictSetSwap: true },
        hands: [hand, '2♣ 3♣ 4♣'],
        melds: [
          { owner: 1, cards: '7♥ 7♣ Joker Joker' },
          { owner: 0, cards: 'A♦ 2♦ 3♦' },
        ],
        phase: 'play',
      });
      return { state, id: (label: string) => state.hands[0]!.find((c) => c.startsWith(`${label}/`))! };
    };

    it.each([
      { what: 'the jokers melded with 8♥ 8♣ into a set', hand: '7♠ 7♦ 8♥ 8♣ K♦', picked: '7♠ 7♦ 8♥ 8♣', freedWith: '8♥ 8♣' },
      { what: 'the jokers melded with 9♣ 10♣ into a run', hand: '7♠ 7♦ 9♣ 10♣ K♦', picked: '7♠ 7♦ 9♣ 10♣', freedWith: '9♣ 10♣' },
      { what: 'the other 7♥ staying for the new run', hand: '7♠ 7♦ 7♥ 8♥ K♦', picked: '7♠ 7♦ 7♥ 8♥', freedWith: '7♥ 8♥' },
    ])('$what: Pick cards, the four cards, then the swap named by the meld’s cards — seven clicks', ({ hand, picked, freedWith }) => {
      const { state, id } = strict(hand);
      const { action, clicks } = pressHand(state, [
        { button: 'p' },
        ...picked.split(' ').map((card) => ({ card })),
        { menu: 'w', option: (o) => o.label.startsWith('#1 7♥ 7♣ Joker(') && o.label.includes(': 7♠ 7♦ for the jokers → ') },
      ]);
      expect(clicks).toBe(7);
      expect(action?.kind).toBe('move');
      const move = (action as { move: RommeMove }).move as Extract<RommeMove, { type: 'swap' }>;
      expect(move).toMatchObject({ type: 'swap', meld: 1 });
      expect(move.naturals.slice().sort()).toEqual([id('7♠'), id('7♦')].sort());
      expect(move.cards.slice().sort()).toEqual(freedWith.split(' ').map(id).sort());
      const after = applyOrThrow(state, 0, move).state;
      expect(after.melds[0]!.cards.some((c) => c.startsWith('Joker'))).toBe(false);
      expect(after.melds[0]!.cards).toHaveLength(4);
      expect(after.melds[2]!.cards.filter((c) => c.startsWith('Joker'))).toHaveLength(2);
      expect(after.hands[0]).toEqual([id('K♦')]);
    });

    it('offers no swap of one natural card into that set under strict set swap', () => {
      const { state, id } = strict('7♠ 8♥ 8♣ 8♦ K♦');
      const view = romme.view(state, 0);
      const sorted = sortRomme(view.hand);
      const selected = ['7♠', '8♥', '8♣', '8♦'].map(id);
      const options = swapOptions(renderHand(ENGLISH, view, names, 'ab.1.0', [encodeSelection({ staged: [], selected }, sorted)]));
      expect(options.filter((o: Json) => o.label.startsWith('#1'))).toEqual([]);
    });
  });

  describe('clicks per kind of turn, counted from an open hand (a button one click, a menu two)', () => {
    it('a plain turn — draw, then discard one card — takes two clicks', () => {
      const state = arrange({ hands: ['A♣ 3♣ 5♣ 7♥ 9♥ J♥ 2♠ 4♠ 6♠ 8♦ 10♦ Q♦ K♦', '2♣ 4♣ 6♣'], stockTop: '9♣', phase: 'draw' });
      const { clicks, moves, state: after } = pressHand(state, [{ button: 'ds' }, { card: 'K♦' }]);
      expect(clicks).toBe(2);
      expect(moves.map((m) => m.type)).toEqual(['draw', 'discard']);
      expect(after.hands[0]).toHaveLength(13);
      expect(after.discardPile.at(-1)).toMatch(/^K♦\//);
    });

    it('a three-card meld takes five clicks: Pick cards, the three cards, Meld', () => {
      const state = arrange({ hands: ['7♥ 8♥ 9♥ K♠ 2♦', '2♣ 3♣ 4♣'], melds: [{ owner: 0, cards: 'Q♠ Q♥ Q♦' }], phase: 'play' });
      const { clicks, moves } = pressHand(state, [{ button: 'p' }, { card: '7♥' }, { card: '8♥' }, { card: '9♥' }, { button: 'm' }]);
      expect(clicks).toBe(5);
      expect(moves).toEqual([{ type: 'meld', groups: [{ cards: ['7♥/0', '8♥/0', '9♥/0'] }] }]);
    });

    it('a three-card run whose joker could sit at either end takes five clicks: one Meld button per place', () => {
      const state = arrange({ hands: ['9♠ 10♠ Joker K♥ 2♦', '2♣ 3♣ 4♣'], melds: [{ owner: 0, cards: 'Q♠ Q♥ Q♦' }], phase: 'play' });
      const { clicks, moves } = pressHand(state, [
        { button: 'p' },
        { card: '9♠' },
        { card: '10♠' },
        { card: 'Joker' },
        { button: 'A9', label: 'Meld 9♠ 10♠ Joker(J♠)' },
      ]);
      expect(clicks).toBe(5);
      expect(moves).toEqual([{ type: 'meld', groups: [{ cards: ['9♠/0', '10♠/0', 'Joker/0'], start: 9 }] }]);
    });

    it('a meld chosen from the menu of melds the hand can make takes three clicks: the menu, then Meld', () => {
      const state = arrange({ hands: ['7♥ 8♥ 9♥ K♠ 2♦', '2♣ 3♣ 4♣'], melds: [{ owner: 0, cards: 'Q♠ Q♥ Q♦' }], phase: 'play' });
      const { clicks, moves } = pressHand(state, [{ menu: 'P', option: (o) => o.label === '7♥ 8♥ 9♥ (24)' }, { button: 'm' }]);
      expect(clicks).toBe(3);
      expect(moves).toEqual([{ type: 'meld', groups: [{ cards: ['7♥/0', '8♥/0', '9♥/0'] }] }]);
    });

    it('a first meld set aside by Suggestions takes two clicks', () => {
      const state = arrange({ hands: ['Q♠ Q♥ Q♦ K♣ K♥ K♦ 2♣', '2♦ 3♦ 4♦'], phase: 'play' });
      const { clicks, moves } = pressHand(state, [{ button: 'sg' }, { button: 'm' }]);
      expect(clicks).toBe(2);
      expect(moves[0]).toMatchObject({ type: 'meld' });
      expect((moves[0] as Extract<RommeMove, { type: 'meld' }>).groups).toHaveLength(2);
    });

    it('a lay-off is one choice of card and target, the target named by its cards: two clicks', () => {
      const state = arrange({ hands: ['6♦ K♠ 2♣', '2♥ 3♥ 4♥'], melds: [{ owner: 1, cards: '7♦ 8♦ 9♦' }], melded: [0, 1], phase: 'play' });
      const { clicks, moves } = pressHand(state, [{ menu: 'P', option: (o) => o.label === '6♦ on #1 7♦ 8♦ 9♦' }]);
      expect(clicks).toBe(2);
      expect(moves).toEqual([{ type: 'layOff', meld: 1, card: '6♦/0' }]);
    });

    it('a lay-off from picked cards names the target by its cards, and a joker’s end when both fit', () => {
      const state = arrange({ hands: ['Joker K♠ 2♣', '2♥ 3♥ 4♥'], melds: [{ owner: 1, cards: '7♦ 8♦ 9♦' }], melded: [0, 1], phase: 'play' });
      const { clicks, moves } = pressHand(state, [
        { button: 'p' },
        { card: 'Joker' },
        { menu: 'l', option: (o) => o.label === '#1 7♦ 8♦ 9♦, high end' },
      ]);
      expect(clicks).toBe(4);
      expect(moves).toEqual([{ type: 'layOff', meld: 1, card: 'Joker/0', end: 'high' }]);
    });

    it('a joker swap: Pick cards, the card for the joker and the cards for the new meld, then the target — six clicks', () => {
      const state = arrange({ hands: ['5♥ 9♣ 10♣ K♦', '2♥ 3♥ 4♦'], melds: [{ owner: 1, cards: '4♥ Joker 6♥' }], melded: [0, 1], phase: 'play' });
      const { clicks, moves } = pressHand(state, [
        { button: 'p' },
        { card: '5♥' },
        { card: '9♣' },
        { card: '10♣' },
        { menu: 'w', option: (o) => o.label.startsWith('#1 4♥ Joker(5♥) 6♥: 5♥ for the joker → ') },
      ]);
      expect(clicks).toBe(6);
      expect(moves[0]).toMatchObject({ type: 'swap', meld: 1, naturals: ['5♥/0'], cards: ['9♣/0', '10♣/0'] });
    });

    it('Back leaves pick mode: a card click discards again', () => {
      const state = arrange({ hands: ['7♥ 8♥ K♠', '2♣ 3♣ 4♣'], melds: [{ owner: 0, cards: 'Q♠ Q♥ Q♦' }], phase: 'play' });
      const { clicks, moves } = pressHand(state, [{ button: 'p' }, { card: '7♥' }, { button: 'c' }, { card: 'K♠' }]);
      expect(clicks).toBe(4);
      expect(moves).toEqual([{ type: 'discard', card: 'K♠/0' }]);
    });
  });

  describe('the hand shows the table', () => {
    const state = arrange({
      hands: ['6♦ K♠ 2♣', '2♥ 3♥ 4♥ 5♠', 'A♠ 3♠ 10♥'],
      melds: [
        { owner: 1, cards: '7♦ 8♦ 9♦' },
        { owner: 2, cards: 'Q♠ Q♥ Joker' },
      ],
      discard: '8♣',
      stockTop: 'J♣',
      phase: 'play',
      melded: [0, 1, 2],
    });
    const text = (seat: number, selection: string[] = []) =>
      renderHand(ENGLISH, romme.view(state, seat), names, 'ab.1.0', selection).content as string;

    it('shows the melds by number and cards, the pile, the stock, whose turn and the penalty totals', () => {
      const t = text(0);
      expect(t).toContain('**#1** 7♦ 8♦ 9♦ · bernd');
      expect(t).toContain('**#2** Q♠ Q♥ Joker(Q♣/Q♦) · catrin');
      expect(t).toContain(`Stock: ${state.stock.length} cards · discard pile: **8♣**`);
      expect(t).toContain(
        'Players: ▶ **anna** 3 cards, 0 penalty points · **bernd** 4 cards, 0 penalty points · **catrin** 3 cards, 0 penalty points',
      );
    });

    it('never shows another player’s hand', () => {
      for (const seat of [0, 1, 2]) {
        const payload = JSON.stringify(renderHand(ENGLISH, romme.view(state, seat), names, 'ab.1.0', []));
        for (const other of [0, 1, 2].filter((s) => s !== seat))
          for (const card of state.hands[other]!) expect(payload, `seat ${seat} sees ${card}`).not.toContain(card.split('/')[0]);
      }
    });
  });
});
