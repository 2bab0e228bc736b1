/**
 * The faces to deploy: every card in every style, rendered, with its application-emoji name `<card code>_<hash>` —
 * the card's ASCII code (src/faces/face-cards.ts) and the first 8 hex digits of the PNG's SHA-256. A face that looks the
 * same in several styles (`2♠` in all four) is one emoji; a face whose drawing changes gets a new name, so the deploy
 * sees it as changed. Names are 2–32 letters, digits and underscores, as Discord requires.
 */
import { createHash } from 'node:crypto';
import { FACE_CARDS, faceCode, type FaceCard } from './face-cards.ts';
import { renderFace } from './draw.ts';
import { FACE_STYLES, styleCode, type FaceStyle } from './style.ts';

/** The prefix of every emoji name of ours (`sc` for Stammtisch card), so the deploy never touches others' emojis. */
export const EMOJI_PREFIX = 'sc';

/** One rendered face: the emoji name it is deployed under and its PNG. */
export interface RenderedFace {
  name: string;
  png: Buffer;
}

/** The emoji name of a face: `sc_<code>_<hash8>`, e.g. `sc_10h_3fa2b1c0`. */
export const emojiName = (card: FaceCard, png: Uint8Array): string =>
  `${EMOJI_PREFIX}_${faceCode(card)}_${createHash('sha256').update(png).digest('hex').slice(0, 8)}`;

/** Whether an emoji name is one of ours (made by `emojiName`). */
export const isOurEmojiName = (name: string): boolean => /^sc_[A-Za-z0-9]+_[0-9a-f]{8}$/.test(name);

/** Every face to deploy, once per distinct name; and for each style code (`e2` …) and card, the name of its face. */
export interface FaceSet {
  faces: RenderedFace[];
  names: Record<string, Record<FaceCard, string>>;
}

/**
 * Render every card in every style of `styles` (default all) with `render` (default `renderFace`; tests pass another
 * drawing to play a changed face). About 300 renders, under two seconds.
 */
export function renderFaceSet(
  styles: readonly FaceStyle[] = FACE_STYLES,
  render: (card: FaceCard, style: FaceStyle) => Buffer = renderFace,
): FaceSet {
  const byName = new Map<string, Buffer>();
  const names: Record<string, Record<FaceCard, string>> = {};
  for (const style of styles) {
    const row: Record<FaceCard, string> = {};
    for (const card of FACE_CARDS) {
      const png = render(card, style);
      const name = emojiName(card, png);
      byName.set(name, png);
      row[card] = name;
    }
    names[styleCode(style)] = row;
  }
  return { faces: [...byName].map(([name, png]) => ({ name, png })), names };
}
