/**
 * The faster Keyv format (src/store/keyv-format.ts) writes the very text Keyv's own serializer writes and reads back
 * what Keyv's own parser reads, for whole game states and for the strings Keyv escapes (a leading ":", Buffers).
 */
import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { reunion } from '../../src/games/reunion/index.ts';
import { DEFAULT_ROMME_OPTIONS, romme } from '../../src/games/romme/index.ts';
import type { GameDefinition } from '../../src/games/types.ts';
import { fasterFormat } from '../../src/store/keyv-format.ts';

const keyvs = new Keyv();
const fast = new Keyv();
fasterFormat(fast);

/** The states of a seeded game, move by move (first legal move each turn). */
function states<S, M>(
  game: GameDefinition<S, M, unknown, unknown, unknown, unknown, unknown, string>,
  options: unknown,
  seats: number,
  seed: string,
): S[] {
  const out: S[] = [];
  let s = game.setup(options as never, seats, seed);
  for (let i = 0; i < 60 && game.toAct(s).length; i++) {
    out.push(s);
    const seat = game.toAct(s)[0]!;
    const r = game.apply(s, seat, game.legalMoves(s, seat)[0]!);
    if (!r.ok) break;
    s = r.state;
  }
  return out;
}

/** Names Keyv writes as they are (the native path), and names it escapes (its own path). */
const NAMES = [
  ['Anna', 'quote " and \\ backslash', 'Jörg 🂡'],
  [':)', '::double', ':base64:notreally'],
];

const VALUES: unknown[] = [
  ...states(reunion as never, { piererTiers: false }, 3, 'kf-r'),
  ...states(dreierles as never, DEFAULT_DREIERLES_OPTIONS, 3, 'kf-d'),
  ...states(romme as never, DEFAULT_ROMME_OPTIONS, 4, 'kf-m'),
].map((state, i) => ({ value: { id: `t${i}`, names: NAMES[i % 2], state }, expires: i % 2 ? undefined : 1_800_000_000_000 }));

describe('the faster Keyv format', () => {
  it('writes what Keyv writes and reads what Keyv reads, for game states with every kind of name', async () => {
    expect(VALUES.length).toBeGreaterThan(100);
    for (const data of VALUES) {
      const text = await keyvs.serialize!(data as never);
      expect(await fast.serialize!(data as never)).toBe(text);
      expect(await fast.deserialize!(text)).toEqual(await keyvs.deserialize!(text));
    }
  });

  it.each([
    [':leading colon', { value: ':x' }],
    ['a key with a colon', { value: { ':k': 'v' } }],
    ['an array of colon strings', { value: ['a', ':b', '::c'] }],
    ['a Buffer', { value: Buffer.from('hello') }],
    ['plain text with colons inside', { value: 'a:b "c":d' }],
    ['undefined inside', { value: { a: undefined, b: [1, null] } }],
  ])('%s', async (_, data) => {
    const text = await keyvs.serialize!(data as never);
    expect(await fast.serialize!(data as never)).toBe(text);
    expect(await fast.deserialize!(text)).toEqual(await keyvs.deserialize!(text));
  });
});
