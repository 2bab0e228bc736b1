/**
 * What the table needs from each game's screen (./reunion.tsx, ./dreierles.tsx, ./romme.tsx): how to read its view
 * (the trick, each seat's lines), how the hand behaves in each phase, and the game's own panel, buttons and centre.
 * No rule is decided here: what may be played comes from the server's `legal` list (or the view's own lists, such
 * as Dreierles' `discardable`); anything else the player puts together is sent and the server's answer shown.
 */
import type { JSX } from 'preact';
import type { StateFrame } from '../../protocol.ts';
import type { TableSocket } from '../connection.ts';
import type { Colours } from '../faces.tsx';

/** A move as the engines write them: `{ type, … }`. */
export type Move = { type: string; card?: string; cards?: string[] } & Record<string, unknown>;

/** A card on the table and who played it. */
export interface Play {
  seat: number;
  card: string;
}

/** Everything a game's screen is given. */
export interface GameContext {
  state: StateFrame;
  /** The game's view (its own type: src/games/<game>/types.ts). */
  view: Record<string, unknown> & { hand: string[] };
  legal: Move[];
  /** The viewer's seat, or null for a spectator. */
  me: number | null;
  /** Null in a replay. */
  socket: TableSocket | null;
  colours: Colours;
  /** Cards picked in the hand (discard, meld). */
  selected: string[];
  setSelected(cards: string[]): void;
  /** Send a move and clear the selection. */
  send(move: Move): void;
  /** A seat's name. */
  name(seat: number): string;
}

/** How the hand behaves now. */
export interface HandMode {
  /** Cards that can be played or picked now (raised); the rest are dimmed. */
  playable: Set<string>;
  /** Clicking picks cards (then a button acts) rather than playing one. */
  select: boolean;
}

/** One game's screen. */
export interface GameUi {
  /** The trick in the middle, its leader and the last trick; null when the game has no tricks. */
  trick(view: GameContext['view']): { plays: Play[]; leader: number | null; last: { plays: Play[]; winner: number } | null } | null;
  /** Lines under a seat's name (cards, tricks, points). */
  seatLines(ctx: GameContext, seat: number): string[];
  /** Whether the seat sits this deal out. */
  sitsOut(view: GameContext['view'], seat: number): boolean;
  hand(ctx: GameContext): HandMode;
  /** The game's side panel: deal, trump or contract, standing. */
  Panel(props: { ctx: GameContext }): JSX.Element;
  /** Buttons for moves that are not a click on one card. */
  Actions(props: { ctx: GameContext }): JSX.Element | null;
  /** Something in the centre instead of (or over) the trick: Rommé's melds and piles, Réunion's naming. */
  Center?(props: { ctx: GameContext }): JSX.Element | null;
}

/** Every card a move names. */
export function cardsOf(move: Move): string[] {
  const out: string[] = [];
  if (typeof move.card === 'string') out.push(move.card);
  if (Array.isArray(move.cards)) out.push(...(move.cards as string[]));
  if (Array.isArray(move.naturals)) out.push(...(move.naturals as string[]));
  if (Array.isArray(move.groups)) for (const g of move.groups as { cards: string[] }[]) out.push(...g.cards);
  return out;
}
