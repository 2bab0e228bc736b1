/**
 * A stand-in full state built from the acting seat's view, so the bots can ask the engine's pure functions
 * (`legalMoves`, `checkMove`) what the seat may do. Only public facts and the seat's own hand go in: the other
 * hands, the stock and the pile below its top are filled with placeholder ids (`?/n`) that match no card.
 * Rule source: docs/rules/romme.md § A turn.
 */
import type { CardId } from '../../games/romme/pack.ts';
import { checkMove, legalMoves } from '../../games/romme/legal.ts';
import type { RommeMove, RommeState, RommeView } from '../../games/romme/types.ts';

/** Placeholder ids: never a real card id, so no move can name one. */
const unknown = (n: number, tag: string): CardId[] => Array.from({ length: n }, (_, i) => `?${tag}/${i}`);

/**
 * The stand-in state for the seat to move (`view.seat`). `meldedBeforeTurn` and `firstMeldThisTurn` are read
 * back from the view's `maySwap`/`mayLayOff`; in the draw phase they follow from `hasMelded`.
 */
export function standIn(view: RommeView): RommeState {
  const seat = view.seat ?? view.turn;
  const melded = !!view.hasMelded[seat];
  const drawing = view.phase === 'draw';
  return {
    game: 'romme',
    seed: 'stand-in',
    options: view.options,
    seats: view.seats,
    draw: view.draw,
    firstDealer: view.dealer,
    dealNo: view.dealNo,
    dealer: view.dealer,
    phase: view.phase,
    turn: view.turn,
    hands: view.handSizes.map((n, s) => (s === seat ? view.hand.slice() : unknown(n, `h${s}`))),
    stock: unknown(view.stockSize, 's'),
    discardPile: view.discardTop ? [...unknown(1, 'p'), view.discardTop] : [],
    melds: view.melds,
    hasMelded: view.hasMelded.slice(),
    meldedBeforeTurn: drawing ? melded : view.maySwap,
    firstMeldThisTurn: drawing ? false : melded && !view.mayLayOff,
    takenFromDiscard: view.takenFromDiscard,
    restocks: 0,
    pileTaken: view.pileTaken,
    deals: view.deals,
  };
}

/** The engine's legal moves for the seat to move, from its view (melds: the finder's proposals). */
export function legalFromView(view: RommeView): RommeMove[] {
  const seat = view.seat ?? view.turn;
  return legalMoves(standIn(view), seat);
}

/** Whether `move` is legal for the seat to move, judged by the engine on the stand-in state. */
export function isLegal(view: RommeView, move: RommeMove, state: RommeState = standIn(view)): boolean {
  return checkMove(state, view.seat ?? view.turn, move) === null;
}
