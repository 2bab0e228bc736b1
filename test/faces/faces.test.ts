/**
 * Card faces (src/faces): every card of every pack has a 128×128 PNG face in every style, rendered deterministically,
 * no two alike within a style, each within Discord's 256 KiB emoji limit; the emoji names fit Discord's rules; the
 * contact sheet in docs/ is up to date.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CEGO_54 } from '../../src/cards/cego.ts';
import { FRENCH_32 } from '../../src/cards/french.ts';
import { FACE_CARDS, faceCode, faceKind } from '../../src/faces/face-cards.ts';
import { labelOf, rommePack } from '../../src/games/romme/pack.ts';
import { FACE_SIZE, faceRank, renderFace } from '../../src/faces/draw.ts';
import { renderFaceSet } from '../../src/faces/set.ts';
import { contactSheet } from '../../src/faces/sheet.ts';
import { FACE_STYLES, styleCode } from '../../src/faces/style.ts';

/** Width and height of a PNG from its IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const SET = renderFaceSet();

describe('card faces', () => {
  it('cover every card of every pack: 32 Réunion, 54 Dreierles, 53 Rommé labels', () => {
    const packs = { reunion: FRENCH_32, dreierles: CEGO_54, romme: [...new Set(rommePack(6).map(labelOf))] };
    expect(packs.reunion).toHaveLength(32);
    expect(packs.dreierles).toHaveLength(54);
    expect(packs.romme).toHaveLength(53);
    for (const pack of Object.values(packs)) for (const card of pack) expect(FACE_CARDS).toContain(card);
    expect(new Set(FACE_CARDS).size).toBe(FACE_CARDS.length);
    expect(FACE_CARDS).toHaveLength(79);
  });

  it.each(FACE_STYLES.map((s) => [styleCode(s), s] as const))('style %s: each face 128×128, ≤ 256 KiB, none alike', (_, style) => {
    const seen = new Set<string>();
    for (const card of FACE_CARDS) {
      const png = renderFace(card, style);
      expect(pngSize(png)).toEqual({ width: FACE_SIZE, height: FACE_SIZE });
      expect(png.length).toBeLessThanOrEqual(256 * 1024);
      seen.add(png.toString('base64'));
    }
    expect(seen.size).toBe(FACE_CARDS.length);
  });

  it('renders the same bytes for the same card and style', () => {
    for (const style of FACE_STYLES)
      for (const card of ['10♥', 'C♣', '18', 'Stiess', 'Joker']) expect(renderFace(card, style).equals(renderFace(card, style))).toBe(true);
    const again = renderFaceSet();
    expect(again.names).toEqual(SET.names);
    expect(again.faces.map((f) => f.name)).toEqual(SET.faces.map((f) => f.name));
    again.faces.forEach((f, i) => expect(f.png.equals(SET.faces[i]?.png ?? Buffer.alloc(0))).toBe(true));
  });

  it('writes German court letters in German styles and suit colours by scheme', () => {
    const de = FACE_STYLES.find((s) => s.lang === 'de' && s.colours === 'two');
    const en = FACE_STYLES.find((s) => s.lang === 'en' && s.colours === 'two');
    if (!de || !en) throw new Error('styles missing');
    expect(['K', 'Q', 'C', 'J', 'A', '10'].map((r) => faceRank(de, r))).toEqual(['K', 'D', 'R', 'B', 'A', '10']);
    expect(['K', 'Q', 'C', 'J', 'A', '10'].map((r) => faceRank(en, r))).toEqual(['K', 'Q', 'C', 'J', 'A', '10']);
    // A pip card is the same in both languages, a court card is not; a diamond differs between two and four colours.
    expect(SET.names.e2?.['7♠']).toBe(SET.names.d2?.['7♠']);
    expect(SET.names.e2?.['Q♠']).not.toBe(SET.names.d2?.['Q♠']);
    expect(SET.names.e2?.['7♦']).not.toBe(SET.names.e4?.['7♦']);
    expect(SET.names.e2?.['7♥']).toBe(SET.names.e4?.['7♥']);
  });

  it('names each face by card code and content hash within Discord emoji name rules', () => {
    expect(new Set(FACE_CARDS.map(faceCode)).size).toBe(FACE_CARDS.length);
    for (const { name } of SET.faces) expect(name).toMatch(/^[A-Za-z0-9_]{2,32}$/);
    expect(new Set(SET.faces.map((f) => f.name)).size).toBe(SET.faces.length);
    expect(SET.faces.length).toBeLessThan(2000);
    expect(faceCode('Stiess')).toBe('T0');
    expect(faceCode('10♥')).toBe('10h');
  });

  it('refuses a label that is no card', () => {
    expect(() => faceKind('11♥')).toThrow(/No card face/);
    expect(() => renderFace('22', FACE_STYLES[0] ?? { lang: 'en', colours: 'two' })).toThrow(/No card face/);
  });

  it('keeps docs/card-faces.png what `npm run faces:sheet` writes', () => {
    expect(readFileSync('docs/card-faces.png').equals(contactSheet())).toBe(true);
  });
});
