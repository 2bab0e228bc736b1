/**
 * Hands with card faces: with emojis deployed a card's face is looked up in the reader's style (every hand of every
 * game carrying it on each card button is checked with the card rule, test/discord/card-rule.test.ts). Without
 * emojis the buttons are text only, and the start says so in one log line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHand as dreierlesHand } from '../../src/discord/games/dreierles/hand.ts';
import { cardEmoji, hasCardEmojis, startCardEmojis, useCardEmojis } from '../../src/discord/render/card-emojis.ts';
import { FACE_CARDS, faceCode } from '../../src/faces/cards.ts';
import type { CardEmojis } from '../../src/faces/emoji-ids.ts';
import { FACE_STYLES, styleCode } from '../../src/faces/style.ts';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';

const names = ['anna', 'bernd', 'catrin', 'dora', 'emil', 'frieda'];
const STAMP = 'abcdef1234.123456';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (payload: unknown): Json => JSON.parse(JSON.stringify(payload)) as Json;

/** A deploy's record with a distinct snowflake per style and card; names as the deploy makes them. */
function fakeEmojis(): CardEmojis {
  const styles: CardEmojis['styles'] = {};
  FACE_STYLES.forEach((style, s) => {
    styles[styleCode(style)] = Object.fromEntries(
      FACE_CARDS.map((card, i) => [card, { id: String(100000000000000000n + BigInt(s * 1000 + i)), name: `sc_${faceCode(card)}_0000000${s}` }]),
    );
  });
  return { application: '123456789012345678', styles };
}
const EMOJIS = fakeEmojis();

afterEach(() => useCardEmojis(null));

/** The card buttons of a hand payload (those whose custom_id plays, toggles, discards or gives a card). */
function buttons(payload: Json): Json[] {
  return (payload.components as Json[]).flatMap((row) => (row.components as Json[]).filter((c) => c.type === 2));
}

describe('hands with card faces', () => {
  it('look up the face by the reader: German court letters for German readers, Rommé ids by their label', () => {
    useCardEmojis(EMOJIS, 'four');
    expect(cardEmoji(localeOf('de'), 'Q♠')).toEqual(EMOJIS.styles.d4?.['Q♠']);
    expect(cardEmoji(ENGLISH, 'Q♠')).toEqual(EMOJIS.styles.e4?.['Q♠']);
    expect(cardEmoji(ENGLISH, '7♥/1')).toEqual(EMOJIS.styles.e4?.['7♥']);
    expect(cardEmoji(ENGLISH, 'Joker/3')).toEqual(EMOJIS.styles.e4?.Joker);
    useCardEmojis(null);
    expect(cardEmoji(ENGLISH, 'Q♠')).toBeNull();
  });

  it('without emojis: text-only card buttons as before', () => {
    expect(hasCardEmojis()).toBe(false);
    const s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, 3, 'faces-none');
    const payload = json(dreierlesHand(ENGLISH, dreierles.view(s, 0), names, STAMP, []));
    const cards = buttons(payload).filter((b) => /:(p|t)\./.test(String(b.custom_id)));
    expect(cards.length).toBeGreaterThan(10);
    for (const b of cards) expect(b.emoji).toBeUndefined();
    expect(cards.some((b) => b.style === 4)).toBe(true); // red suits stay red buttons
  });
});

describe('at start', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });
  const logger = () => {
    const lines: string[] = [];
    return { lines, info: (msg: string) => lines.push(msg) };
  };

  it('uses a deploy of this application and says so in one line; a missing, broken or foreign file means text, said once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stammtisch-faces-'));
    const file = join(dir, 'card-emojis.json');
    const missing = logger();
    expect(startCardEmojis(file, EMOJIS.application, 'two', missing)).toBe(false);
    expect(missing.lines).toEqual([expect.stringContaining('none deployed')]);
    expect(hasCardEmojis()).toBe(false);

    await writeFile(file, '{"application": "1", "styles": 3}');
    const broken = logger();
    expect(startCardEmojis(file, EMOJIS.application, 'two', broken)).toBe(false);
    expect(broken.lines).toEqual([expect.stringContaining('text labels')]);

    await writeFile(file, JSON.stringify(EMOJIS));
    const foreign = logger();
    expect(startCardEmojis(file, '999', 'two', foreign)).toBe(false);
    expect(foreign.lines).toEqual([expect.stringContaining('not 999')]);
    expect(hasCardEmojis()).toBe(false);

    const used = logger();
    expect(startCardEmojis(file, EMOJIS.application, 'four', used)).toBe(true);
    expect(used.lines).toEqual(['card emojis: in use (four-colour faces)']);
    expect(cardEmoji(ENGLISH, '7♦')).toEqual(EMOJIS.styles.e4?.['7♦']);
  });
});
