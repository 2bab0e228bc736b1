/**
 * Rommé's Discord UI.
 */
import type { DealScore, RommeEvent, RommeResult, RommeView } from '../../../games/romme/index.ts';
import type { GameUi } from '../types.ts';
import { parseHand, renderHand } from './hand.ts';
import { narrate, opening } from './narrate.ts';
import { rommeRecordUi } from './records.ts';
import { ROMME_RULES } from './rules.ts';
import { renderTable } from './table.ts';

export const rommeUi: GameUi<RommeView, RommeEvent, DealScore, RommeResult> = {
  table: renderTable,
  hand: renderHand,
  parse: parseHand,
  narrate,
  opening,
  rules: ROMME_RULES,
  toAct: (view) => view.toAct,
  records: rommeRecordUi,
};
