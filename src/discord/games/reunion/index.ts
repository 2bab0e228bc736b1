/**
 * Réunion's Discord UI: renderers, the hand-control codec, narration, the rules and refusals, each in the reader's
 * language (the `Locale` every renderer takes first).
 */
import type { DealScore, ReunionEvent, ReunionResult, ReunionView } from '../../../games/reunion/index.ts';
import type { GameUi } from '../types.ts';
import { refusal } from './format.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { reunionRecordUi } from './record-lines.ts';
import { rules } from './rules.ts';
import { renderResult } from './result.ts';
import { renderTable, tablePicture } from './table.ts';

export const reunionUi: GameUi<ReunionView, ReunionEvent, DealScore, ReunionResult> = {
  table: renderTable,
  result: renderResult,
  hand: renderHand,
  /** Hand payloads are card ids, the same in every language. */
  parse: (_loc, payload, view, values) => parseHand(payload, view, values),
  narrate: (loc, events, names, view) => narrate(loc, events, names, view),
  opening,
  rules,
  refusal,
  toAct: (view) => view.toAct,
  picture: tablePicture,
  records: reunionRecordUi,
};
