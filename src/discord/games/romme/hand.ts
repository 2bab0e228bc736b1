/**
 * A player's ephemeral Rommé hand: a multi-select of the cards (sorted by suit and rank) with the running
 * value of the selection, and the turn's controls — Draw from stock, Take discard, Meld, Add group (for a
 * first meld of several melds), Discard, Lay off on #n, Swap joker in #n, Meld as… (only when a joker's
 * place is ambiguous), Suggestions. Payloads inside `st:g:<stamp>:<payload>`, `~`-separated, with the
 * selection state of ./selection.ts: `s~<state>` select · `ds` / `dd` draw · `m~<state>` meld ·
 * `a~<state>` meld as (value: start) · `g~<state>` add group · `x~<state>` discard · `l~<state>` lay off
 * (value: meld no, `L`/`H` for a joker's end) · `w~<state>` swap (value: `<meld>.<natural>`) · `sg` · `c`.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { CardId } from '../../../games/romme/cards.ts';
import {
  bestMelds,
  type Found,
  placeTakenInView,
  type Group,
  isTakenCard,
  meldReadings,
  readingValue,
  type RommeMove,
  type RommeView,
  swapChoices,
} from '../../../games/romme/index.ts';
import { encodeId } from '../../customId.ts';
import { nameOf } from '../../render/format.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { cardLabel, cardLabels, describeMeld } from './format.ts';
import { decodeSelection, encodeSelection, type Selection, sortRomme } from './selection.ts';

const EMPTY: Selection = { staged: [], selected: [] };

/** Value of a group if it is a meld (the chosen or only reading), else null; and how many readings it has. */
function groupValue(g: Group, view: RommeView): { value: number | null; readings: number } {
  const rs = meldReadings(g.cards, view.options);
  const r = rs.find((x) => x.kind === 'run' && x.start === g.start) ?? (rs.length === 1 ? rs[0] : undefined);
  return { value: r ? readingValue(r) : null, readings: rs.length };
}

/** Lay-off targets the engine offers for a single selected card: meld numbers, with `L`/`H` for a joker's end (named when both fit). */
function layOffTargets(loc: Locale, view: RommeView, card: CardId): { value: string; label: string }[] {
  const offered = view.layOffs.filter((l) => l.card === card);
  return offered
    .map((l) => {
      const value = `${l.meld}${l.end === 'low' ? 'L' : l.end === 'high' ? 'H' : ''}`;
      const both = l.end !== undefined && offered.filter((o) => o.meld === l.meld).length > 1;
      const label = both ? loc.t(l.end === 'low' ? 'romme:hand.layOffLow' : 'romme:hand.layOffHigh', { meld: l.meld }) : `#${l.meld}`;
      return { value, label };
    })
    .slice(0, 25);
}

/**
 * The joker swaps the engine offers for the selection, one entry per way the new meld can be read.
 * Value: `<meld>.<natural indices>` plus `@<start>` for a run.
 */
function swapTargets(loc: Locale, view: RommeView, sel: readonly CardId[], sorted: readonly CardId[]): { value: string; label: string }[] {
  const idx = (cards: readonly CardId[]) => cards.map((c) => sorted.indexOf(c).toString(36)).join('');
  return swapChoices(view, sel)
    .map((c) => ({
      value: `${c.meld}.${idx(c.naturals)}${c.start !== undefined ? `@${c.start}` : ''}`,
      label: loc
        .t('romme:hand.swapOption', {
          count: c.freed.length,
          meld: c.meld,
          cards: cardLabels(loc, c.naturals),
          result: describeMeld(loc, { no: 0, owner: 0, ...c.reading }),
        })
        .slice(0, 100),
    }))
    .slice(0, 25);
}

function status(loc: Locale, view: RommeView, names: Names): string {
  if (view.result) return loc.t('romme:hand.over');
  if (view.toAct[0] !== view.seat) return loc.t('romme:hand.waiting', { name: nameOf(names, view.turn) });
  if (view.phase === 'draw')
    return loc.t('romme:hand.turnDraw', { card: view.discardTop ? cardLabel(loc, view.discardTop) : loc.t('romme:hand.theDiscard') });
  const play = loc.t('romme:hand.turnPlay');
  return view.hasMelded[view.seat ?? 0] ? play : `${play} ${loc.t('romme:hand.firstMeld', { minimum: view.options.firstMeldMinimum })}`;
}

/** Render the hand of `view.seat`; `selection[0]` holds the encoded selection state. */
export function renderHand(loc: Locale, view: RommeView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const sorted = sortRomme(view.hand);
  const sel = decodeSelection(selection[0] ?? '_', sorted) ?? EMPTY;
  const state = encodeSelection(sel, sorted);
  const id = (payload: string) => encodeId({ kind: 'game', stamp, payload });
  const myTurn = view.toAct[0] === view.seat && !view.result;
  const playing = myTurn && view.phase === 'play';
  const lines = [
    note,
    loc.t(view.totalDeals ? 'romme:hand.headerOf' : 'romme:hand.header', {
      deal: view.dealNo + 1,
      total: view.totalDeals,
      cards: cardLabels(loc, sorted),
    }),
    status(loc, view, names),
  ].filter(Boolean) as string[];
  const stagedValue = sel.staged.reduce((t, g) => t + (groupValue(g, view).value ?? 0), 0);
  const current = sel.selected.length ? groupValue({ cards: sel.selected }, view) : { value: null, readings: 0 };
  if (sel.staged.length)
    lines.push(loc.t('romme:hand.staged', { groups: sel.staged.map((g) => `[${cardLabels(loc, g.cards)}]`).join(' '), value: stagedValue }));
  if (sel.selected.length)
    lines.push(
      loc.t(current.value !== null ? 'romme:hand.selectedMeld' : current.readings > 1 ? 'romme:hand.selectedAmbiguous' : 'romme:hand.selectedNone', {
        cards: cardLabels(loc, sel.selected),
        value: current.value,
      }),
    );
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const stagedCards = new Set(sel.staged.flatMap((g) => g.cards));
  const choosable = sorted.filter((c) => !stagedCards.has(c)).slice(0, 25);
  if (choosable.length)
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id(`s~${encodeSelection({ staged: sel.staged, selected: [] }, sorted)}`))
          .setPlaceholder(loc.t('romme:hand.select'))
          .setMinValues(0)
          .setMaxValues(choosable.length)
          .addOptions(choosable.map((c) => ({ label: cardLabel(loc, c), value: sorted.indexOf(c).toString(36), default: sel.selected.includes(c) }))),
      ),
    );
  const buttons: ButtonBuilder[] = [];
  const button = (payload: string, label: string, style: ButtonStyle, disabled = false) =>
    new ButtonBuilder().setCustomId(id(payload)).setLabel(label.slice(0, 80)).setStyle(style).setDisabled(disabled);
  if (myTurn && view.phase === 'draw') {
    buttons.push(button('ds', loc.t('romme:hand.drawStock', { count: view.stockSize }), ButtonStyle.Primary));
    if (view.discardTop) buttons.push(button('dd', loc.t('romme:hand.take', { card: cardLabel(loc, view.discardTop) }), ButtonStyle.Primary));
  }
  if (playing) {
    const total = stagedValue + (current.value ?? 0);
    const canMeld = (sel.selected.length === 0 && sel.staged.length > 0) || current.value !== null;
    buttons.push(
      button(`m~${state}`, canMeld ? loc.t('romme:hand.meldWorth', { value: total }) : loc.t('romme:hand.meld'), ButtonStyle.Success, !canMeld),
    );
    if (!view.hasMelded[view.seat ?? 0])
      buttons.push(button(`g~${state}`, loc.t('romme:hand.addGroup'), ButtonStyle.Secondary, current.value === null));
    const one = sel.selected.length === 1 && sel.staged.length === 0 ? sel.selected[0] : undefined;
    buttons.push(
      button(
        `x~${state}`,
        one ? loc.t('romme:hand.discard', { card: cardLabel(loc, one) }) : loc.t('romme:hand.discardSelect'),
        ButtonStyle.Danger,
        !one || isTakenCard(view.takenFromDiscard, one),
      ),
    );
  }
  if (myTurn) buttons.push(button('sg', loc.t('romme:hand.suggestions'), ButtonStyle.Secondary));
  buttons.push(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'hand' }))
      .setLabel(loc.t('romme:hand.refresh'))
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(0, 5)));
  if (playing && view.mayLayOff && sel.selected.length === 1 && sel.staged.length === 0) {
    const targets = layOffTargets(loc, view, sel.selected[0] as CardId);
    if (targets.length)
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(id(`l~${state}`))
            .setPlaceholder(loc.t('romme:hand.layOffOn', { card: cardLabel(loc, sel.selected[0] as CardId) }))
            .addOptions(targets),
        ),
      );
  }
  if (playing && view.maySwap && sel.selected.length >= 3 && sel.staged.length === 0) {
    const targets = swapTargets(loc, view, sel.selected, sorted);
    if (targets.length)
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(id(`w~${state}`))
            .setPlaceholder(loc.t('romme:hand.swapIn'))
            .addOptions(targets),
        ),
      );
  }
  if (playing && current.readings > 1) {
    const options = meldReadings(sel.selected, view.options).flatMap((r) =>
      r.kind === 'run' ? [{ value: String(r.start), label: describeMeld(loc, { no: 0, owner: 0, ...r }).slice(0, 100) }] : [],
    );
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id(`a~${state}`))
          .setPlaceholder(loc.t('romme:hand.meldAs'))
          .addOptions(options.slice(0, 25)),
      ),
    );
  }
  return { content: lines.join('\n').slice(0, 2000), components: rows, allowedMentions: { parse: [] } };
}

/** The melds of a meld move, read as the engine reads them, with their value. */
function placedMelds(groups: readonly Group[], view: RommeView): { melds: Found[]; value: number } {
  const melds = groups.flatMap((g) => {
    const rs = meldReadings(g.cards, view.options);
    const r = rs.find((x) => x.kind === 'run' && x.start === g.start) ?? rs[0];
    return r ? [{ ...r, value: readingValue(r) }] : [];
  });
  return { melds, value: melds.reduce((t, f) => t + f.value, 0) };
}

/** Suggestions: the most valuable melds the hand can make, set aside ready to meld, with a note (and, after a first meld, where a card could be laid off). */
function suggest(loc: Locale, view: RommeView, sorted: readonly CardId[]): HandAction {
  // With the pick-up option, the card taken from the pile must be placed: suggest melds that place it.
  const placing = placeTakenInView(view);
  const taken = view.takenFromDiscard;
  const found = bestMelds(view.hand, view.options);
  const usePlacing = placing?.type === 'meld' && taken !== null && !found.melds.some((f) => f.cards.includes(taken));
  const best = usePlacing ? placedMelds(placing.groups, view) : found;
  const first = !view.hasMelded[view.seat ?? 0];
  const layOffs = [...new Set(view.layOffs.map((l) => loc.t('romme:hand.layOffItem', { card: cardLabel(loc, l.card), meld: l.meld })))].slice(0, 5);
  const withLayOffs = (note: string) => (layOffs.length ? `${note} ${loc.t('romme:hand.canLayOff', { list: layOffs.join(', ') })}` : note);
  const melds = best.melds.map((f) => `[${cardLabels(loc, f.cards)}]`).join(' ');
  if (!best.melds.length) return { kind: 'select', selection: ['_'], note: withLayOffs(loc.t('romme:hand.noMeld')) };
  if (view.phase === 'draw') return { kind: 'select', selection: ['_'], note: loc.t('romme:hand.afterDraw', { melds, value: best.value }) };
  const staged = best.melds.map((f): Group => (f.kind === 'run' ? { cards: f.cards, start: f.start } : { cards: f.cards }));
  // A placing meld is legal as it is (it may go out at once below the minimum).
  const short = first && !usePlacing && best.value < view.options.firstMeldMinimum;
  return {
    kind: 'select',
    selection: [short ? '_' : encodeSelection({ staged, selected: [] }, sorted)],
    note: short
      ? loc.t('romme:hand.short', { value: best.value, minimum: view.options.firstMeldMinimum })
      : withLayOffs(loc.t('romme:hand.setAside', { melds, value: best.value })),
  };
}

/** Decode a hand payload against the seat's view and a select's values; null when malformed. */
export function parseHand(loc: Locale, payload: string, view: RommeView, values: readonly string[]): HandAction | null {
  const sorted = sortRomme(view.hand);
  const [kind, text = '_'] = payload.split('~');
  if (kind === 'ds' || kind === 'dd') return { kind: 'move', move: { type: 'draw', from: kind === 'ds' ? 'stock' : 'discard' } };
  if (kind === 'c') return { kind: 'select', selection: ['_'] };
  if (kind === 'sg') return suggest(loc, view, sorted);
  const sel = decodeSelection(text, sorted);
  if (!sel) return null;
  const move = (m: RommeMove): HandAction => ({ kind: 'move', move: m });
  switch (kind) {
    case 's': {
      const chosen = values.map((v) => sorted[parseInt(v, 36)]);
      if (!chosen.every((c): c is CardId => !!c)) return null;
      return { kind: 'select', selection: [encodeSelection({ staged: sel.staged, selected: chosen }, sorted)] };
    }
    case 'g':
      return { kind: 'select', selection: [encodeSelection({ staged: [...sel.staged, { cards: sel.selected }], selected: [] }, sorted)] };
    case 'm':
      return move({ type: 'meld', groups: [...sel.staged, ...(sel.selected.length ? [{ cards: sel.selected }] : [])] });
    case 'a': {
      const start = Number(values[0]);
      return Number.isInteger(start) ? move({ type: 'meld', groups: [...sel.staged, { cards: sel.selected, start }] }) : null;
    }
    case 'x':
      return sel.selected.length === 1 ? move({ type: 'discard', card: sel.selected[0] as CardId }) : null;
    case 'l': {
      const m = /^(\d+)([LH]?)$/.exec(values[0] ?? '');
      if (!m || sel.selected.length !== 1) return null;
      const end = m[2] === 'L' ? 'low' : m[2] === 'H' ? 'high' : undefined;
      return move({ type: 'layOff', meld: Number(m[1]), card: sel.selected[0] as CardId, ...(end ? { end } : {}) });
    }
    case 'w': {
      const m = /^(\d+)\.([0-9a-z]{1,2})(?:@(\d{1,2}))?$/.exec(values[0] ?? '');
      const naturals = m ? [...(m[2] as string)].map((c) => sorted[parseInt(c, 36)]) : [];
      if (!m || !naturals.every((c): c is CardId => !!c && sel.selected.includes(c))) return null;
      const rest = sel.selected.filter((c) => !naturals.includes(c));
      return move({ type: 'swap', meld: Number(m[1]), naturals, cards: rest, ...(m[3] ? { start: Number(m[3]) } : {}) });
    }
    default:
      return null;
  }
}
