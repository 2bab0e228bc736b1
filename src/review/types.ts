/**
 * What every game's deal review is made of (docs/playing.md § Review): the facts of a finished deal a review shows —
 * every hand as dealt, the hidden cards (discard, blind), each trick — and the shape of a game's review: its engine as
 * the core replays it, its default evaluator (the strong player's candidate scoring; any `Evaluator` can be given
 * instead, e.g. a stronger level's). Each game's review lives with its computer players (src/bots/<id>/review.ts).
 */
import type { Seat } from '../games/types.ts';
import type { DealLog, Evaluator, ReviewGame } from './core.ts';

/** One trick of a deal: the plays from the leader, and the winner. */
export interface TrickFact {
  plays: { seat: Seat; card: string }[];
  winner: Seat;
}

/**
 * What a review shows of a finished deal (card ids): each seat's cards as dealt (`hands`, only the seats dealt in),
 * the hidden cards laid aside (`hidden`: `discard` of a seat, the Dreierles `blind`), and every trick in order.
 */
export interface DealFacts {
  hands: { seat: Seat; cards: string[] }[];
  hidden: { kind: 'discard' | 'blind'; seat: Seat | null; cards: string[] }[];
  tricks: TrickFact[];
}

/** A game's review: its engine for the core, its default evaluator, and the facts of a deal. */
export interface GameReview<State, Move, View, Event> extends ReviewGame<State, Move, View, Event> {
  evaluate: Evaluator<View, Move>;
  facts(deal: DealLog<State, Move, Event>): DealFacts;
}

/** A trick-taking engine's event that closes a trick. */
interface TrickWon {
  type: 'trickWon';
  plays: readonly { seat: Seat; card: string }[];
  winner: Seat;
}

const isTrickWon = (e: { type: string }): e is TrickWon => e.type === 'trickWon';

/** The tricks of a deal from its events (`trickWon`), in order. */
export const trickFacts = (events: readonly { type: string }[]): TrickFact[] =>
  events.flatMap((e) => (isTrickWon(e) ? [{ plays: e.plays.map((p) => ({ seat: p.seat, card: p.card })), winner: e.winner }] : []));
