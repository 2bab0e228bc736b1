/**
 * What each game contributes to its records: measure, ranks, counts and per-deal scores (one file per game).
 */
import type { GameId } from '../../games/types.ts';
import type { RecordRules } from '../types.ts';
import { dreierlesRecords } from './dreierles.ts';
import { reunionRecords } from './reunion.ts';
import { rommeRecords } from './romme.ts';

export const RECORD_RULES: Record<GameId, RecordRules> = { reunion: reunionRecords, dreierles: dreierlesRecords, romme: rommeRecords };
