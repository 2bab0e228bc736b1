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
  table: (loc, view, names, mentions) => renderTable(loc, view, names, mentions),
  hand: (loc, view, names, stamp, selection, note) => renderHand(loc, view, names, stamp, selection, note),
  parse: (loc, payload, view, values) => parseHand(loc, payload, view, values),
  narrate: (loc, events, names) => narrate(loc, events, names),
  opening: (loc, view, names) => opening(loc, view, names),
  rules: () => ({ content: ROMME_RULES }),
  refusal: (_loc, reason) => reason.message ?? reason.code,
  toAct: (view) => view.toAct,
  records: rommeRecordUi,
};
