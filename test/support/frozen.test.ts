/** The deep-frozen copies the bot tests hand computer players (test/support/frozen.ts). */
import { describe, expect, it } from 'vitest';
import { frozenCopy } from './frozen.ts';

describe('frozenCopy', () => {
  it('copies plain data deeply, freezes every level and leaves the original as it was', () => {
    const original = { hand: ['A♠', '10♥'], seats: [{ id: 1, won: [['K♦']] }], note: null, gone: undefined, n: -0 };
    const copy = frozenCopy(original);
    expect(copy).toStrictEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.seats[0]).not.toBe(original.seats[0]);
    for (const part of [copy, copy.hand, copy.seats, copy.seats[0], copy.seats[0]!.won, copy.seats[0]!.won[0]])
      expect(Object.isFrozen(part)).toBe(true);
    expect(() => (copy.hand as string[]).push('7♣')).toThrow(TypeError);
    expect(() => ((copy.seats[0] as { id: number }).id = 2)).toThrow(TypeError);
    expect(Object.isFrozen(original) || Object.isFrozen(original.hand) || Object.isFrozen(original.seats[0])).toBe(false);
    original.hand.push('7♣');
    expect(copy.hand).toEqual(['A♠', '10♥']);
  });

  it('refuses what is not plain data', () => {
    expect(() => frozenCopy({ seen: new Set(['A♠']) })).toThrow(/not plain data/);
    expect(() => frozenCopy([new Date(0)])).toThrow(/not plain data/);
  });
});
