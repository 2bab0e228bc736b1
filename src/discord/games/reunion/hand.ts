/**
 * A player's ephemeral Réunion hand: the cards as buttons labelled with their card labels, legal ones
 * enabled, plus the phase's controls. Hand control payloads (inside `st:g:<stamp>:<payload>`):
 * - `p.<card>` play a card
 * - `t.<card>.<selected,…>` toggle a card in the dealer's discard selection (nothing stored)
 * - `d.<card>,<card>` discard the two selected cards
 * These only ever appear on the owner's ephemeral message.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { type Card, parseCard, suitOf } from '../../../cards/french.ts';
import { type ReunionMove, type ReunionView, sortHand } from '../../../games/reunion/index.ts';
import { encodeId } from '../../customId.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { formatPlays, nameOf } from '../../render/format.ts';

const CARDS_PER_ROW = 5;

function discardPairs(view: ReunionView): Card[][] {
  return view.legal.flatMap((m: ReunionMove) => (m.type === 'discard' ? [m.cards] : []));
}

/** Whether `card` may be clicked now: playable, or (discarding) part of some legal pair with the selection. */
function enabled(view: ReunionView, card: Card, selection: readonly Card[]): boolean {
  if (view.phase === 'play') return view.legal.some((m) => m.type === 'play' && m.card === card);
  if (selection.includes(card)) return true;
  if (selection.length >= 2) return false;
  const wanted = [...selection, card];
  return discardPairs(view).some((pair) => wanted.every((c) => pair.includes(c)));
}

function status(view: ReunionView, names: Names, selection: readonly Card[]): string {
  const me = view.seat ?? -1;
  if (view.result) return 'The game is over.';
  if (view.phase === 'discard') {
    if (me !== view.dealer) return `Waiting for ${nameOf(names, view.dealer)} to discard.`;
    const chosen = selection.length ? ` Selected: ${selection.join(' ')}.` : '';
    return `You are the dealer and hold the last two cards, including the turn-up ${view.turnUp}. Choose two cards to discard (no ace, no bower, not the turn-up, at most one ten); they count for you at the end of the deal.${chosen}`;
  }
  const trick = view.trick.length ? `Trick: ${formatPlays(view.trick, names, String)}. ` : '';
  if (view.toAct[0] === me) return `${trick}**Your turn**: ${view.trick.length ? 'play a card' : 'lead any card'}.`;
  return `${trick}Waiting for ${nameOf(names, view.toAct[0] ?? 0)}.`;
}

/** Render the hand of `view.seat`; `stamp` (table id and version) goes into every control. */
export function renderHand(_loc: Locale, view: ReunionView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const sel = selection as Card[];
  const cards = sortHand(view.hand, view.trump);
  const buttons = cards.map((card) => {
    const payload = view.phase === 'discard' ? `t.${card}.${sel.join(',')}` : `p.${card}`;
    const red = suitOf(card) === '♥' || suitOf(card) === '♦';
    return new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'game', stamp, payload }))
      .setLabel(card)
      .setStyle(sel.includes(card) ? ButtonStyle.Success : red ? ButtonStyle.Danger : ButtonStyle.Secondary)
      .setDisabled(!enabled(view, card, sel));
  });
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += CARDS_PER_ROW)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + CARDS_PER_ROW)));
  const controls = new ActionRowBuilder<ButtonBuilder>();
  if (view.phase === 'discard' && view.seat === view.dealer) {
    controls.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId({ kind: 'game', stamp, payload: `d.${sel.join(',')}` }))
        .setLabel(sel.length === 2 ? `Discard ${sel.join(' ')}` : 'Discard (choose two)')
        .setStyle(ButtonStyle.Success)
        .setDisabled(sel.length !== 2),
    );
  }
  controls.addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'hand' }))
      .setLabel('Refresh')
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(controls);
  const head = `**Your hand** · deal ${view.dealNo + 1} of 3 · trump ${view.trump} (turn-up ${view.turnUp})`;
  const discard = view.discard.length ? `\nYour discard: ${view.discard.join(' ')}` : '';
  return { content: `${note ? `${note}\n` : ''}${head}\n${status(view, names, sel)}${discard}`, components: rows, allowedMentions: { parse: [] } };
}

function cardList(text: string): Card[] | null {
  if (text === '') return [];
  try {
    return text.split(',').map(parseCard);
  } catch {
    return null;
  }
}

/** Decode a hand payload against the seat's view; null when malformed or naming cards not in the hand. */
export function parseHand(_loc: Locale, payload: string, view: ReunionView): HandAction | null {
  const [kind, a = '', b = ''] = payload.split('.');
  const inHand = (cards: Card[] | null): cards is Card[] => !!cards && cards.every((c) => view.hand.includes(c));
  if (kind === 'p') {
    const cards = cardList(a);
    return inHand(cards) && cards.length === 1 ? { kind: 'move', move: { type: 'play', card: cards[0] } } : null;
  }
  if (kind === 't') {
    const card = cardList(a);
    const sel = cardList(b);
    if (!inHand(card) || card.length !== 1 || !inHand(sel) || sel.length > 2) return null;
    const c = card[0] as Card;
    return { kind: 'select', selection: sel.includes(c) ? sel.filter((x) => x !== c) : [...sel, c].slice(-2) };
  }
  if (kind === 'd') {
    const cards = cardList(a);
    return inHand(cards) && cards.length === 2 ? { kind: 'move', move: { type: 'discard', cards } } : null;
  }
  return null;
}
