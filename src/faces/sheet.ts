/**
 * The contact sheet of every card face for reviewers, written to docs/card-faces.png by `npm run faces:sheet` — one
 * row of faces per style (English and German letters, two and four colours), each row all cards in FACE_CARDS order,
 * wrapped at 20 faces. Deterministic (same sources, same bytes).
 */
import { createCanvas } from '@napi-rs/canvas';
import { FACE_CARDS } from './face-cards.ts';
import { drawFace, FACE_SIZE } from './draw.ts';
import { FACE_STYLES } from './style.ts';

/** Faces per line of the sheet, and the gap between faces in pixels. */
const PER_LINE = 20;
const GAP = 8;

/** The contact sheet as a PNG: every face of every style, each style a block of lines, at full 128 px size. */
export function contactSheet(): Buffer {
  const lines = Math.ceil(FACE_CARDS.length / PER_LINE);
  const step = FACE_SIZE + GAP;
  const blockH = lines * step + GAP * 2;
  const canvas = createCanvas(PER_LINE * step + GAP, FACE_STYLES.length * blockH);
  const ctx = canvas.getContext('2d');
  FACE_STYLES.forEach((style, b) => {
    ctx.fillStyle = b % 2 === 0 ? '#313338' : '#2b2d31';
    ctx.fillRect(0, b * blockH, canvas.width, blockH);
    FACE_CARDS.forEach((card, i) => {
      ctx.save();
      ctx.translate(GAP + (i % PER_LINE) * step, b * blockH + GAP + Math.floor(i / PER_LINE) * step);
      drawFace(ctx, card, style);
      ctx.restore();
    });
  });
  return canvas.toBuffer('image/png');
}
