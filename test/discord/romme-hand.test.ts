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

/** Enabled controls of a rendered hand by their payload (the custom_id after `st:g:<stamp>:`), with their options. */
function controlsOf(payload: Json): { payload: string; options: { value: string; label: string }[] }[] {
  return JSON.parse(JSON.stringify(payload))
    .components.flatMap((r: Json) => r.components)
    .filter((c: Json) => c.custom_id?.startsWith('st:g:') && !c.disabled)
    .map((c: Json) => ({ payload: c.custom_id.split(':').slice(3).join(':'), options: c.options ?? [] }));
}

/**
 * Press the hand's controls for the seat to move in `state`, as the bot would answer them: each step picks the
 * control whose payload starts with `kind` on the hand rendered from the selection so far and chooses `values` in
 * it (cards by id in the card menu, else option values). Returns the action of the last step and how many presses.
 */
function pressHand(state: RommeState, steps: { kind: string; cards?: string[]; option?: (o: { value: string; label: string }) => boolean }[]) {
  const view = romme.view(state, state.turn);
  const sorted = sortRomme(view.hand);
  let selection: string[] = [];
  let action: HandAction | null = null;
  for (const step of steps) {
    const control = controlsOf(renderHand(ENGLISH, view, names, 'ab.1.0', selection)).find((c) => c.payload.startsWith(`${step.kind}~`));
    expect(control, `a ${step.kind} control on the hand`).toBeDefined();
    const values = step.cards
      ? step.cards.map((c) => sorted.indexOf(c).toString(36))
      : control!.options
          .filter((o) => step.option!(o))
          .map((o) => o.value)
          .slice(0, 1);
    expect(values.length, `${step.kind}: ${JSON.stringify(control!.options)}`).toBeGreaterThan(0);
    for (const v of values) expect(control!.options.map((o) => o.value)).toContain(v);
    action = parseHand(ENGLISH, control!.payload, view, values);
    if (action?.kind === 'select') selection = action.selection;
  }
  return { action, presses: steps.length };
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
    expect(action).toMatchObject({ kind: 'select', selection: ['_'] });
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
    ])('$what: pick four cards, then the swap — two presses', ({ hand, picked, freedWith }) => {
      const { state, id } = strict(hand);
      const { action, presses } = pressHand(state, [
        { kind: 's', cards: picked.split(' ').map(id) },
        { kind: 'w', option: (o) => o.label.startsWith('#1: 7♠ 7♦ for the jokers → ') },
      ]);
      expect(presses).toBe(2);
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
});
