/**
 * Rommé's Discord UI: every renderer in the reader's language (`loc`).
 */
import type { DealScore, RommeEvent, RommeResult, RommeView } from '../../../games/romme/index.ts';
import type { GameUi } from '../types.ts';
import { refusal } from './format.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { rommeRecordUi } from './record-lines.ts';
import { rules } from './rules.ts';
import { renderResult } from './result.ts';
import { renderTable, tablePicture } from './table.ts';

export const rommeUi: GameUi<RommeView, RommeEvent, DealScore, RommeResult> = {
  table: renderTable,
  result: renderResult,
  hand: renderHand,
  parse: parseHand,
  narrate: (loc, events, names) => narrate(loc, events, names),
  opening,
  rules,
  refusal,
  toAct: (view) => view.toAct,
  picture: tablePicture,
  records: rommeRecordUi,
};
