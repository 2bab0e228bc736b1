/**
 * A player's ephemeral Réunion hand in the player's language: the cards as buttons labelled with their card labels
 * (`frenchLabel`: German B for Bube, D for Dame), legal ones enabled, laid out and coloured by the rule all hands
 * share (../../kit/card-rows.ts: the trumps a group of their own), plus the phase's controls, under a header of
 * what the player needs to decide (./hand-header.ts: trump and bowers, the trick with who led, the last trick, card
 * points in tricks). Hand control payloads (inside `st:g:<stamp>:<payload>`):
 * - `p.<card>` play a card
 * - `t.<card>.<selected,…>` toggle a card in the dealer's discard selection (nothing stored)
 * - `d.<card>,<card>` discard the two selected cards
 * - `sb` announce Staubaus in the turned suit, `sb.<suit>` in another suit (Große Ekart), `ps` pass (§ Variants)
 * - `nm` (a select menu; the chosen value is a card id) the Staubaus announcer names a card not in their hand
 * - `g.<card>` the announcer gives a card of their hand back
 * - `o` (a select menu; the chosen value is one of the above card payloads) a card the rows had no room for
 * These only ever appear on the owner's ephemeral message. The naming menu offers what the view offers: every card
 * not in the hand, the discarded ones included (listing only held cards would show where the discard is); a card
 * nobody holds is refused with `name_in_discard`, and the announcer names another (docs/rules/reunion.md § Variants).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { type Card, parseCard, SUITS, type Suit, suitOf } from '../../../cards/french.ts';
import { effectiveSuit, isTrump, type ReunionMove, type ReunionView, sortHand } from '../../../games/reunion/index.ts';
import { encodeId } from '../../customId.ts';
import type { HandAction, Names, Payload } from '../types.ts';
import { frenchLabel } from '../../kit/french-labels.ts';
import { cardEmoji } from '../../kit/card-emojis.ts';
import { cardLayout, type HandCard, hiddenLines, overflowChoice, suitColour } from '../../kit/card-rows.ts';
import { nameOf } from '../../kit/format.ts';
import { cardList, suitName } from './format.ts';
import { handHeader } from './hand-header.ts';

/** Rows for the cards (the fifth is the controls'; one less while a card is named, for the naming menu). */
const CARD_ROWS = 4;

function discardPairs(view: ReunionView): Card[][] {
  return view.legal.flatMap((m: ReunionMove) => (m.type === 'discard' ? [m.cards] : []));
}

/** Whether `card` may be clicked now: playable, given back, or (discarding) part of some legal pair with the selection. */
function enabled(view: ReunionView, card: Card, selection: readonly Card[]): boolean {
  if (view.phase === 'play' || view.phase === 'giveBack')
    return view.legal.some((m) => (m.type === 'play' || m.type === 'giveBack') && m.card === card);
  if (view.phase !== 'discard') return false;
  if (selection.includes(card)) return true;
  if (selection.length >= 2) return false;
  const wanted = [...selection, card];
  return discardPairs(view).some((pair) => wanted.every((c) => pair.includes(c)));
}

/** The line on the Staubaus exchange phases (announce, name, give back), or null in other phases. */
function staubausStatus(loc: Locale, view: ReunionView, names: Names): string | null {
  const me = view.seat ?? -1;
  const name = nameOf(names, view.toAct[0] ?? view.dealer);
  const mine = view.toAct[0] === me;
  const turned = suitName(loc, suitOf(view.turnUp));
  if (view.phase === 'announce') {
    if (!mine) return loc.t('reunion:hand.waitAnnounce', { name });
    return loc.t(view.announcements.length < 3 ? 'reunion:hand.announce' : 'reunion:hand.announceOther', { trump: turned });
  }
  const s = view.staubaus;
  if (!s) return null;
  if (view.phase === 'name') return loc.t(mine ? 'reunion:hand.name' : 'reunion:hand.waitName', { name });
  if (view.phase === 'giveBack')
    return mine
      ? loc.t('reunion:hand.giveBack', { card: frenchLabel(loc, s.named as Card), name: nameOf(names, s.holder ?? 0) })
      : loc.t('reunion:hand.waitGiveBack', { name });
  return null;
}

/** Once a Staubaus is played: what this seat knows of it (the card given back only for the announcer and the holder). */
function staubausNote(loc: Locale, view: ReunionView, names: Names): string | null {
  const s = view.staubaus;
  if (!s || view.phase !== 'play' || !s.named) return null;
  const vars = { name: nameOf(names, s.announcer), holder: nameOf(names, s.holder ?? 0), named: frenchLabel(loc, s.named) };
  if (s.givenBack && view.seat === s.announcer) return loc.t('reunion:hand.staubausMine', { ...vars, card: frenchLabel(loc, s.givenBack) });
  if (s.givenBack && view.seat === s.holder) return loc.t('reunion:hand.staubausHolder', { ...vars, card: frenchLabel(loc, s.givenBack) });
  return loc.t('reunion:hand.staubausOther', vars);
}

function status(loc: Locale, view: ReunionView, names: Names, selection: readonly Card[]): string {
  const me = view.seat ?? -1;
  if (view.result) return loc.t('reunion:hand.over');
  if (!view.active.includes(me)) return loc.t('reunion:hand.sitsOut', { name: nameOf(names, view.toAct[0] ?? view.dealer) });
  if (view.phase === 'discard') {
    if (me !== view.dealer) return loc.t('reunion:hand.waitDiscard', { name: nameOf(names, view.dealer) });
    const discard = loc.t('reunion:hand.discard', { turnUp: frenchLabel(loc, view.turnUp) });
    return selection.length ? `${discard} ${loc.t('reunion:hand.selected', { cards: cardList(loc, selection) })}` : discard;
  }
  const exchange = staubausStatus(loc, view, names);
  if (exchange) return exchange;
  const note = staubausNote(loc, view, names);
  const turn =
    view.toAct[0] === me
      ? loc.t(view.trick.length ? 'reunion:hand.yourTurnPlay' : 'reunion:hand.yourTurnLead')
      : loc.t('reunion:hand.waiting', { name: nameOf(names, view.toAct[0] ?? 0) });
  return note ? `${note}\n${turn}` : turn;
}

/** The buttons of the announcements: one per legal Staubaus call (one per suit in the second round), and Pass. */
function announceButtons(loc: Locale, view: ReunionView, id: (payload: string) => string): ButtonBuilder[] {
  return view.legal.flatMap((m) => {
    if (m.type === 'pass') return [new ButtonBuilder().setCustomId(id('ps')).setLabel(loc.t('reunion:hand.pass')).setStyle(ButtonStyle.Secondary)];
    if (m.type !== 'staubaus') return [];
    const label = m.suit ? loc.t('reunion:hand.staubausIn', { suit: m.suit }) : loc.t('reunion:hand.staubaus');
    return [
      new ButtonBuilder()
        .setCustomId(id(m.suit ? `sb.${m.suit}` : 'sb'))
        .setLabel(label)
        .setStyle(ButtonStyle.Primary),
    ];
  });
}

/**
 * The announcer's menu of cards to name: the name moves the view offers (every card not in their hand, nor in their
 * own discard for the dealer: at most 22 of 32, within a menu's 25), sorted as a hand is.
 */
function nameMenu(loc: Locale, view: ReunionView, id: (payload: string) => string): StringSelectMenuBuilder {
  const cards = sortHand(
    view.legal.flatMap((m) => (m.type === 'name' ? [m.card] : [])),
    view.trump,
    view.staubaus?.round === 2,
  );
  return new StringSelectMenuBuilder()
    .setCustomId(id('nm'))
    .setPlaceholder(loc.t('reunion:hand.namePlaceholder'))
    .addOptions(cards.map((c) => ({ label: frenchLabel(loc, c), value: c })));
}

/** Render the hand of `view.seat`; `stamp` (table id and version) goes into every control. */
export function renderHand(loc: Locale, view: ReunionView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const sel = selection as Card[];
  const id = (payload: string) => encodeId({ kind: 'game', stamp, payload });
  const cards = sortHand(view.hand, view.trump, view.staubaus?.round === 2);
  const giving = view.phase === 'giveBack' && view.legal.length > 0;
  const suitGame = view.staubaus?.round === 2;
  const naming = view.phase === 'name' && view.legal.length > 0;
  const hand: HandCard[] = cards.map((card) => ({
    payload: view.phase === 'discard' ? `t.${card}.${sel.join(',')}` : giving ? `g.${card}` : `p.${card}`,
    label: frenchLabel(loc, card),
    emoji: cardEmoji(loc, card),
    group: effectiveSuit(card, view.trump, suitGame),
    colour: isTrump(card, view.trump, suitGame) ? 'trump' : suitColour(suitOf(card)),
    enabled: enabled(view, card, sel),
    picked: sel.includes(card),
  }));
  const layout = cardLayout(hand, naming ? CARD_ROWS - 1 : CARD_ROWS, id, loc.t('hand.moreMenu'));
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [...layout.rows];
  if (naming) rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(nameMenu(loc, view, id)));
  const controls = new ActionRowBuilder<ButtonBuilder>();
  if (view.phase === 'discard' && view.seat === view.dealer) {
    controls.addComponents(
      new ButtonBuilder()
        .setCustomId(id(`d.${sel.join(',')}`))
        .setLabel(sel.length === 2 ? loc.t('reunion:hand.discardButton', { cards: cardList(loc, sel) }) : loc.t('reunion:hand.discardChoose'))
        .setStyle(ButtonStyle.Success)
        .setDisabled(sel.length !== 2),
    );
  }
  if (view.phase === 'announce') controls.addComponents(announceButtons(loc, view, id));
  controls.addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'hand' }))
      .setLabel(loc.t('reunion:hand.refresh'))
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(controls);
  const discard = view.discard.length ? [loc.t('reunion:hand.yourDiscard', { cards: cardList(loc, view.discard) })] : [];
  return {
    content: [
      ...(note ? [note] : []),
      ...handHeader(loc, view, names),
      status(loc, view, names, sel),
      ...discard,
      ...hiddenLines(loc, layout.hidden),
    ].join('\n'),
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

/** The one card of `text` if it is in the hand, else null. */
function handCard(text: string, view: ReunionView): Card | null {
  const cards = parseCards(text);
  return cards && cards.length === 1 && view.hand.includes(cards[0] as Card) ? (cards[0] as Card) : null;
}

/**
 * Decode a hand payload (and a select menu's `values`) against the seat's view; null when malformed, naming cards
 * not in the hand (or, for `nm`, a card in it), or a suit that is none. Whether the move is legal is the engine's to say.
 */
export function parseHand(payload: string, view: ReunionView, values: readonly string[] = []): HandAction | null {
  const chosen = overflowChoice(payload, values, (p) => /^[ptg]\./.test(p));
  if (chosen) return parseHand(chosen, view);
  const [kind, a = '', b = ''] = payload.split('.');
  const inHand = (cards: Card[] | null): cards is Card[] => !!cards && cards.every((c) => view.hand.includes(c));
  if (kind === 'p' || kind === 'g') {
    const card = handCard(a, view);
    return card ? { kind: 'move', move: { type: kind === 'p' ? 'play' : 'giveBack', card } } : null;
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
  if (kind === 'sb') {
    if (a === '') return { kind: 'move', move: { type: 'staubaus' } };
    return (SUITS as readonly string[]).includes(a) ? { kind: 'move', move: { type: 'staubaus', suit: a as Suit } } : null;
  }
  if (kind === 'ps') return a === '' ? { kind: 'move', move: { type: 'pass' } } : null;
  if (kind === 'nm') {
    const card = values.length === 1 ? parseCards(values[0] as string) : null;
    return card?.length === 1 && !view.hand.includes(card[0] as Card) ? { kind: 'move', move: { type: 'name', card: card[0] } } : null;
  }
  return null;
}
