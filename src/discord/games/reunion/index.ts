/**
 * Réunion's Discord UI: renderers, the hand-control codec, narration and the rules summary.
 */
import type { DealScore, ReunionEvent, ReunionResult, ReunionView } from '../../../games/reunion/index.ts';
import type { GameUi } from '../types.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { reunionRecordUi } from './records.ts';
import { REUNION_RULES } from './rules.ts';
import { renderTable } from './table.ts';

export const reunionUi: GameUi<ReunionView, ReunionEvent, DealScore, ReunionResult> = {
  table: renderTable,
  hand: renderHand,
  parse: parseHand,
  narrate,
  opening,
  rules: REUNION_RULES,
  toAct: (view) => view.toAct,
  records: reunionRecordUi,
};
