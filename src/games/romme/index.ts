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
export { apply, applyOrThrow, drawForDealer, replay, result, setup, toAct, view } from './engine.ts';
export { checkMove, layOffChoices, legalMoves, swapChoices, type SwapChoice } from './legal.ts';
export { ranksOf } from './ranking.ts';
export { handPenalty, totalDeals, totals } from './scoring.ts';
export { bestMelds, findLayOffs, findMelds, type Found } from './finder.ts';
export { jokerEndAmbiguous, layOff, readings, readingValue, standsFor, swapJoker, type Reading } from './melds.ts';

export const romme: GameDefinition<RommeState, RommeMove, RommeView, RommeOptions, RommeEvent, RommeResult, DealScore, 'romme'> = {
  id: 'romme',
  name: 'Rommé',
  minSeats: 2,
  maxSeats: 6,
  options: [
    { key: 'jokers', description: 'Jokers in the pack (6 or 4)', type: 'integer', default: 6, min: 4, max: 6, step: 2 },
    {
      key: 'jokerValue',
      description: 'Penalty points of a joker left in hand (30, 25 or 20)',
      type: 'integer',
      default: 30,
      min: 20,
      max: 30,
      step: 5,
    },
    {
      key: 'firstMeldMinimum',
      description: 'First meld must be worth at least (40 or 30)',
      type: 'integer',
      default: 40,
      min: 30,
      max: 40,
      step: 10,
    },
    { key: 'startWith14', description: 'Start with 14 cards: no turn-up, the starter does not draw', type: 'boolean', default: false },
    { key: 'fourteenthToForehand', description: 'With 14: forehand, not the dealer, gets the 14th card', type: 'boolean', default: false },
    { key: 'discardPickupMustBeMelded', description: 'A card taken from the discard pile must be melded that turn', type: 'boolean', default: false },
    { key: 'aroundTheCorner', description: 'Runs may go around the corner (K-A-2)', type: 'boolean', default: false },
    { key: 'strictSetSwap', description: 'Strict set swap: a set joker only for four natural cards', type: 'boolean', default: false },
    { key: 'handRomme', description: 'Hand-Rommé: going out at once doubles the others’ penalty', type: 'boolean', default: false },
    { key: 'deals', description: 'Deals in the game (0 = one per player)', type: 'integer', default: 0, min: 0, max: 30 },
    { key: 'penaltyLimit', description: 'Play until a penalty total reaches this (0 = off)', type: 'integer', default: 0, min: 0, max: 2000 },
  ],
  setup,
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
