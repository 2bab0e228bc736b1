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
  table: (_loc, view, names, mentions) => renderTable(view, names, mentions),
  hand: (_loc, view, names, stamp, selection, note) => renderHand(view, names, stamp, selection, note),
  parse: (_loc, payload, view, values) => parseHand(payload, view, values),
  narrate: (_loc, events, names) => narrate(events, names),
  opening: (_loc, view, names) => opening(view, names),
  rules: () => ROMME_RULES,
  refusal: (_loc, reason) => reason.message ?? reason.code,
  toAct: (view) => view.toAct,
  records: rommeRecordUi,
};
