/**
 * Rommé as a `GameDefinition`. Every option of the digest is declared here as data with its default.
 * Rule source: docs/rules/romme.md.
 */
import type { GameDefinition } from '../types.ts';
import { rommeRecords } from './records.ts';
import { apply, result, setup, toAct, turnKey, view } from './engine.ts';
import { legalMoves } from './legal.ts';
import type { DealScore, RommeEvent, RommeMove, RommeOptions, RommeResult, RommeState, RommeView } from './types.ts';

export * from './types.ts';
export { apply, applyOrThrow, drawForDealer, drawSeats, replay, result, setup, toAct, view } from './engine.ts';
export { checkMove, layOffChoices, legalMoves, placeTaken, placeTakenInView } from './legal.ts';
export { isTakenCard } from './turn-steps.ts';
export { swapChoices, type SwapChoice } from './swaps.ts';
export { ranksOf } from './ranking.ts';
export { handPenalty, totalDeals, totals } from './scoring.ts';
export { bestMelds, findLayOffs, findMelds, type Found } from './finder.ts';
export { jokerEndAmbiguous, layOff, meldReadings, readings, readingValue, standsFor, swapJoker, type Reading } from './melds.ts';

export const romme: GameDefinition<RommeState, RommeMove, RommeView, RommeOptions, RommeEvent, RommeResult, DealScore, 'romme'> = {
  id: 'romme',
  name: 'Rommé',
  minSeats: 2,
  maxSeats: 6,
  options: [
    { key: 'jokers', type: 'choice', default: 6, values: [6, 4] },
    { key: 'jokerValue', type: 'choice', default: 30, values: [30, 25, 20] },
    { key: 'firstMeldMinimum', type: 'choice', default: 40, values: [40, 30] },
    { key: 'startWith14', type: 'boolean', default: false },
    { key: 'fourteenthToForehand', type: 'boolean', default: false },
    { key: 'discardPickupMustBeMelded', type: 'boolean', default: false },
    { key: 'aroundTheCorner', type: 'boolean', default: false },
    { key: 'strictSetSwap', type: 'boolean', default: false },
    { key: 'handRomme', type: 'boolean', default: false },
    { key: 'deals', type: 'integer', default: 0, min: 0, max: 30 },
    /** 0 = off (the game is `deals` deals); the digest's usual limit when one is played is 500. Up to 2,000 before it was a choice. */
    { key: 'penaltyLimit', type: 'choice', default: 0, values: [0, 250, 500, 1000], stored: { min: 0, max: 2000 } },
  ],
  /** Seating by the draw and no deal cap for a penalty limit came after games were stored (docs/rules/romme.md). */
  fixedOptions: { seatByDraw: true, uncappedDeals: true },
  setup,
  seatOrder: (state) => state.seating ?? null,
  toAct,
  turnKey,
  legalMoves,
  apply,
  view,
  result,
  /** A night's tables hold two to six, split evenly. */
  seating: { kind: 'even', min: 2, max: 6 },
  records: rommeRecords,
};
