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
  table: (loc, view, names, mentions) => renderTable(loc, view, names, mentions),
  hand: (loc, view, names, stamp, selection, note) => renderHand(loc, view, names, stamp, selection, note),
  parse: (loc, payload, view) => parseHand(loc, payload, view),
  narrate: (loc, events, names) => narrate(loc, events, names),
  opening: (loc, view, names) => opening(loc, view, names),
  rules: () => ({ content: REUNION_RULES }),
  refusal: (_loc, reason) => reason.message ?? reason.code,
  toAct: (view) => view.toAct,
  records: reunionRecordUi,
};
