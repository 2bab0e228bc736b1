/**
 * The review as players read it (src/discord/review/text.ts), in German and English: the costliest decision first with
 * its cost in the game's measure and the reader's decimal sign, then every hand as dealt, the discard and the tricks.
 */
import { describe, expect, it } from 'vitest';
import { reviewContent } from '../../src/discord/review/text.ts';
import type { DealReview } from '../../src/review/index.ts';
import { localeOf } from '../../src/i18n/index.ts';

const NAMES = ['Anna', 'Bernd', 'Carl'];

/** A Réunion deal review with made-up facts: Carl (seat 2) kept the right bower back from a trick with the left one. */
const REVIEW: DealReview = {
  dealNo: 1,
  seat: 2,
  facts: {
    hands: [
      { seat: 0, cards: ['J♦', 'A♠'] },
      { seat: 1, cards: ['7♣', '8♣'] },
      { seat: 2, cards: ['J♥', 'Q♠'] },
    ],
    hidden: [{ kind: 'discard', seat: 1, cards: ['9♠', '10♣'] }],
    tricks: [
      {
        plays: [
          { seat: 0, card: 'J♦' },
          { seat: 1, card: '7♣' },
          { seat: 2, card: 'Q♠' },
        ],
        winner: 0,
      },
    ],
  },
  costliest: [{ index: 7, played: { type: 'play', card: 'Q♠' }, best: { type: 'play', card: 'J♥' }, cost: 1.36 }],
  reviewed: 5,
};

describe('the review message', () => {
  it.each([
    [
      'en',
      [
        '🔍 **Review** · Réunion deal 2 · Carl',
        '1. You: Q♠ · better: J♥ · cost on average 1.36 units',
        'Anna: J♦ A♠',
        'Bernd discarded: 9♠ 10♣',
        '1. Anna J♦ · Bernd 7♣ · Carl Q♠ → Anna',
      ],
    ],
    [
      'de',
      [
        '🔍 **Analyse** · Réunion Spiel 2 · Carl',
        '1. Du: D♠ · besser: B♥ · kostete im Schnitt 1,36 Einheiten',
        'Anna: B♦ A♠',
        'Bernd hat gedrückt: 9♠ 10♣',
        '1. Anna B♦ · Bernd 7♣ · Carl D♠ → Anna',
      ],
    ],
  ] as const)('%s: decisions first, then the deal as dealt and played', (lang, lines) => {
    const text = reviewContent(localeOf(lang), 'reunion', 'Réunion', REVIEW, NAMES);
    const shown = text.split('\n');
    expect(shown[0]).toBe(lines[0]);
    for (const line of lines) expect(shown).toContain(line);
    expect(shown.indexOf(lines[1])).toBeLessThan(shown.indexOf(lines[2]));
  });

  it('says so when no decision cost anything', () => {
    const text = reviewContent(localeOf('en'), 'reunion', 'Réunion', { ...REVIEW, costliest: [] }, NAMES);
    expect(text).toContain("None of your 5 decisions cost anything by the computer's measure.");
  });
});
