/**
 * A game's score sheet in its result message: one line per deal, oldest first, and the totals line last, laid out as
 * embed fields within Discord's limits (a field's value at most 1,024 characters, a message's embeds 6,000 in all).
 */
import type { APIEmbedField } from 'discord.js';
import type { Locale } from '../../i18n/index.ts';
import { clip } from './format.ts';

/** Characters the sheet may take in all, so that the result's podium and title keep room within the embed's 6,000. */
const SHEET_BUDGET = 3_000;

/** Discord's limit of one embed field's value. */
const FIELD_VALUE = 1_024;

/**
 * The score sheet as embed fields named `name`: the `deals` lines (one a deal, oldest first) and the `total` line
 * after them, split over as many fields as they need. When the lines pass `SHEET_BUDGET` characters the oldest deals
 * are left out and the first line says how many (`board.earlier_deals`). A line longer than a field is clipped.
 */
export function sheetFields(loc: Locale, name: string, deals: readonly string[], total: string): APIEmbedField[] {
  const sheet = (kept: readonly string[]) => [
    ...(kept.length < deals.length ? [loc.t('board.earlier_deals', { count: deals.length - kept.length })] : []),
    ...kept,
    clip(total, FIELD_VALUE),
  ];
  let kept = deals.map((l) => clip(l, FIELD_VALUE));
  while (kept.length && sheet(kept).reduce((n, l) => n + l.length + 1, 0) > SHEET_BUDGET) kept = kept.slice(1);
  const values: string[] = [];
  for (const line of sheet(kept)) {
    const last = values.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= FIELD_VALUE) values[values.length - 1] = `${last}\n${line}`;
    else values.push(line);
  }
  return values.map((value) => ({ name, value }));
}
