/**
 * Every hand message stays within Discord's limits (5 rows, 5 buttons a row, one select per row with at
 * most 25 options, custom_id ≤ 100, content ≤ 2000) for any hand size a game can reach.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH, LANGS, localeOf } from '../../src/i18n/index.ts';
import { rommePack } from '../../src/games/romme/pack.ts';
import { renderHand as dreierlesHand } from '../../src/discord/games/dreierles/hand.ts';
import { renderHand as rommeHand } from '../../src/discord/games/romme/hand.ts';
import { encodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { DEFAULT_ROMME_OPTIONS, type Meld, romme } from '../../src/games/romme/index.ts';
import { messageProblems } from '../support/fake-discord.ts';
import { describeReason } from '../../src/games/types.ts';

const names = ['anna', 'bernd', 'catrin', 'dora', 'emil', 'frieda'];
const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));

describe('Rommé hand within Discord limits', () => {
  it.each([1, 3, 13, 14, 15, 20, 25])('%i cards, selections of every size, 40 melds on the table', (size) => {
    const base = romme.setup(DEFAULT_ROMME_OPTIONS, 6, 'limits');
    const pack = rommePack(6);
    const hand = [...pack.slice(0, size - 2), 'Joker/0', 'Joker/1'].slice(-size);
    const melds: Meld[] = Array.from({ length: 40 }, (_, i) => ({
      no: i + 1,
      owner: i % 6,
      kind: 'set',
      rank: (i % 13) + 1,
      cards: [`${['A', '2', '3'][i % 3]}♣/1`, 'Joker/5', `K♦/1`],
    }));
    const state = {
      ...base,
      hands: base.hands.map((h, s) => (s === base.turn ? hand : h)),
      melds,
      phase: 'play' as const,
      hasMelded: base.hasMelded.map(() => true),
      meldedBeforeTurn: true,
    };
    const view = romme.view(state, base.turn);
    const sorted = sortRomme(hand);
    for (let k = 0; k <= Math.min(size, 25); k += Math.max(1, Math.floor(size / 5))) {
      const selection = [encodeSelection({ staged: [], selected: sorted.slice(0, k) }, sorted)];
      expect(messageProblems(json(rommeHand(ENGLISH, view, names, 'abcdef1234.123456', selection)))).toEqual([]);
    }
    // Discard mode (nothing picked: every lay-off in one menu), the draw phase and another player's turn, in both languages.
    const views = [view, romme.view({ ...state, phase: 'draw' }, base.turn), romme.view(state, (base.turn + 1) % 6)];
    for (const lang of LANGS)
      for (const v of views) expect(messageProblems(json(rommeHand(localeOf(lang), v, names, 'abcdef1234.123456', [])))).toEqual([]);
  });
});

describe('Dreierles hand within Discord limits', () => {
  it('fits 19 cards plus controls in every phase of many deals', () => {
    let checked = 0;
    for (let g = 0; g < 30; g++) {
      let s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, 3, `limits-${g}`);
      for (let step = 0; step < 30 && dreierles.toAct(s).length; step++) {
        const seat = dreierles.toAct(s)[0]!;
        for (let v = 0; v < 3; v++) {
          expect(messageProblems(json(dreierlesHand(ENGLISH, dreierles.view(s, v), names, 'abcdef1234.123456', [])))).toEqual([]);
          checked++;
        }
        const moves = dreierles.legalMoves(s, seat);
        const bid = moves.find((m) => m.type === 'bid');
        const r = dreierles.apply(s, seat, bid ?? moves[0]!);
        if (!r.ok) throw new Error(describeReason(r.reason));
        s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
