/**
 * Réunion's Discord UI: renderers, the hand-control codec, narration, the rules and refusals, each in the reader's
 * language (the `Locale` every renderer takes first).
 */
import type { DealScore, ReunionEvent, ReunionResult, ReunionView } from '../../../games/reunion/index.ts';
import type { GameUi } from '../types.ts';
import { refusal } from './format.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { reunionRecordUi } from './records.ts';
import { rules } from './rules.ts';
import { renderTable } from './table.ts';

export const reunionUi: GameUi<ReunionView, ReunionEvent, DealScore, ReunionResult> = {
  table: renderTable,
  hand: renderHand,
  /** Hand payloads are card ids and suits, the same in every language; the name menu's value is a card id. */
  parse: (_loc, payload, view, values) => parseHand(payload, view, values),
  narrate: (loc, events, names) => narrate(loc, events, names),
  opening,
  rules,
  refusal,
  toAct: (view) => view.toAct,
  records: reunionRecordUi,
};
