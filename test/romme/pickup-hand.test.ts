/**
 * The hand's Suggestions with the option that a card taken from the pile must be melded: they set aside melds
 * that place the card taken (the hand, whose most valuable melds leave 8♣ out), and those melds are
 * legal as staged. Rule source: docs/rules/romme.md § A turn (the pick-up Decision).
 */
import { describe, expect, it } from 'vitest';
import { parseHand } from '../../src/discord/games/romme/hand.ts';
import { decodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { labelOf } from '../../src/games/romme/pack.ts';
import { applyOrThrow, bestMelds, checkMove, view } from '../../src/games/romme/index.ts';
import { arrange } from './table.ts';

describe('Suggestions after taking a card that must be melded', () => {
  const s = arrange({
    options: { discardPickupMustBeMelded: true },
    hands: ['10♦ 4♥ 8♠ Joker 5♥ Joker 9♦ 3♥ K♦ A♠ A♠ 10♠ 2♠', '3♣ 6♦ 10♣'],
    discard: '8♣',
  });
  const drawn = applyOrThrow(s, 0, { type: 'draw', from: 'discard' }).state;
  const v = view(drawn, 0);

  it('set aside melds with the card taken, which the engine accepts', () => {
    const taken = drawn.takenFromDiscard as string;
    expect(labelOf(taken)).toBe('8♣');
    // The finder's best melds alone would leave 8♣ in hand.
    expect(bestMelds(v.hand, v.options).melds.some((f) => f.cards.includes(taken))).toBe(false);
    const action = parseHand(ENGLISH, 'sg', v, []);
    expect(action?.kind).toBe('select');
    if (action?.kind !== 'select') return;
    const sel = decodeSelection(action.selection[0] as string, sortRomme(v.hand));
    expect(sel?.staged.flatMap((g) => g.cards)).toContain(taken);
    expect(checkMove(drawn, 0, { type: 'meld', groups: sel!.staged })).toBeNull();
    expect(action.note).toMatch(/Meld/);
  });
});
