/**
 * A player's ephemeral Dreierles hand: the cards in four rows laid out and coloured by the rule all hands share
 * (../../kit/card-rows.ts: trumps, then each suit, from a row of its own; what has no room listed, and offered in a
 * menu when it may be clicked), and one row of the phase's controls (bids and Pass; Discard; Zehn Druck, Pfeife raus,
 * Fertig; Knock / No knock), all in the reader's language (cards labelled as ./cego-labels.ts says; the declarer's cards
 * from the blind marked), under a header of what the player needs to decide (./hand-header.ts: bids or contract,
 * declarer and knocks, the blind, the trick, game points).
 * Payloads inside `st:g:<stamp>:<payload>`, on the owner's ephemeral message only:
 * `b.<contract>` bid · `pass` · `t.<card>.<selected,…>` toggle a discard card · `d.<cards,…>` discard ·
 * `z` Zehn Druck · `r` Pfeife raus · `f` Fertig · `k` knock · `n` no knock · `p.<card>` play · `o` (a select menu, the
 * value a `p.` or `t.` payload) a card the rows had no room for.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { cegoSuit, parseCego } from '../../../cards/cego.ts';
import { CONTRACTS, type Contract, type DreierlesMove, type DreierlesView, sortCego } from '../../../games/dreierles/index.ts';
import { encodeId } from '../../customId.ts';
import { cardEmoji } from '../../kit/card-emojis.ts';
import { cardLayout, type HandCard, hiddenLines, overflowChoice, suitColour } from '../../kit/card-rows.ts';
import { nameOf } from '../../kit/format.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { cegoLabels } from './cego-labels.ts';
import { contractName } from './format.ts';
import { handCardLabel, handHeader } from './hand-header.ts';

/** Rows for the cards (the fifth is the controls'). */
const CARD_ROWS = 4;

const has = (view: DreierlesView, type: DreierlesMove['type']) => view.legal.some((m) => m.type === type);

function status(loc: Locale, view: DreierlesView, names: Names, selection: readonly string[]): string {
  const me = view.seat ?? -1;
  const myTurn = view.toAct[0] === me;
  const waiting = loc.t('dreierles:hand.waiting', { name: nameOf(names, view.toAct[0] ?? 0) });
  if (view.result) return loc.t('dreierles:hand.over');
  if (!view.active.includes(me)) return loc.t('dreierles:hand.sitsOut', { waiting });
  if (!myTurn && view.phase !== 'play') return waiting;
  switch (view.phase) {
    case 'auction':
      return loc.t('dreierles:hand.auction');
    case 'discard':
      return loc.t('dreierles:hand.discard', {
        count: view.discardCount,
        selected: selection.length ? cegoLabels(loc, selection) : loc.t('dreierles:card.none'),
      });
    case 'declare':
      return loc.t('dreierles:hand.declare');
    case 'knock':
    case 'raeuberKnock':
      return loc.t('dreierles:hand.knock', { count: view.knocks });
    default:
      return myTurn ? loc.t(view.trick.length ? 'dreierles:hand.play' : 'dreierles:hand.lead') : waiting;
  }
}

function control(stamp: string, payload: string, label: string, style: ButtonStyle, disabled = false): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeId({ kind: 'game', stamp, payload }))
    .setLabel(label)
    .setStyle(style)
    .setDisabled(disabled);
}

/** The controls row of the phase (at most five buttons). */
function controls(loc: Locale, view: DreierlesView, stamp: string, selection: readonly string[]): ButtonBuilder[] {
  const refresh = new ButtonBuilder()
    .setCustomId(encodeId({ kind: 'hand' }))
    .setLabel(loc.t('dreierles:button.refresh'))
    .setStyle(ButtonStyle.Secondary);
  if (view.toAct[0] !== view.seat) return [refresh];
  switch (view.phase) {
    case 'auction':
      return [
        control(stamp, 'pass', loc.t('dreierles:button.pass'), ButtonStyle.Secondary),
        ...view.legal.flatMap((m) =>
          m.type === 'bid' ? [control(stamp, `b.${m.contract}`, contractName(loc, m.contract), ButtonStyle.Primary)] : [],
        ),
      ];
    case 'discard': {
      const ready = selection.length === view.discardCount;
      return [
        control(
          stamp,
          `d.${selection.join(',')}`,
          ready
            ? loc.t('dreierles:button.discard', { cards: cegoLabels(loc, selection) })
            : loc.t('dreierles:button.choose', { count: view.discardCount }),
          ButtonStyle.Success,
          !ready,
        ),
        refresh,
      ];
    }
    case 'declare':
      return [
        ...(has(view, 'zehnDruck') ? [control(stamp, 'z', loc.t('dreierles:button.zehnDruck'), ButtonStyle.Primary)] : []),
        ...(has(view, 'pfeifeRaus') ? [control(stamp, 'r', loc.t('dreierles:button.pfeifeRaus'), ButtonStyle.Primary)] : []),
        control(stamp, 'f', loc.t('dreierles:button.fertig'), ButtonStyle.Success),
        refresh,
      ];
    case 'knock':
    case 'raeuberKnock':
      return [
        ...(has(view, 'knock') ? [control(stamp, 'k', loc.t('dreierles:button.knock'), ButtonStyle.Danger)] : []),
        control(stamp, 'n', loc.t('dreierles:button.noKnock'), ButtonStyle.Secondary),
        refresh,
      ];
    default:
      return [refresh];
  }
}

/** Whether a card button is enabled: playable now, or (discarding) selectable. */
function enabled(view: DreierlesView, card: string, selection: readonly string[]): boolean {
  if (view.phase === 'discard') return selection.includes(card) || (selection.length < view.discardCount && view.discardable.includes(card));
  return view.legal.some((m) => m.type === 'play' && m.card === card);
}

/** Render the hand of `view.seat`; `stamp` (table id and version) goes into every control. */
export function renderHand(loc: Locale, view: DreierlesView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const discarding = view.phase === 'discard' && view.toAct[0] === view.seat;
  const id = (payload: string) => encodeId({ kind: 'game', stamp, payload });
  const hand: HandCard[] = sortCego(view.hand).map((card) => {
    const suit = cegoSuit(card);
    return {
      payload: discarding ? `t.${card}.${selection.join(',')}` : `p.${card}`,
      label: handCardLabel(loc, view, card),
      emoji: cardEmoji(loc, card),
      group: suit,
      colour: suit === 'T' ? 'trump' : suitColour(suit),
      enabled: enabled(view, card, selection),
      picked: selection.includes(card),
    };
  });
  const layout = cardLayout(hand, CARD_ROWS, id, loc.t('hand.moreMenu'));
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [...layout.rows];
  rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(controls(loc, view, stamp, selection)));
  const extra: string[] = [];
  if (view.blindRest.length) extra.push(loc.t('dreierles:hand.blindRest', { cards: cegoLabels(loc, view.blindRest) }));
  if (view.seat === view.declarer && view.discard.length) extra.push(loc.t('dreierles:hand.discarded', { cards: cegoLabels(loc, view.discard) }));
  const content = [note, ...handHeader(loc, view, names), status(loc, view, names, selection), ...extra, ...hiddenLines(loc, layout.hidden)]
    .filter(Boolean)
    .join('\n');
  return { content, components: rows, allowedMentions: { parse: [] } };
}

function cards(text: string): string[] | null {
  if (text === '') return [];
  try {
    return text.split(',').map(parseCego);
  } catch {
    return null;
  }
}

/** Decode a hand payload against the seat's view; null when malformed or naming cards not in the hand. */
export function parseHand(loc: Locale, payload: string, view: DreierlesView, values: readonly string[] = []): HandAction | null {
  const chosen = overflowChoice(payload, values, (p) => /^[pt]\./.test(p));
  if (chosen) return parseHand(loc, chosen, view);
  const [kind, a = '', b = ''] = payload.split('.');
  const inHand = (list: string[] | null): list is string[] => !!list && list.every((c) => view.hand.includes(c));
  switch (kind) {
    case 'pass':
      return { kind: 'move', move: { type: 'pass' } };
    case 'b':
      return CONTRACTS.includes(a as Contract) ? { kind: 'move', move: { type: 'bid', contract: a } } : null;
    case 'z':
      return { kind: 'move', move: { type: 'zehnDruck' } };
    case 'r':
      return { kind: 'move', move: { type: 'pfeifeRaus' } };
    case 'f':
      return { kind: 'move', move: { type: 'fertig' } };
    case 'k':
      return { kind: 'move', move: { type: 'knock' } };
    case 'n':
      return { kind: 'move', move: { type: 'noKnock' } };
    case 'p': {
      const c = cards(a);
      return inHand(c) && c.length === 1 ? { kind: 'move', move: { type: 'play', card: c[0] } } : null;
    }
    case 't': {
      const c = cards(a);
      const sel = cards(b);
      if (!inHand(c) || c.length !== 1 || !inHand(sel) || sel.length > view.discardCount) return null;
      const card = c[0] as string;
      if (sel.includes(card)) return { kind: 'select', selection: sel.filter((x) => x !== card) };
      return view.discardable.includes(card) && sel.length < view.discardCount ? { kind: 'select', selection: [...sel, card] } : null;
    }
    case 'd': {
      const c = cards(a);
      return inHand(c) ? { kind: 'move', move: { type: 'discard', cards: c } } : null;
    }
    default:
      return null;
  }
}
