/**
 * Dreierles's Discord UI: renderers, the hand-control codec, narration, refusals and the rules summary, each in the
 * reader's language.
 */
import type { DealScore, DreierlesEvent, DreierlesResult, DreierlesView } from '../../../games/dreierles/index.ts';
import type { GameUi } from '../types.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { dreierlesRecordUi } from './record-lines.ts';
import { refusal } from './refusal.ts';
import { rules } from './rules.ts';
import { renderResult } from './result.ts';
import { renderTable, tablePicture } from './table.ts';

export const dreierlesUi: GameUi<DreierlesView, DreierlesEvent, DealScore, DreierlesResult> = {
  table: (loc, view, names, mentions) => renderTable(loc, view, names, mentions),
  result: renderResult,
  hand: (loc, view, names, stamp, selection, note) => renderHand(loc, view, names, stamp, selection, note),
  parse: parseHand,
  narrate: (loc, events, names, view) => narrate(loc, events, names, view),
  opening: (loc, view, names) => opening(loc, view, names),
  rules: (loc) => rules(loc),
  refusal: (loc, reason) => refusal(loc, reason),
  toAct: (view) => view.toAct,
  picture: tablePicture,
  records: dreierlesRecordUi,
};
