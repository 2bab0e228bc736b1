/**
 * Réunion as a `GameDefinition`. Rule source: docs/rules/reunion.md.
 */
import type { GameDefinition } from '../types.ts';
import { reunionRecords } from './records.ts';
import { apply, MAX_SEATS, MIN_SEATS, result, setup, toAct, turnKey, view } from './engine.ts';
import { legalMoves } from './legal.ts';
import type { DealScore, ReunionEvent, ReunionMove, ReunionOptions, ReunionResult, ReunionState, ReunionView } from './types.ts';

export * from './types.ts';
export { apply, applyOrThrow, drawForDealer, replay, result, setup, toAct, view } from './engine.ts';
export { checkMove, legalMoves, playableCards, REUNION_REFUSALS, type ReunionRefusal } from './legal.ts';
export { cardPoints, effectiveSuit, isTrump, leftBower, rightBower, sortHand } from './ranking.ts';

/** The game's name: a proper noun, written the same in English and German. */
const NAME = 'Réunion';

export const reunion: GameDefinition<ReunionState, ReunionMove, ReunionView, ReunionOptions, ReunionEvent, ReunionResult, DealScore, 'reunion'> = {
  id: 'reunion',
  name: NAME,
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
  options: [
    {
      key: 'piererTiers',
      type: 'boolean',
      default: false,
    },
    { key: 'kleineEkart', type: 'boolean', default: false },
    { key: 'grosseEkart', type: 'boolean', default: false },
  ],
  setup,
  toAct,
  turnKey,
  legalMoves,
  apply,
  view,
  result,
  /** A night's tables are of three (the game proper; 4 or 5 players is a variant). */
  seating: { kind: 'fill', seats: 3 },
  records: reunionRecords,
};
