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
import { cardEmoji, hasCardEmojis, startCardEmojis, useCardEmojis } from '../../src/discord/kit/card-emojis.ts';
import { FACE_CARDS, faceCode } from '../../src/faces/face-cards.ts';
import type { CardEmojis } from '../../src/faces/emoji-ids.ts';
import { renderFaceSet } from '../../src/faces/set.ts';
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
    return { lines, info: (msg: string) => lines.push(msg), warn: (_: unknown, msg: string) => lines.push(`warn: ${msg}`) };
  };
  /** The application's emojis as the deploy leaves them: every face of every style, by name. */
  const deployed = (): Map<string, string> => {
    const set = renderFaceSet();
    return new Map(set.faces.map((f, i) => [f.name, String(200000000000000000n + BigInt(i))]));
  };

  it("finds the deployed faces among the application's emojis, in the bot's colours, and says so in one line", async () => {
    dir = await mkdtemp(join(tmpdir(), 'stammtisch-faces-'));
    const file = join(dir, 'card-emojis.json');
    const byName = deployed();
    const log = logger();
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: async () => byName }, 'four', log)).toBe(true);
    expect(log.lines).toEqual(['card emojis: in use from the application (four-colour faces)']);
    const faces = renderFaceSet(FACE_STYLES.filter((s) => s.colours === 'four'));
    expect(cardEmoji(localeOf('de'), 'Q♠')).toEqual({ id: byName.get(faces.names.d4!['Q♠']!), name: faces.names.d4!['Q♠'] });
    expect(cardEmoji(ENGLISH, '7♦')).toEqual({ id: byName.get(faces.names.e4!['7♦']!), name: faces.names.e4!['7♦'] });

    // A face missing from the application shows as text (7♦ looks the same in English and German: two cards); the line says how many.
    const some = new Map([...byName].filter(([name]) => name !== faces.names.e4!['7♦']));
    const partial = logger();
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: async () => some }, 'four', partial)).toBe(true);
    expect(partial.lines).toEqual([expect.stringContaining('2 of 158 not deployed, shown as text')]);
    expect(cardEmoji(localeOf('de'), '7♦')).toBeNull();
    expect(cardEmoji(ENGLISH, '7♦')).toBeNull();
  });

  it('text labels when the application has none of ours, only stale ones, or listing fails (one warn line)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stammtisch-faces-'));
    const file = join(dir, 'card-emojis.json');
    const none = logger();
    const others = new Map([
      ['party_parrot', '1'],
      ['sc_notours', '2'],
    ]);
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: async () => others }, 'two', none)).toBe(false);
    expect(none.lines).toEqual([expect.stringContaining('the application has none')]);
    expect(hasCardEmojis()).toBe(false);
    const stale = logger();
    const old = new Map([['sc_10h_00000000', '3']]); // ours, of a drawing no face has any more
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: async () => old }, 'two', stale)).toBe(false);
    expect(stale.lines).toEqual([expect.stringContaining("none of the application's match the current faces")]);
    expect(hasCardEmojis()).toBe(false);

    const failed = logger();
    const list = () => Promise.reject(new Error('401: Unauthorized'));
    expect(await startCardEmojis({ file, application: EMOJIS.application, list }, 'two', failed)).toBe(false);
    expect(failed.lines).toEqual(["warn: card emojis: could not list the application's emojis: hands show text labels"]);
  });

  it('card-emojis.json of this application wins without a listing; a broken or foreign file is ignored, said once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stammtisch-faces-'));
    const file = join(dir, 'card-emojis.json');
    const byName = deployed();
    await writeFile(file, JSON.stringify(EMOJIS));
    const used = logger();
    const unused = () => Promise.reject(new Error('not to be listed'));
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: unused }, 'four', used)).toBe(true);
    expect(used.lines).toEqual([`card emojis: in use from ${file}, which overrides the application's emojis (four-colour faces)`]);
    expect(cardEmoji(ENGLISH, '7♦')).toEqual(EMOJIS.styles.e4?.['7♦']);

    const foreign = logger();
    expect(await startCardEmojis({ file, application: '999', list: async () => byName }, 'two', foreign)).toBe(true);
    expect(foreign.lines).toEqual([expect.stringContaining('not 999: ignored'), 'card emojis: in use from the application (two-colour faces)']);

    await writeFile(file, '{"application": "1", "styles": 3}');
    const broken = logger();
    expect(await startCardEmojis({ file, application: EMOJIS.application, list: async () => new Map() }, 'two', broken)).toBe(false);
    expect(broken.lines).toEqual([expect.stringContaining('not a record of card emojis: ignored'), expect.stringContaining('has none')]);
  });
});
