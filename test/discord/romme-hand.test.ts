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
import { DEFAULT_ROMME_OPTIONS, type Meld, romme, type RommeOptions } from '../../src/games/romme/index.ts';

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
});
