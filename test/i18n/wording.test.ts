/**
 * Lines whose German once read wrong, rendered through the real renderers in both languages: Réunion's deal score
 * says how many card points the dealer discarded (it once read "the discard counts 0" for a pointless discard, as if
 * the discard did not count), and Dreierles' knock prompt says how many knocks were made so far (it once said
 * "bisher 2" without saying what).
 */
import { describe, expect, it } from 'vitest';
import { seededRng } from '../../src/cards/random.ts';
import { dreierlesUi } from '../../src/discord/games/dreierles/index.ts';
import { reunionUi } from '../../src/discord/games/reunion/index.ts';
import * as dreierles from '../../src/games/dreierles/index.ts';
import * as reunion from '../../src/games/reunion/index.ts';
import { localeOf } from '../../src/i18n/index.ts';

const NAMES = ['Anna', 'Bernd', 'Catrin'];
const json = (payload: unknown) => JSON.parse(JSON.stringify(payload));

describe('Réunion: the deal score and the dealer’s discard', () => {
  /** A deal's score line in a language, the card points of the cards the dealer discarded, and the engine's count of them. */
  interface Scored {
    line: (lang: 'de' | 'en') => string;
    discarded: number;
    scored: number;
  }

  /** Each ordinary deal's score event of seeded random games, with the card points of the discard the dealer made in it. */
  function scoredDeals(games: number): Scored[] {
    const rng = seededRng('wording-discard');
    const out: Scored[] = [];
    for (let g = 0; g < games; g++) {
      let s = reunion.setup(reunion.DEFAULT_OPTIONS, 3, `wording-${g}`);
      let discarded = -1;
      for (let seat = reunion.toAct(s)[0]; seat !== undefined; seat = reunion.toAct(s)[0]) {
        const moves = reunion.legalMoves(s, seat);
        const move = moves[Math.floor(rng() * moves.length)]!;
        if (move.type === 'discard') discarded = move.cards.reduce((sum, c) => sum + reunion.cardPoints(c, s.trump), 0);
        const r = reunion.applyOrThrow(s, seat, move);
        s = r.state;
        const v = reunion.view(s, null);
        for (const e of r.events)
          if (e.type === 'dealScored')
            out.push({ line: (lang) => reunionUi.narrate(localeOf(lang), [e], NAMES, v)[0]!, discarded, scored: e.score.discardPoints });
      }
    }
    return out;
  }

  it('states the card points the dealer discarded, also when there are none', () => {
    const deals = scoredDeals(12);
    expect(deals.some((d) => d.discarded === 0)).toBe(true);
    expect(deals.some((d) => d.discarded > 0)).toBe(true);
    for (const d of deals) {
      expect(d.scored).toBe(d.discarded);
      expect(d.line('de')).toMatch(new RegExp(`^\\*\\*Spiel \\d abgerechnet\\*\\*: .* \\(der Geber hat ${d.discarded} Kartenpunkte gedrückt\\)\\.$`));
      expect(d.line('en')).toMatch(new RegExp(`^\\*\\*Deal \\d scored\\*\\*: .* \\(the dealer's discard held ${d.discarded} card points\\)\\.$`));
    }
  });
});

describe('Dreierles: the knock prompt', () => {
  it('says how many knocks were made so far, in both languages', () => {
    let s = dreierles.setup({ ...dreierles.DEFAULT_DREIERLES_OPTIONS, rounds: 1, maxKnocks: 3 }, 3, 'wording-knocks');
    const seen = new Set<number>();
    for (let seat = dreierles.toAct(s)[0]; seat !== undefined && s.dealNo === 0; seat = dreierles.toAct(s)[0]) {
      const moves = dreierles.legalMoves(s, seat);
      if (s.phase === 'knock') {
        const v = dreierles.view(s, seat);
        const prompt = (lang: 'de' | 'en') => json(dreierlesUi.hand(localeOf(lang), v, NAMES, 'stamp', [])).content as string;
        expect(prompt('de')).toContain(`**Klopfen?** Jedes Klopfen verdoppelt das Spiel (bisher geklopft: ${s.knocks}).`);
        expect(prompt('en')).toContain(`**Knock?** Each knock doubles the game (knocks so far: ${s.knocks}).`);
        seen.add(s.knocks);
      }
      // Bid Dreier, then knock whenever one may: every count from none to the most.
      const move = moves.find((m) => m.type === 'knock') ?? moves.find((m) => m.type === 'bid') ?? moves[0]!;
      s = dreierles.applyOrThrow(s, seat, move).state;
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});
