/**
 * The review's components (docs/playing.md § Review, § Practice): the board's **Review deal n** button once a deal is
 * over, the **Review a deal…** menu under a game's result and `/replay`, and the **Hint** button on a practice hand.
 * Their custom_ids carry the table id and a deal number or a hand's stamp, never a card.
 */
import { ActionRowBuilder, ButtonStyle, ComponentType, StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../i18n/index.ts';
import { encodeId } from '../customId.ts';

/** A message body with components (a board or hand payload). */
type WithRows = { components?: readonly unknown[] | undefined };

/** A row of components as JSON (a builder's `toJSON`, or the object itself). */
type RowJson = { type: number; components: { custom_id?: string }[] };

/** Most options a select menu has. */
const MENU_OPTIONS = 25;

/**
 * `payload` with `button` added to the row holding **My hand** (or a hand's Refresh, also `st:hand`), or in a row of
 * its own when that row is full; unchanged when the message has no such button or no room.
 */
function besideMyHand<P extends WithRows>(payload: P, button: Record<string, unknown>): P {
  const rows = payload.components;
  if (!rows?.length) return payload;
  const hand = encodeId({ kind: 'hand' });
  const json = rows.map((row) =>
    typeof row === 'object' && row !== null && 'toJSON' in row ? (row as { toJSON(): RowJson }).toJSON() : (row as RowJson),
  );
  const at = json.findIndex((row) => row.components.some((c) => c.custom_id === hand) && row.components.length < 5);
  if (at >= 0) {
    const row = json[at] as RowJson;
    json[at] = { ...row, components: [...row.components, button] };
  } else if (json.length < 5 && json.some((row) => row.components.some((c) => c.custom_id === hand))) {
    json.push({ type: ComponentType.ActionRow, components: [button] });
  } else return payload;
  return { ...payload, components: json };
}

/** The board `payload` with **Review deal n** for deal `deal` (0-based) of table `tableId`. */
export function withReviewButton<P extends WithRows>(loc: Locale, payload: P, tableId: string, deal: number): P {
  return besideMyHand(payload, {
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    custom_id: encodeId({ kind: 'review', table: tableId, deal }),
    label: loc.t('review.button', { no: deal + 1 }),
  });
}

/** A practice hand `payload` with **Hint** (`stamp`: the hand's `<tableId>.<version>.<seat>`). */
export function withHintButton<P extends WithRows>(loc: Locale, payload: P, stamp: string): P {
  return besideMyHand(payload, {
    type: ComponentType.Button,
    style: ButtonStyle.Primary,
    custom_id: encodeId({ kind: 'hint', stamp }),
    label: loc.t('review.hintButton'),
  });
}

/** The **Review a deal…** menu of game `id` with `deals` finished deals (the first 25). */
export function reviewMenuRow(loc: Locale, id: string, deals: number): ActionRowBuilder<StringSelectMenuBuilder> {
  const options = Array.from({ length: Math.min(deals, MENU_OPTIONS) }, (_, d) => ({
    label: loc.t('review.option', { no: d + 1 }),
    value: String(d),
  }));
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(encodeId({ kind: 'review', table: id, deal: null }))
      .setPlaceholder(loc.t('review.menu'))
      .addOptions(options),
  );
}
