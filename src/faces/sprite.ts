/**
 * The web table's card faces: one PNG sprite per face style (`e2`, `e4`, `d2`, `d4`), every card of FACE_CARDS in
 * order, `SPRITE_COLUMNS` to a row, each `FACE_SIZE` pixels square; and its index, the card labels in the same order.
 * The browser loads the sprite by style and finds a card by its place in the index: no card appears in any URL.
 */
import { createCanvas } from '@napi-rs/canvas';
import { drawFace, FACE_SIZE } from './draw.ts';
import { FACE_CARDS } from './face-cards.ts';
import { FACE_STYLES, styleCode, type FaceStyle } from './style.ts';

/** Faces per row of a sprite. */
export const SPRITE_COLUMNS = 10;

/** A sprite's index: the face size in pixels, faces per row, and every card label in sprite order. */
export interface SpriteIndex {
  size: number;
  columns: number;
  styles: string[];
  cards: string[];
}

/** The index every sprite follows. */
export const spriteIndex = (): SpriteIndex => ({
  size: FACE_SIZE,
  columns: SPRITE_COLUMNS,
  styles: FACE_STYLES.map(styleCode),
  cards: [...FACE_CARDS],
});

/** The style named by a style code (`e2` …), or null. */
export const styleOfCode = (code: string): FaceStyle | null => FACE_STYLES.find((s) => styleCode(s) === code) ?? null;

/** The sprite of `style` as a PNG: every face in FACE_CARDS order, row by row. Deterministic. */
export function renderSprite(style: FaceStyle): Buffer {
  const rows = Math.ceil(FACE_CARDS.length / SPRITE_COLUMNS);
  const canvas = createCanvas(SPRITE_COLUMNS * FACE_SIZE, rows * FACE_SIZE);
  const ctx = canvas.getContext('2d');
  FACE_CARDS.forEach((card, i) => {
    ctx.save();
    ctx.translate((i % SPRITE_COLUMNS) * FACE_SIZE, Math.floor(i / SPRITE_COLUMNS) * FACE_SIZE);
    drawFace(ctx, card, style);
    ctx.restore();
  });
  return canvas.toBuffer('image/png');
}
