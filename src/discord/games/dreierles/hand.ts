/**
 * A player's ephemeral Dreierles hand: up to 19 card buttons in four rows of five, and one row of the
 * phase's controls (bids and Pass; Discard; Zehn Druck, Pfeife raus, Fertig; Knock / No knock).
 * Payloads inside `st:g:<stamp>:<payload>`, on the owner's ephemeral message only:
 * `b.<contract>` bid · `pass` · `t.<card>.<selected,…>` toggle a discard card · `d.<cards,…>` discard ·
 * `z` Zehn Druck · `r` Pfeife raus · `f` Fertig · `k` knock · `n` no knock · `p.<card>` play.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { cegoSuit, parseCego } from '../../../cards/cego.ts';
import { CONTRACT_INFO, CONTRACTS, type Contract, type DreierlesMove, type DreierlesView, sortCego } from '../../../games/dreierles/index.ts';
import { encodeId } from '../../customId.ts';
import { formatPlays, nameOf } from '../../render/format.ts';
import type { HandAction, Names, Payload } from '../types.ts';

const PER_ROW = 5;

const has = (view: DreierlesView, type: DreierlesMove['type']) => view.legal.some((m) => m.type === type);

function status(view: DreierlesView, names: Names, selection: readonly string[]): string {
  const me = view.seat ?? -1;
  const myTurn = view.toAct[0] === me;
  const waiting = `Waiting for ${nameOf(names, view.toAct[0] ?? 0)}.`;
  if (view.result) return 'The session is over.';
  if (!view.active.includes(me)) return `You sit out this deal (you pay and receive as a defender). ${waiting}`;
  switch (view.phase) {
    case 'auction':
      return myTurn ? '**Your turn to bid**: each player speaks once; a bid must beat every earlier bid.' : waiting;
    case 'discard':
      return myTurn
        ? `**Discard ${view.discardCount}** (no Kings or trumps; they count for you). Selected: ${selection.length ? selection.join(' ') : 'none'}.`
        : waiting;
    case 'declare':
      return myTurn ? 'Announce **Zehn Druck** (10+ trumps) or lay out the **Pfeife** if you wish, then say **Fertig**.' : waiting;
    case 'knock':
    case 'raeuberKnock':
      return myTurn ? `**Knock?** Each knock doubles the game (now ${view.knocks}).` : waiting;
    default: {
      const trick = view.trick.length ? `Trick: ${formatPlays(view.trick, names, String)}. ` : '';
      return `${trick}${myTurn ? `**Your turn**: ${view.trick.length ? 'play a card' : 'lead'}.` : waiting}`;
    }
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
function controls(view: DreierlesView, stamp: string, selection: readonly string[]): ButtonBuilder[] {
  const refresh = new ButtonBuilder()
    .setCustomId(encodeId({ kind: 'hand' }))
    .setLabel('Refresh')
    .setStyle(ButtonStyle.Secondary);
  if (view.toAct[0] !== view.seat) return [refresh];
  switch (view.phase) {
    case 'auction':
      return [
        control(stamp, 'pass', 'Pass', ButtonStyle.Secondary),
        ...view.legal.flatMap((m) =>
          m.type === 'bid' ? [control(stamp, `b.${m.contract}`, CONTRACT_INFO[m.contract].name, ButtonStyle.Primary)] : [],
        ),
      ];
    case 'discard': {
      const ready = selection.length === view.discardCount;
      return [
        control(
          stamp,
          `d.${selection.join(',')}`,
          ready ? `Discard ${selection.join(' ')}` : `Discard (choose ${view.discardCount})`,
          ButtonStyle.Success,
          !ready,
        ),
        refresh,
      ];
    }
    case 'declare':
      return [
        ...(has(view, 'zehnDruck') ? [control(stamp, 'z', 'Zehn Druck', ButtonStyle.Primary)] : []),
        ...(has(view, 'pfeifeRaus') ? [control(stamp, 'r', 'Pfeife raus', ButtonStyle.Primary)] : []),
        control(stamp, 'f', 'Fertig', ButtonStyle.Success),
        refresh,
      ];
    case 'knock':
    case 'raeuberKnock':
      return [
        ...(has(view, 'knock') ? [control(stamp, 'k', 'Knock', ButtonStyle.Danger)] : []),
        control(stamp, 'n', 'No knock', ButtonStyle.Secondary),
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
export function renderHand(_loc: Locale, view: DreierlesView, names: Names, stamp: string, selection: readonly string[], note?: string): Payload {
  const discarding = view.phase === 'discard' && view.toAct[0] === view.seat;
  const buttons = sortCego(view.hand).map((card) => {
    const suit = cegoSuit(card);
    const style = selection.includes(card)
      ? ButtonStyle.Success
      : suit === 'T'
        ? ButtonStyle.Primary
        : suit === '♥' || suit === '♦'
          ? ButtonStyle.Danger
          : ButtonStyle.Secondary;
    return new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'game', stamp, payload: discarding ? `t.${card}.${selection.join(',')}` : `p.${card}` }))
      .setLabel(card)
      .setStyle(style)
      .setDisabled(!enabled(view, card, selection));
  });
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += PER_ROW) rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + PER_ROW)));
  rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(controls(view, stamp, selection)));
  const head = `**Your hand** · Dreierles deal ${view.dealNo + 1} of ${view.totalDeals}`;
  const extra: string[] = [];
  if (view.blindRest.length) extra.push(`The rest of the blind (counts for the defenders, hidden from the declarer): ${view.blindRest.join(' ')}`);
  if (view.seat === view.declarer && view.discard.length) extra.push(`Your discard: ${view.discard.join(' ')}`);
  const content = [note, head, status(view, names, selection), ...extra].filter(Boolean).join('\n');
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
export function parseHand(_loc: Locale, payload: string, view: DreierlesView): HandAction | null {
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
