/**
 * A player's ephemeral Rommé hand. At the top the table as the player needs it (./hand-table.ts); below, the cards
 * as buttons (sorted by suit and rank, in up to four rows laid out and coloured by the rule all hands share,
 * ../../kit/card-rows.ts: each suit from a row of its own, the jokers blurple in free places; a picked card marked
 * ✓), the turn's controls, and menus in the rows left, in one of four modes:
 * - not your turn: the cards shown, disabled; Refresh.
 * - draw: Draw from stock, Take <card>, Suggestions, Refresh (the cards disabled).
 * - discard (after the draw, nothing picked): a click on a card discards it; Pick cards switches to
 *   pick mode; a menu offers every lay-off, card and target together ("6♦ on #2 7♥ 8♥ 9♥"), another the melds the
 *   hand can make (choosing one picks its cards: then Meld).
 * - pick: a click on a card picks or drops it; Meld, Add group (before a first meld), Discard <card>, Suggestions,
 *   Back (to discard mode); for a run whose joker could sit in several places one Meld button per place (Meld as…
 *   when more than three); menus for what the picked cards allow: Swap a joker in…,
 *   Lay off <card> on… — each target named by its cards.
 * A plain turn takes two clicks (Draw, a card); a meld three (its menu, Meld) or five (Pick cards, three cards, Meld).
 * Only what the engine's view offers is offered (`layOffs`, `swapChoices`, `meldReadings`). Cards the four rows have
 * no room for are listed in the text and offered in a menu (`o`) whose options do what their buttons would.
 *
 * Payloads inside `st:g:<stamp>:<payload>`, `~`-separated, with the selection state of ./selection.ts (`<state>`;
 * its presence is pick mode): `ds` / `dd` draw · `x<i>` discard card i (base 36 in the sorted hand) · `p` pick mode ·
 * `t<i>~<state>` pick or drop card i · `A<start>~<state>` meld as the run from start · `L` lay off (value:
 * `<i>.<meld>[L|H]`) · `P` pick a meld's cards (value: card indices) · `o` a card without a button (value: its
 * button's payload) · `m~<state>` meld · `a~<state>` meld as (value: start) · `g~<state>` add group · `x~<state>` discard ·
 * `l~<state>` lay off (value: meld no, `L`/`H` for a joker's end) · `w~<state>` swap (value: `<meld>.<natural>`) ·
 * `sg` suggestions · `c` back to discard mode.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { type CardId, isJoker, suitOfCard } from '../../../games/romme/pack.ts';
import { type Group, isTakenCard, meldReadings, readingValue, type RommeMove, type RommeView } from '../../../games/romme/index.ts';
import { encodeId } from '../../customId.ts';
import { cardEmoji } from '../../kit/card-emojis.ts';
import { cardLayout, type HandCard, hiddenLines, overflowChoice, suitColour } from '../../kit/card-rows.ts';
import { nameOf } from '../../kit/format.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { cardLabel, cardLabels, describeMeld } from './format.ts';
import { tableLines } from './hand-table.ts';
import { discardMenu, layOffTargets, type MenuOption, shortcutsOf, swapTargets } from './hand-targets.ts';
import { suggest } from './hand-suggest.ts';
import { decodeSelection, encodeSelection, type Selection, sortRomme } from './selection.ts';

const EMPTY: Selection = { staged: [], selected: [] };

/** Rows the cards may take (the controls take one, the menus what is left). */
const CARD_ROWS = 4;

type Mode = 'wait' | 'draw' | 'discard' | 'pick';
type Row = ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>;

/** Value of a group if it is a meld (the chosen or only reading), else null; and how many readings it has. */
function groupValue(g: Group, view: RommeView): { value: number | null; readings: number } {
  const rs = meldReadings(g.cards, view.options);
  const r = rs.find((x) => x.kind === 'run' && x.start === g.start) ?? (rs.length === 1 ? rs[0] : undefined);
  return { value: r ? readingValue(r) : null, readings: rs.length };
}

/** The line saying what the player can do now. */
function status(loc: Locale, view: RommeView, names: Names, mode: Mode): string {
  if (view.result) return loc.t('romme:hand.over');
  if (mode === 'wait') return loc.t('romme:hand.waiting', { name: nameOf(names, view.turn) });
  if (mode === 'draw')
    return loc.t('romme:hand.turnDraw', { card: view.discardTop ? cardLabel(loc, view.discardTop) : loc.t('romme:hand.theDiscard') });
  const play =
    mode === 'discard'
      ? loc.t('romme:hand.turnDiscard', { pick: loc.t('romme:hand.pick') })
      : loc.t('romme:hand.turnPick', { back: loc.t('romme:hand.back') });
  return view.hasMelded[view.seat ?? 0] ? play : `${play} ${loc.t('romme:hand.firstMeld', { minimum: view.options.firstMeldMinimum })}`;
}

/** A select menu in a row of its own. */
function menuRow(customId: string, placeholder: string, options: readonly MenuOption[]): Row {
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(customId)
      .setPlaceholder(placeholder.slice(0, 150))
      .addOptions(options.slice(0, 25).map((o) => ({ value: o.value, label: o.label.slice(0, 100), ...(o.emoji ? { emoji: o.emoji } : {}) }))),
  ) as Row;
}

/** The hand's cards as controls for the mode: discard them, pick them (staged and picked ones marked ✓), or only shown. */
function cardsOf(loc: Locale, view: RommeView, mode: Mode, sorted: readonly CardId[], sel: Selection, state: string): HandCard[] {
  const staged = new Set(sel.staged.flatMap((g) => g.cards));
  return sorted.map((c) => {
    const i = sorted.indexOf(c).toString(36);
    const card = {
      label: cardLabel(loc, c),
      emoji: cardEmoji(loc, c),
      group: isJoker(c) ? null : suitOfCard(c),
      colour: isJoker(c) ? ('trump' as const) : suitColour(suitOfCard(c)),
    };
    if (mode === 'discard') return { ...card, payload: `x${i}`, enabled: !isTakenCard(view.takenFromDiscard, c) };
    if (mode === 'pick') return { ...card, payload: `t${i}~${state}`, enabled: !staged.has(c), picked: staged.has(c) || sel.selected.includes(c) };
    return { ...card, payload: `t${i}~_`, enabled: false };
  });
}

/** Render the hand of `view.seat`; `selection[0]`, when present, holds the encoded selection state (pick mode). */
export function renderHand(loc: Locale, view: RommeView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const sorted = sortRomme(view.hand);
  const myTurn = view.toAct[0] === view.seat && !view.result;
  const mode: Mode = !myTurn ? 'wait' : view.phase === 'draw' ? 'draw' : selection[0] ? 'pick' : 'discard';
  const sel = (mode === 'pick' ? decodeSelection(selection[0] as string, sorted) : null) ?? EMPTY;
  const state = encodeSelection(sel, sorted);
  const id = (payload: string) => encodeId({ kind: 'game', stamp, payload });
  const lines = [
    note,
    loc.t(view.totalDeals ? 'romme:hand.headerOf' : 'romme:hand.header', { deal: view.dealNo + 1, total: view.totalDeals }),
    ...tableLines(loc, view, names),
    status(loc, view, names, mode),
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

  const button = (payload: string, label: string, style: ButtonStyle, disabled = false) =>
    new ButtonBuilder().setCustomId(id(payload)).setLabel(label.slice(0, 80)).setStyle(style).setDisabled(disabled);
  const buttons: ButtonBuilder[] = [];
  if (mode === 'draw') {
    buttons.push(button('ds', loc.t('romme:hand.drawStock', { count: view.stockSize }), ButtonStyle.Primary));
    if (view.discardTop) buttons.push(button('dd', loc.t('romme:hand.take', { card: cardLabel(loc, view.discardTop) }), ButtonStyle.Primary));
  }
  if (mode === 'discard') buttons.push(button('p', loc.t('romme:hand.pick'), ButtonStyle.Primary));
  // A run whose jokers could sit in two or three places: one Meld button per reading (more readings: a menu).
  const runs = mode === 'pick' && current.readings > 1 ? meldReadings(sel.selected, view.options).filter((r) => r.kind === 'run') : [];
  const meldAsButtons = runs.length > 0 && runs.length <= 3;
  if (meldAsButtons)
    for (const r of runs)
      if (r.kind === 'run')
        buttons.push(
          button(
            `A${r.start}~${state}`,
            loc.t('romme:hand.meldAsButton', { meld: describeMeld(loc, { no: 0, owner: 0, ...r }) }),
            ButtonStyle.Success,
          ),
        );
  if (mode === 'pick' && !meldAsButtons) {
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
  if (mode !== 'wait' && !meldAsButtons) buttons.push(button('sg', loc.t('romme:hand.suggestions'), ButtonStyle.Secondary));
  if (mode === 'pick') buttons.push(button('c', loc.t('romme:hand.back'), ButtonStyle.Secondary));
  else
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeId({ kind: 'hand' }))
        .setLabel(loc.t('romme:hand.refresh'))
        .setStyle(ButtonStyle.Secondary),
    );
  const controls = new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(0, 5)) as Row;

  // Menus for what the picked cards allow, taken from the cards' rows (they are the only way to their moves).
  const menus: Row[] = [];
  if (runs.length && !meldAsButtons) {
    const options = runs.flatMap((r) => (r.kind === 'run' ? [{ value: String(r.start), label: describeMeld(loc, { no: 0, owner: 0, ...r }) }] : []));
    menus.push(menuRow(id(`a~${state}`), loc.t('romme:hand.meldAs'), options));
  }
  if (mode === 'pick' && view.maySwap && sel.selected.length >= 2 && sel.staged.length === 0) {
    const options = swapTargets(loc, view, sel.selected, sorted);
    if (options.length) menus.push(menuRow(id(`w~${state}`), loc.t('romme:hand.swapIn'), options));
  }
  if (mode === 'pick' && view.mayLayOff && sel.selected.length === 1 && sel.staged.length === 0) {
    const card = sel.selected[0] as CardId;
    const options = layOffTargets(loc, view, card);
    if (options.length) menus.push(menuRow(id(`l~${state}`), loc.t('romme:hand.layOffOn', { card: cardLabel(loc, card) }), options));
  }
  const cards = cardsOf(loc, view, mode, sorted, sel, state);
  let layout = cardLayout(cards, CARD_ROWS - menus.length, id, loc.t('hand.moreMenu'));
  // The discard step's shortest ways to a meld or lay-off share one menu with the cards that have no button.
  const shortcuts = mode === 'discard' ? shortcutsOf(loc, view, sorted) : null;
  if (shortcuts) {
    layout = cardLayout(cards, CARD_ROWS - 1, id, null);
    const discards = layout.offered.map((c) => ({
      value: c.payload,
      label: loc.t('romme:hand.discard', { card: c.label }),
      ...(c.emoji ? { emoji: c.emoji } : {}),
    }));
    const menu = discardMenu(loc, shortcuts, discards);
    menus.push(menuRow(id('P'), menu.placeholder, menu.options));
  }
  lines.push(...hiddenLines(loc, layout.hidden));
  const rows: Row[] = [...layout.rows, controls];
  rows.push(...menus.slice(0, 5 - rows.length));
  return { content: lines.join('\n').slice(0, 2000), components: rows, allowedMentions: { parse: [] } };
}

/** Cards in hand order. */
const toggleOrder = (cards: CardId[], sorted: readonly CardId[]) => cards.sort((a, b) => sorted.indexOf(a) - sorted.indexOf(b));

/** The selection with card `c` picked (kept in hand order) or dropped; null when it is set aside already. */
function toggle(sel: Selection, c: CardId, sorted: readonly CardId[]): Selection | null {
  if (sel.staged.some((g) => g.cards.includes(c))) return null;
  const selected = sel.selected.includes(c) ? sel.selected.filter((x) => x !== c) : [...sel.selected, c];
  return { staged: sel.staged, selected: toggleOrder(selected, sorted) };
}

/** A lay-off's `<meld>[L|H]` code as a move for `card`; null when malformed. */
function layOffMove(code: string, card: CardId): RommeMove | null {
  const m = /^(\d+)([LH]?)$/.exec(code);
  if (!m) return null;
  const end = m[2] === 'L' ? 'low' : m[2] === 'H' ? 'high' : undefined;
  return { type: 'layOff', meld: Number(m[1]), card, ...(end ? { end } : {}) };
}

/** Decode a hand payload against the seat's view and a select's values; null when malformed. */
export function parseHand(loc: Locale, payload: string, view: RommeView, values: readonly string[]): HandAction | null {
  const sorted = sortRomme(view.hand);
  const card = (ch: string | undefined): CardId | undefined => (ch && /^[0-9a-z]$/.test(ch) ? sorted[parseInt(ch, 36)] : undefined);
  const move = (m: RommeMove | null): HandAction | null => (m ? { kind: 'move', move: m } : null);
  if (payload === 'ds' || payload === 'dd') return move({ type: 'draw', from: payload === 'ds' ? 'stock' : 'discard' });
  if (payload === 'c') return { kind: 'select', selection: [] };
  if (payload === 'p') return { kind: 'select', selection: [encodeSelection(EMPTY, sorted)] };
  if (payload === 'sg') return suggest(loc, view, sorted);
  const chosen = overflowChoice(payload, values, (p) => /^(x[0-9a-z]$|t[0-9a-z]~)/.test(p));
  if (chosen) return parseHand(loc, chosen, view, []);
  const discard = /^x([0-9a-z])$/.exec(payload);
  if (discard) {
    const c = card(discard[1]);
    return c ? move({ type: 'discard', card: c }) : null;
  }
  if (payload === 'P' && /^x[0-9a-z]$/.test(values[0] ?? '')) return parseHand(loc, values[0] as string, view, []);
  if (payload === 'P' && (values[0] ?? '').includes('.')) {
    const [i, code = ''] = (values[0] ?? '').split('.');
    const c = card(i);
    return c ? move(layOffMove(code, c)) : null;
  }
  if (payload === 'P') {
    const chosen = [...(/^[0-9a-z]{1,25}$/.exec(values[0] ?? '')?.[0] ?? '')].map((ch) => card(ch));
    const sel = chosen.length && chosen.every((c): c is CardId => !!c) && new Set(chosen).size === chosen.length ? chosen : null;
    return sel ? { kind: 'select', selection: [encodeSelection({ staged: [], selected: toggleOrder(sel, sorted) }, sorted)] } : null;
  }
  const [kind = '', text = '_'] = payload.split('~');
  const sel = decodeSelection(text, sorted);
  if (!sel) return null;
  const meldAs = /^A(\d{1,2})$/.exec(kind);
  if (meldAs) return move({ type: 'meld', groups: [...sel.staged, { cards: sel.selected, start: Number(meldAs[1]) }] });
  const picked = /^t([0-9a-z])$/.exec(kind);
  if (picked) {
    const c = card(picked[1]);
    const next = c ? toggle(sel, c, sorted) : null;
    return next ? { kind: 'select', selection: [encodeSelection(next, sorted)] } : null;
  }
  switch (kind) {
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
    case 'l':
      return sel.selected.length === 1 ? move(layOffMove(values[0] ?? '', sel.selected[0] as CardId)) : null;
    case 'w': {
      const m = /^(\d+)\.([0-9a-z]{1,2})(?:@(\d{1,2}))?$/.exec(values[0] ?? '');
      const naturals = m ? [...(m[2] as string)].map((c) => card(c)) : [];
      if (!m || !naturals.every((c): c is CardId => !!c && sel.selected.includes(c))) return null;
      const rest = sel.selected.filter((c) => !naturals.includes(c));
      return move({ type: 'swap', meld: Number(m[1]), naturals, cards: rest, ...(m[3] ? { start: Number(m[3]) } : {}) });
    }
    default:
      return null;
  }
}
