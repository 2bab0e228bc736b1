/**
 * Dreierles's Discord UI: renderers, the hand-control codec, narration and the rules summary.
 */
import type { DealScore, DreierlesEvent, DreierlesResult, DreierlesView } from '../../../games/dreierles/index.ts';
import type { GameUi } from '../types.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { dreierlesRecordUi } from './records.ts';
import { DREIERLES_RULES } from './rules.ts';
import { renderTable } from './table.ts';

export const dreierlesUi: GameUi<DreierlesView, DreierlesEvent, DealScore, DreierlesResult> = {
  table: renderTable,
  hand: renderHand,
  parse: parseHand,
  narrate,
  opening,
  rules: DREIERLES_RULES,
  toAct: (view) => view.toAct,
  records: dreierlesRecordUi,
};
