/**
 * How a set of card faces looks: the language of the court letters (English K Q C J, German K D R B — the same
 * letters the text labels use, from the resource files) and the suit colours (two-colour: ♣ ♠ black, ♥ ♦ red;
 * four-colour, as many online card rooms offer: ♣ green, ♠ black, ♥ red, ♦ blue). Suits differ by shape in both.
 */
import type { Suit } from '../cards/french.ts';
import { LANGS, type Lang } from '../i18n/index.ts';

/** The suit colours of a face set. */
export type Colours = 'two' | 'four';

/** A face set's look: court letters in `lang`, suits in `colours`. */
export interface FaceStyle {
  lang: Lang;
  colours: Colours;
}

/** Every face style, each deployed as its own emoji set. */
export const FACE_STYLES: readonly FaceStyle[] = LANGS.flatMap((lang) => (['two', 'four'] as const).map((colours) => ({ lang, colours })));

/** A style's short ASCII code for emoji and file names: `e2`, `e4`, `d2`, `d4`. */
export const styleCode = (style: FaceStyle): string => `${style.lang[0]}${style.colours === 'two' ? 2 : 4}`;

/** The ink of each suit in each colour scheme (CSS colours). */
export const SUIT_INK: Readonly<Record<Colours, Readonly<Record<Suit, string>>>> = {
  two: { '♣': '#161616', '♠': '#161616', '♥': '#c8102e', '♦': '#c8102e' },
  four: { '♣': '#137a2c', '♠': '#161616', '♥': '#c8102e', '♦': '#1457b8' },
};
