/**
 * Card faces from the server's sprites (src/web/pages.ts): `/faces/index.json` lists the cards in sprite order, and a
 * card is drawn as its cell of `/faces/<style>.png` — the style is the language's court letters and the chosen suit
 * colours (two or four). No card is ever part of a URL. A card is a button when it can be clicked, with its spoken
 * name as `aria-label`.
 */
import type { CSSProperties, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { cardName, labelOf, lang } from './i18n.ts';

interface SpriteIndex {
  size: number;
  columns: number;
  styles: string[];
  cards: string[];
}

let index: SpriteIndex | null = null;
let place = new Map<string, number>();
let loading: Promise<void> | null = null;

/** Load the sprites' index once; resolves when faces can be drawn. */
export function loadFaces(): Promise<void> {
  loading ??= fetch('/faces/index.json')
    .then((res) => res.json() as Promise<SpriteIndex>)
    .then((got) => {
      index = got;
      place = new Map(got.cards.map((c, i) => [c, i]));
    });
  return loading;
}

/** Suit colours of the faces: two (♣♠ black, ♥♦ red) or four (♣ green, ♦ blue). */
export type Colours = 'two' | 'four';

const COLOURS_KEY = 'stammtisch.colours';

/** The chosen suit colours (kept in the browser), and a setter. */
export function useColours(): [Colours, (c: Colours) => void] {
  const [colours, set] = useState<Colours>(() => (readStorage(COLOURS_KEY) === 'four' ? 'four' : 'two'));
  return [
    colours,
    (c) => {
      writeStorage(COLOURS_KEY, c);
      set(c);
    },
  ];
}

const readStorage = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const writeStorage = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // a sandboxed frame may have no storage: the choice lasts for this page only
  }
};

/** Re-render once the index is loaded. */
export function useFaces(): boolean {
  const [ready, setReady] = useState(index !== null);
  useEffect(() => {
    if (!ready) void loadFaces().then(() => setReady(true));
  }, [ready]);
  return ready;
}

/** What a card shows and does. */
export interface CardProps {
  game: string;
  card: string;
  colours: Colours;
  /** Raised: it can be played now. */
  playable?: boolean;
  /** Dimmed: it cannot be played now. */
  dim?: boolean;
  /** Picked (a toggle: `aria-pressed`); undefined for a card that is not picked but played. */
  selected?: boolean;
  /** The button's tab order (-1: reached by the arrows, not by Tab). */
  tabIndex?: number;
  onClick?: () => void;
  /** Called when the card's button gets the focus. */
  onFocus?: () => void;
  /** Extra classes (size, position). */
  class?: string;
  style?: CSSProperties;
  /** A note after the card's name for screen readers (who played it). */
  note?: string;
}

/** One card face; a button when `onClick` is given. */
export function Card(props: CardProps): JSX.Element {
  const label = labelOf(props.card);
  const i = place.get(label);
  const cols = index?.columns ?? 10;
  const rows = index ? Math.ceil(index.cards.length / cols) : 8;
  const style = `${lang()[0]}${props.colours === 'four' ? 4 : 2}`;
  const face: CSSProperties =
    i === undefined
      ? {}
      : {
          backgroundImage: `url(/faces/${style}.png)`,
          backgroundSize: `${cols * 100}% ${rows * 100}%`,
          backgroundPosition: `${((i % cols) / (cols - 1)) * 100}% ${(Math.floor(i / cols) / (rows - 1)) * 100}%`,
        };
  const name = props.note ? `${cardName(props.game, props.card)}, ${props.note}` : cardName(props.game, props.card);
  const cls = ['card', props.class, props.playable && 'playable', props.dim && 'dim', props.selected && 'selected'].filter(Boolean).join(' ');
  if (!props.onClick)
    return (
      <span class={cls} role="img" aria-label={name} style={{ ...props.style, ...face }}>
        {i === undefined ? label : null}
      </span>
    );
  return (
    <button
      type="button"
      class={cls}
      data-card={props.card}
      aria-label={name}
      aria-pressed={props.selected}
      tabIndex={props.tabIndex}
      style={{ ...props.style, ...face }}
      onClick={props.onClick}
      onFocus={props.onFocus}
    >
      {i === undefined ? label : null}
    </button>
  );
}

/** A face-down card (a hand's size, the stock). */
export const CardBack = (props: { class?: string; label?: string }): JSX.Element => (
  <span
    class={`card back ${props.class ?? ''}`}
    role={props.label ? 'img' : undefined}
    aria-label={props.label}
    aria-hidden={props.label ? undefined : 'true'}
  />
);
