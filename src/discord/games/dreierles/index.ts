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
  table: (loc, view, names, mentions) => renderTable(loc, view, names, mentions),
  hand: (loc, view, names, stamp, selection, note) => renderHand(loc, view, names, stamp, selection, note),
  parse: (loc, payload, view) => parseHand(loc, payload, view),
  narrate: (loc, events, names, view) => narrate(loc, events, names, view),
  opening: (loc, view, names) => opening(loc, view, names),
  rules: () => ({ content: DREIERLES_RULES }),
  refusal: (_loc, reason) => reason.message ?? reason.code,
  toAct: (view) => view.toAct,
  records: dreierlesRecordUi,
};
