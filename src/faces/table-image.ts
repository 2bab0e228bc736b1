/**
 * The board's picture as a PNG (src/faces/table-picture.ts says what is in it): on green felt, a trick's cards at
 * 96 px with each player's name below (the winner of a complete trick framed in gold), or Rommé's discard top beside
 * the melds as rows of 36 px cards. Faces are the emoji faces (./draw.ts), decoded once per card and
 * style. `TableImages` caches whole pictures by content: the board asks again on every edit, and only a changed
 * trick draws anew. Deterministic: the same picture and style give the same bytes.
 */
import { type Canvas, createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import { FACE_CARDS } from './face-cards.ts';
import { FACE_FONT, renderFace } from './draw.ts';
import type { FaceStyle } from './style.ts';
import { styleCode } from './style.ts';
import type { TablePicture } from './table-picture.ts';

const FELT = '#24583a';
const GOLD = '#f0c419';
const NAME_INK = '#f3f3ee';
const PAD = 12;
const TRICK_CARD = 96;
const MELD_CARD = 36;
const MELD_STEP = 38;
const MELDS_WIDTH = 640;
const NAME_PX = 15;

const faces = new Map<string, Image>();

/** A face as a decoded image, made once per card and style. */
function faceImage(card: string, style: FaceStyle): Image {
  const key = `${styleCode(style)}:${card}`;
  let img = faces.get(key);
  if (!img) {
    img = new Image();
    img.src = renderFace(card, style);
    faces.set(key, img);
  }
  return img;
}

/** Decode every face of `style` now (about 0.4 s), so that no later picture pays for its first sight of a card. */
export function warmFaces(style: FaceStyle): void {
  for (const card of FACE_CARDS) faceImage(card, style);
}

/** `text` cut with "…" to fit `width` pixels in the current font. */
function fit(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  const chars = [...text];
  while (chars.length && ctx.measureText(`${chars.join('')}…`).width > width) chars.pop();
  return `${chars.join('')}…`;
}

/** A canvas of `width`×`height` pixels covered in felt. */
function felt(width: number, height: number): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = FELT;
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

/** A trick: each card with its player's name below, the winner (once known) framed in gold. */
function drawTrick(picture: Extract<TablePicture, { kind: 'trick' }>, style: FaceStyle): Canvas {
  const slot = TRICK_CARD + PAD * 2;
  const { canvas, ctx } = felt(PAD + Math.max(1, picture.plays.length) * slot, PAD * 2 + TRICK_CARD + 26);
  // Render the face once (warming the font registration) before text is measured.
  faceImage(picture.plays[0]?.card ?? 'Joker', style);
  ctx.font = `${NAME_PX}px ${FACE_FONT}`;
  ctx.textAlign = 'center';
  picture.plays.forEach((p, i) => {
    const x = PAD + i * slot + PAD;
    if (picture.winner === i) {
      ctx.fillStyle = GOLD;
      ctx.fillRect(x - 5, PAD - 5, TRICK_CARD + 10, TRICK_CARD + 10);
    }
    ctx.drawImage(faceImage(p.card, style), x, PAD, TRICK_CARD, TRICK_CARD);
    ctx.fillStyle = NAME_INK;
    ctx.fillText(fit(ctx, p.name, slot - 6), x + TRICK_CARD / 2, PAD + TRICK_CARD + 20);
  });
  return canvas;
}

/** Rommé: the discard top (an empty frame when the pile is empty), then the melds, wrapped into lines. */
function drawMelds(picture: Extract<TablePicture, { kind: 'melds' }>, style: FaceStyle): Canvas {
  const widths = picture.melds.map((m) => MELD_CARD + (m.length - 1) * MELD_STEP);
  const lines: number[][] = [[]];
  let used = 0;
  widths.forEach((w, i) => {
    const line = lines[lines.length - 1] as number[];
    if (line.length && used + w > MELDS_WIDTH) {
      lines.push([i]);
      used = w + PAD;
    } else {
      line.push(i);
      used += w + PAD;
    }
  });
  const left = PAD * 2 + TRICK_CARD;
  const height = Math.max(PAD * 2 + TRICK_CARD, PAD + lines.length * (MELD_CARD + PAD));
  const { canvas, ctx } = felt(left + MELDS_WIDTH + PAD, height);
  if (picture.discardTop) ctx.drawImage(faceImage(picture.discardTop, style), PAD, PAD, TRICK_CARD, TRICK_CARD);
  else {
    ctx.strokeStyle = NAME_INK;
    ctx.lineWidth = 2;
    ctx.strokeRect(PAD + 1, PAD + 1, TRICK_CARD - 2, TRICK_CARD - 2);
  }
  lines.forEach((line, row) => {
    let x = left;
    for (const i of line) {
      (picture.melds[i] ?? []).forEach((card, k) =>
        ctx.drawImage(faceImage(card, style), x + k * MELD_STEP, PAD + row * (MELD_CARD + PAD), MELD_CARD, MELD_CARD),
      );
      x += (widths[i] ?? 0) + PAD;
    }
  });
  return canvas;
}

/**
 * The picture as a PNG in `style`. The drawing is done at once; the PNG encoding (the larger part, ≈ 2 ms) runs on
 * libuv's thread pool, off the event loop. Throws `Error` for a card of no pack.
 */
export function renderTableImage(picture: TablePicture, style: FaceStyle): Promise<Buffer> {
  return (picture.kind === 'trick' ? drawTrick(picture, style) : drawMelds(picture, style)).encode('png');
}

/** What identifies a picture's PNG: the style and the picture's content (equal keys, equal bytes). */
export const pictureKey = (picture: TablePicture, style: FaceStyle): string => `${styleCode(style)}:${JSON.stringify(picture)}`;

/** Rendered pictures by content, the `max` most recent kept. */
export class TableImages {
  private readonly cache = new Map<string, Promise<Buffer>>();
  /** Pictures drawn (not taken from the cache), for tests and the bench. */
  drawn = 0;

  constructor(private readonly max = 256) {}

  /** The PNG of `picture` in `style`, drawn only when no equal picture was drawn recently (or is being drawn). */
  image(picture: TablePicture, style: FaceStyle): Promise<Buffer> {
    const key = pictureKey(picture, style);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit); // most recent last
      return hit;
    }
    const png = renderTableImage(picture, style);
    this.drawn++;
    this.cache.set(key, png);
    png.catch(() => {
      if (this.cache.get(key) === png) this.cache.delete(key);
    });
    if (this.cache.size > this.max) this.cache.delete(this.cache.keys().next().value ?? key);
    return png;
  }
}
