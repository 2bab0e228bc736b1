/**
 * Hands with card faces: with emojis deployed every card button carries its card's emoji (`{ id, name }`) beside its
 * short label, in the reader's style, trumps marked (Primary) and the selection kept visible (Success); the rows go
 * suit by suit where they can; every hand of every game stays within Discord's component limits. Without emojis the
 * buttons are text only, and the start says so in one log line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHand as dreierlesHand } from '../../src/discord/games/dreierles/hand.ts';
import { renderHand as reunionHand } from '../../src/discord/games/reunion/hand.ts';
import { renderHand as rommeHand } from '../../src/discord/games/romme/hand.ts';
import { encodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import { cardEmoji, hasCardEmojis, startCardEmojis, useCardEmojis } from '../../src/discord/render/card-emojis.ts';
import { cardRows } from '../../src/discord/render/card-rows.ts';
import { FACE_CARDS, faceCode } from '../../src/faces/cards.ts';
import type { CardEmojis } from '../../src/faces/emoji-ids.ts';
import { renderFaceSet } from '../../src/faces/set.ts';
import { FACE_STYLES, styleCode } from '../../src/faces/style.ts';
import { isTrump as isCegoTrump } from '../../src/cards/cego.ts';
import type { Card } from '../../src/cards/french.ts';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { rommePack } from '../../src/games/romme/cards.ts';
import { DEFAULT_ROMME_OPTIONS, romme } from '../../src/games/romme/index.ts';
import { isTrump, reunion } from '../../src/games/reunion/index.ts';
import { describeReason } from '../../src/games/types.ts';
import { ENGLISH, LANGS, localeOf } from '../../src/i18n/index.ts';
import { messageProblems } from '../support/fake-discord.ts';

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

describe('card rows', () => {
  it('start a new row at a suit change while the rest still fits, else fill rows of five', () => {
    const suits = (s: string) => s.split('');
    expect(cardRows(suits('TTTHHSSC'), (x) => x, 5, 4)).toEqual([['T', 'T', 'T'], ['H', 'H'], ['S', 'S'], ['C']]);
    expect(cardRows(suits('TTTHHSSCCC'), (x) => x, 5, 2)).toEqual([suits('TTTHH'), suits('SSCCC')]);
    expect(cardRows(suits('TTTTTTTHH'), (x) => x, 5, 3)).toEqual([suits('TTTTT'), suits('TT'), suits('HH')]);
  });

  it('keep the order, at most five a row, and never more rows than allowed when plain filling fits', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('T', '♣', '♠', '♥', '♦'), { maxLength: 25 }), fc.integer({ min: 1, max: 5 }), (groups, maxRows) => {
        fc.pre(Math.ceil(groups.length / 5) <= maxRows);
        const items = groups.map((g, i) => ({ g, i }));
        const rows = cardRows(items, (x) => x.g, 5, maxRows);
        expect(rows.flat()).toEqual(items);
        expect(rows.length).toBeLessThanOrEqual(maxRows);
        for (const row of rows) expect(row.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.length).toBeLessThanOrEqual(5);
      }),
    );
  });
});

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

  it('Réunion: every card button has its emoji and label, trumps Primary, within limits in every phase', () => {
    let checked = 0;
    for (const lang of LANGS) {
      const loc = localeOf(lang);
      useCardEmojis(EMOJIS, 'two');
      for (let g = 0; g < 3; g++) {
        let s = reunion.setup({ piererTiers: false, kleineEkart: g % 2 === 0, grosseEkart: g % 3 === 0 }, 4, `faces-${g}`);
        for (let step = 0; step < 60 && reunion.toAct(s).length; step++) {
          for (let seat = 0; seat < 4; seat++) {
            const view = reunion.view(s, seat);
            const payload = json(reunionHand(loc, view, names, STAMP, []));
            expect(messageProblems(payload)).toEqual([]);
            const cards = buttons(payload).filter((b) => /:(p|t|g)\./.test(String(b.custom_id)));
            expect(cards).toHaveLength(view.hand.length);
            for (const b of cards) {
              const card = String(b.custom_id).split(':').pop()?.split('.')[1] ?? '';
              expect(b.emoji).toEqual({ id: cardEmoji(loc, card)?.id, name: cardEmoji(loc, card)?.name });
              expect(b.label).toBeTruthy();
              const trump = isTrump(card as Card, view.trump, view.staubaus?.round === 2);
              expect(b.style === 1, card).toBe(trump);
            }
            checked++;
          }
          const seat = reunion.toAct(s)[0] ?? 0;
          const moves = reunion.legalMoves(s, seat);
          const r = reunion.apply(s, seat, moves[step % moves.length] ?? moves[0]!);
          if (!r.ok) throw new Error(describeReason(r.reason));
          s = r.state;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('Dreierles: faces on every card, trumps Primary, the discard selection Success, within limits in every phase', () => {
    useCardEmojis(EMOJIS, 'four');
    let checked = 0;
    let selections = 0;
    for (let g = 0; g < 6; g++) {
      let s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, 3, `faces-${g}`);
      for (let step = 0; step < 30 && dreierles.toAct(s).length; step++) {
        const seat = dreierles.toAct(s)[0]!;
        for (let v = 0; v < 3; v++) {
          const view = dreierles.view(s, v);
          const selection = view.phase === 'discard' && v === seat ? view.discardable.slice(0, 1) : [];
          const payload = json(dreierlesHand(localeOf(LANGS[g % 2] ?? 'en'), view, names, STAMP, selection));
          expect(messageProblems(payload)).toEqual([]);
          const cards = buttons(payload).filter((b) => /:(p|t)\./.test(String(b.custom_id)));
          expect(cards).toHaveLength(view.hand.length);
          for (const b of cards) {
            const card = String(b.custom_id).split(':').pop()?.split('.')[1] ?? '';
            expect(b.emoji?.id).toBe(cardEmoji(localeOf(LANGS[g % 2] ?? 'en'), card)?.id);
            expect(b.style).toBe(selection.includes(card) ? 3 : isCegoTrump(card) ? 1 : 2);
          }
          if (selection.length) selections++;
          checked++;
        }
        const moves = dreierles.legalMoves(s, seat);
        const bid = moves.find((m) => m.type === 'bid');
        const r = dreierles.apply(s, seat, bid ?? moves[0]!);
        if (!r.ok) throw new Error(describeReason(r.reason));
        s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(selections).toBeGreaterThan(0);
  });

  it.each([1, 3, 11, 13, 14, 15, 20])('Rommé, %i cards: faces on the buttons, picked cards visibly picked, within limits', (size) => {
    useCardEmojis(EMOJIS, 'two');
    const base = romme.setup(DEFAULT_ROMME_OPTIONS, 4, 'faces');
    const hand = [...rommePack(6).slice(0, size - 2), 'Joker/0', 'Joker/1'].slice(-size);
    const state = { ...base, hands: base.hands.map((h, s) => (s === base.turn ? hand : h)), phase: 'play' as const };
    const view = romme.view(state, base.turn);
    const sorted = sortRomme(hand);
    const picked = sorted.slice(0, Math.min(2, size));
    for (const lang of LANGS)
      for (const selection of [[], [encodeSelection({ staged: [], selected: picked }, sorted)]]) {
        const payload = json(rommeHand(localeOf(lang), view, names, STAMP, selection));
        expect(messageProblems(payload)).toEqual([]);
        const cards = buttons(payload).filter((b) => /:(x|t)[0-9a-z]+(~|$)/.test(String(b.custom_id)));
        if (size > 15) {
          expect(cards).toEqual([]); // a hand this large picks in a menu
          continue;
        }
        expect(cards).toHaveLength(size);
        cards.forEach((b, i) => expect(b.emoji?.id).toBe(cardEmoji(localeOf(lang), sorted[i] ?? '')?.id));
        if (selection.length) expect(cards.slice(0, picked.length).map((b) => b.style)).toEqual(picked.map(() => 1));
      }
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
