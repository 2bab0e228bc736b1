/**
 * One card face as a 128×128 PNG (Discord's application emoji size; shown at about 22 px on a button), drawn with
 * @napi-rs/canvas in DejaVu Sans Bold shipped in assets/fonts (Bitstream Vera licence, assets/fonts/LICENSE-DejaVu.txt).
 * Suit cards: the rank letter above a large suit pip on white. Trumps (Cego): the number on cream under a dark band,
 * the Stiess a star there. The joker: a purple star on white. Deterministic: the same card and style give the same
 * bytes (no clock, no randomness, fonts from the repository).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { localeOf } from '../i18n/index.ts';
import { faceKind, type FaceCard } from './face-cards.ts';
import { SUIT_INK, type FaceStyle } from './style.ts';

/** Width and height of a face in pixels. */
export const FACE_SIZE = 128;

/** The family the shipped DejaVu Sans Bold is registered under (registered on the first face drawn). */
export const FACE_FONT = 'StammtischFaces';
const FONT = FACE_FONT;
const FONT_NARROW = 'StammtischFacesNarrow';

/**
 * The folder of the shipped fonts: next to the sources (src/faces/), next to the build (dist/), or under the working
 * directory (another bundle).
 */
function fontDir(): string {
  for (const up of ['../../assets/fonts/', '../assets/fonts/']) {
    const beside = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(join(beside, 'DejaVuSans-Bold.ttf'))) return beside;
  }
  return join(process.cwd(), 'assets', 'fonts');
}

/** Register the shipped fonts once. */
function ensureFonts(): void {
  if (GlobalFonts.families.some((f) => f.family === FONT)) return;
  const dir = fontDir();
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), FONT);
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSansCondensed-Bold.ttf'), FONT_NARROW);
}

/** A rank as written on a face in `style`'s language: `Q` → "Q" / "D", `C` → "C" / "R"; pips as they are. */
export function faceRank(style: FaceStyle, rank: string): string {
  if (/^\d+$/.test(rank)) return rank;
  const loc = localeOf(style.lang);
  return loc.t(`card.rank.${rank}`);
}

/**
 * Draw `text` as large as fits the box centred at (`cx`, `cy`) of `w`×`h` pixels, at most `maxPx` high, by its ink's
 * bounds (not the font's line box), so that glyphs of any shape sit in the middle.
 */
function fitText(ctx: SKRSContext2D, text: string, family: string, cx: number, cy: number, w: number, h: number, maxPx: number): void {
  ctx.font = `${maxPx}px ${family}`;
  const m = ctx.measureText(text);
  const inkW = m.actualBoundingBoxLeft + m.actualBoundingBoxRight;
  const inkH = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  const scale = Math.min(1, w / inkW, h / inkH);
  const px = Math.floor(maxPx * scale);
  ctx.font = `${px}px ${family}`;
  const f = ctx.measureText(text);
  const x = cx - (f.actualBoundingBoxRight - f.actualBoundingBoxLeft) / 2;
  const y = cy + (f.actualBoundingBoxAscent - f.actualBoundingBoxDescent) / 2;
  ctx.fillText(text, x, y);
}

/** A rounded rectangle path. */
function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A five-pointed star centred at (`cx`, `cy`) with outer radius `r`. */
function star(ctx: SKRSContext2D, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const px = cx + radius * Math.cos(a);
    const py = cy + radius * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

const PAPER = '#fbfaf5';
const TRUMP_PAPER = '#f2dfa6';
const TRUMP_BAND = '#3d2b12';
const EDGE = '#3a3a3a';
const JOKER_INK = '#7b2cbf';

/** Draw `card`'s face in `style` onto `ctx` with its top-left corner at (0, 0), `FACE_SIZE` square. */
export function drawFace(ctx: SKRSContext2D, card: FaceCard, style: FaceStyle): void {
  ensureFonts();
  const face = faceKind(card);
  const S = FACE_SIZE;
  ctx.save();
  ctx.lineWidth = 4;
  ctx.strokeStyle = EDGE;
  roundRect(ctx, 2, 2, S - 4, S - 4, 16);
  ctx.fillStyle = face.kind === 'trump' ? TRUMP_PAPER : PAPER;
  ctx.fill();
  ctx.stroke();
  if (face.kind === 'suit') {
    ctx.fillStyle = SUIT_INK[style.colours][face.suit];
    const rank = faceRank(style, face.rank);
    fitText(ctx, rank, rank.length > 1 ? FONT_NARROW : FONT, S / 2, 40, 114, 60, 80);
    fitText(ctx, face.suit, FONT, S / 2, 96, 64, 48, 80);
  } else if (face.kind === 'trump') {
    ctx.save();
    roundRect(ctx, 2, 2, S - 4, S - 4, 16);
    ctx.clip();
    ctx.fillStyle = TRUMP_BAND;
    ctx.fillRect(0, 0, S, 30);
    ctx.restore();
    ctx.stroke();
    ctx.fillStyle = TRUMP_BAND;
    if (face.n === 0) {
      star(ctx, S / 2, 79, 44);
      ctx.fill();
    } else {
      const n = String(face.n);
      fitText(ctx, n, n.length > 1 ? FONT_NARROW : FONT, S / 2, 79, 104, 80, 96);
    }
  } else {
    ctx.fillStyle = JOKER_INK;
    star(ctx, S / 2, S / 2 + 4, 56);
    ctx.fill();
  }
  ctx.restore();
}

/** `card`'s face in `style` as a 128×128 PNG. Throws `Error` for a label that is not a card of any pack. */
export function renderFace(card: FaceCard, style: FaceStyle): Buffer {
  const canvas = createCanvas(FACE_SIZE, FACE_SIZE);
  drawFace(canvas.getContext('2d'), card, style);
  return canvas.toBuffer('image/png');
}
