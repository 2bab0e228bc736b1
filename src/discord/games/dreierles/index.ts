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
  table: (_loc, view, names, mentions) => renderTable(view, names, mentions),
  hand: (_loc, view, names, stamp, selection, note) => renderHand(view, names, stamp, selection, note),
  parse: (_loc, payload, view) => parseHand(payload, view),
  narrate: (_loc, events, names, view) => narrate(events, names, view),
  opening: (_loc, view, names) => opening(view, names),
  rules: () => DREIERLES_RULES,
  refusal: (_loc, reason) => reason.message ?? reason.code,
  toAct: (view) => view.toAct,
  records: dreierlesRecordUi,
};
