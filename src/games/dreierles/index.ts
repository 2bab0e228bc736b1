/**
 * Dreierles as a `GameDefinition`. Rule source: docs/rules/dreierles.md.
 */
import type { GameDefinition } from '../types.ts';
import { dreierlesRecords } from './records.ts';
import { apply, result, setup, toAct, turnKey, view } from './engine.ts';
import { legalMoves } from './legal.ts';
import type { DealScore, DreierlesEvent, DreierlesMove, DreierlesOptions, DreierlesResult, DreierlesState, DreierlesView } from './types.ts';

export * from './types.ts';
export { apply, applyOrThrow, replay, result, setup, toAct, totals, view, type FixedDeal } from './engine.ts';
export { REFUSAL_CODES, biddable, checkMove, discardable, knockers, legalMoves, playable, type DreierlesRefusalCode } from './legal.ts';
export { contractValue, declarerPayments, raeuberPayments } from './scoring.ts';
export { sortCego, trickWinner } from './ranking.ts';

export const dreierles: GameDefinition<
  DreierlesState,
  DreierlesMove,
  DreierlesView,
  DreierlesOptions,
  DreierlesEvent,
  DreierlesResult,
  DealScore,
  'dreierles'
> = {
  id: 'dreierles',
  name: 'Dreierles',
  minSeats: 3,
  maxSeats: 4,
  options: [
    { key: 'rounds', type: 'integer', default: 1, min: 1, max: 10 },
    { key: 'lastRoundRaeuberOrSolo', type: 'boolean', default: false },
    { key: 'raisedRaeuberValue', type: 'integer', default: 4, min: 2, max: 8, step: 2 },
    { key: 'maxKnocks', type: 'integer', default: 4, min: 0, max: 8 },
    { key: 'pfeifeByThirdTrick', type: 'boolean', default: false },
    { key: 'tariff', type: 'integer', default: 10, min: 0, max: 1000 },
  ],
  setup,
  toAct,
  turnKey,
  legalMoves,
  apply,
  view,
  result,
  /** A night's tables are of three (three-handed Dreierles; a fourth would sit out each deal). */
  seating: { kind: 'fill', seats: 3 },
  records: dreierlesRecords,
};
