/**
 * A player's ephemeral Réunion hand in the player's language: the cards as buttons labelled with their card labels
 * (`frenchLabel`: German B for Bube, D for Dame), legal ones
 * enabled, plus the phase's controls. Hand control payloads (inside `st:g:<stamp>:<payload>`):
 * - `p.<card>` play a card
 * - `t.<card>.<selected,…>` toggle a card in the dealer's discard selection (nothing stored)
 * - `d.<card>,<card>` discard the two selected cards
 * - the Staubaus controls `a.`, `a.<suit>`, `x`, `n`, `g.<card>` (./staubaus.ts)
 * These only ever appear on the owner's ephemeral message.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { type Card, parseCard, suitOf } from '../../../cards/french.ts';
import { type ReunionMove, type ReunionView, sortHand } from '../../../games/reunion/index.ts';
import { encodeId } from '../../customId.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { frenchLabel } from '../../render/cards.ts';
import { formatPlays, nameOf } from '../../render/format.ts';
import { cardLabel, cardList, suitName } from './format.ts';
import { givenBackLine, parseStaubaus, staubausRows, staubausStatus } from './staubaus.ts';

const CARDS_PER_ROW = 5;

function discardPairs(view: ReunionView): Card[][] {
  return view.legal.flatMap((m: ReunionMove) => (m.type === 'discard' ? [m.cards] : []));
}

/** Whether `card` may be clicked now: playable, or (discarding) part of some legal pair with the selection. */
function enabled(view: ReunionView, card: Card, selection: readonly Card[]): boolean {
  if (view.phase === 'play') return view.legal.some((m) => m.type === 'play' && m.card === card);
  if (view.phase === 'giveBack') return view.legal.some((m) => m.type === 'giveBack' && m.card === card);
  if (view.phase !== 'discard') return false;
  if (selection.includes(card)) return true;
  if (selection.length >= 2) return false;
  const wanted = [...selection, card];
  return discardPairs(view).some((pair) => wanted.every((c) => pair.includes(c)));
}

function status(loc: Locale, view: ReunionView, names: Names, selection: readonly Card[]): string {
  const me = view.seat ?? -1;
  if (view.result) return loc.t('reunion:hand.over');
  const staubaus = staubausStatus(loc, view, names);
  if (staubaus) return staubaus;
  if (view.phase === 'discard') {
    if (me !== view.dealer) return loc.t('reunion:hand.waitDiscard', { name: nameOf(names, view.dealer) });
    const discard = loc.t('reunion:hand.discard', { turnUp: frenchLabel(loc, view.turnUp) });
    return selection.length ? `${discard} ${loc.t('reunion:hand.selected', { cards: cardList(loc, selection) })}` : discard;
  }
  const trick = view.trick.length ? `${loc.t('reunion:hand.trick', { plays: formatPlays(view.trick, names, cardLabel(loc)) })} ` : '';
  if (view.toAct[0] === me) return `${trick}${loc.t(view.trick.length ? 'reunion:hand.yourTurnPlay' : 'reunion:hand.yourTurnLead')}`;
  return `${trick}${loc.t('reunion:hand.waiting', { name: nameOf(names, view.toAct[0] ?? 0) })}`;
}

/** Render the hand of `view.seat`; `stamp` (table id and version) goes into every control. */
export function renderHand(loc: Locale, view: ReunionView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const sel = selection as Card[];
  const cards = sortHand(view.hand, view.trump);
  const buttons = cards.map((card) => {
    const payload = view.phase === 'discard' ? `t.${card}.${sel.join(',')}` : view.phase === 'giveBack' ? `g.${card}` : `p.${card}`;
    const red = suitOf(card) === '♥' || suitOf(card) === '♦';
    return new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'game', stamp, payload }))
      .setLabel(frenchLabel(loc, card))
      .setStyle(sel.includes(card) ? ButtonStyle.Success : red ? ButtonStyle.Danger : ButtonStyle.Secondary)
      .setDisabled(!enabled(view, card, sel));
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += CARDS_PER_ROW)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + CARDS_PER_ROW)));
  rows.push(...staubausRows(loc, view, stamp));
  const controls = new ActionRowBuilder<ButtonBuilder>();
  if (view.phase === 'discard' && view.seat === view.dealer) {
    controls.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId({ kind: 'game', stamp, payload: `d.${sel.join(',')}` }))
        .setLabel(sel.length === 2 ? loc.t('reunion:hand.discardButton', { cards: cardList(loc, sel) }) : loc.t('reunion:hand.discardChoose'))
        .setStyle(ButtonStyle.Success)
        .setDisabled(sel.length !== 2),
    );
  }
  controls.addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'hand' }))
      .setLabel(loc.t('reunion:hand.refresh'))
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(controls);
  const head = loc.t('reunion:hand.head', {
    deal: view.dealNo + 1,
    deals: view.seats,
    trump: suitName(loc, view.trump),
    turnUp: frenchLabel(loc, view.turnUp),
  });
  const given = givenBackLine(loc, view);
  const discard = [view.discard.length ? loc.t('reunion:hand.yourDiscard', { cards: cardList(loc, view.discard) }) : null, given]
    .filter((line) => line !== null)
    .map((line) => `\n${line}`)
    .join('');
  return {
    content: `${note ? `${note}\n` : ''}${head}\n${status(loc, view, names, sel)}${discard}`,
    components: rows,
    allowedMentions: { parse: [] },
  };
}

function parseCards(text: string): Card[] | null {
  if (text === '') return [];
  try {
    return text.split(',').map(parseCard);
  } catch {
    return null;
  }
}

/** Decode a hand payload against the seat's view (and a menu's `values`); null when malformed or naming cards not in the hand. */
export function parseHand(payload: string, view: ReunionView, values: readonly string[] = []): HandAction | null {
  const [kind = '', a = '', b = ''] = payload.split('.');
  if (['a', 'x', 'n', 'g'].includes(kind)) return parseStaubaus(kind, a, view, values);
  const inHand = (cards: Card[] | null): cards is Card[] => !!cards && cards.every((c) => view.hand.includes(c));
  if (kind === 'p') {
    const cards = parseCards(a);
    return inHand(cards) && cards.length === 1 ? { kind: 'move', move: { type: 'play', card: cards[0] } } : null;
  }
  if (kind === 't') {
    const card = parseCards(a);
    const sel = parseCards(b);
    if (!inHand(card) || card.length !== 1 || !inHand(sel) || sel.length > 2) return null;
    const c = card[0] as Card;
    return { kind: 'select', selection: sel.includes(c) ? sel.filter((x) => x !== c) : [...sel, c].slice(-2) };
  }
  if (kind === 'd') {
    const cards = parseCards(a);
    return inHand(cards) && cards.length === 2 ? { kind: 'move', move: { type: 'discard', cards } } : null;
  }
  return null;
}
