/**
 * The board's **Open table** button (src/discord/web-open.ts answers it), shown only where the web table is on.
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Locale } from '../../i18n/index.ts';
import { encodeId } from '../customId.ts';
import type { Payload } from '../games/types.ts';

/** A row of components as JSON (a builder's `toJSON`, or the object itself). */
type RowJson = { type: number; components: { custom_id?: string }[] };

/**
 * The board `payload` with an **Open table** button beside **My hand** (when it has that button): added only where
 * the web table is on.
 */
export function withOpenTable(loc: Locale, payload: Payload): Payload {
  const rows = payload.components as unknown[] | undefined;
  if (!rows?.length) return payload;
  const hand = encodeId({ kind: 'hand' });
  const json = rows.map((row) =>
    typeof row === 'object' && row !== null && 'toJSON' in row ? (row as { toJSON(): RowJson }).toJSON() : (row as RowJson),
  );
  const at = json.findIndex((row) => row.components.some((c) => c.custom_id === hand) && row.components.length < 5);
  if (at < 0) return payload;
  const open = { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: encodeId({ kind: 'open' }), label: loc.t('button.open_table') };
  const row = json[at] as RowJson;
  json[at] = { ...row, components: [...row.components, open] };
  return { ...payload, components: json } as Payload;
}
