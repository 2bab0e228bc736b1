/**
 * The Staubaus controls of a Réunion hand (docs/rules/reunion.md § Variants) in the player's language: Staubaus
 * and Pass while announcing, a menu of the cards to name, and what the hand says in those phases. The card given
 * back is chosen by clicking it in the hand (src/discord/games/reunion/hand.ts). Hand control payloads (inside
 * `st:g:<stamp>:<payload>`): `a.` Staubaus in the turned suit, `a.<suit>` Staubaus in another suit (Große Ekart),
 * `x` pass, `n` name the card chosen in the menu (its value: the card's index in `FRENCH_32`, base 36), `g.<card>` give
 * that card back.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import { type Card, FRENCH_32, parseCard, SUITS, type Suit } from '../../../cards/french.ts';
import type { ReunionMove, ReunionView } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { encodeId } from '../../customId.ts';
import { frenchLabel } from '../../render/cards.ts';
import { nameOf } from '../../render/format.ts';
import type { HandAction, Names } from '../types.ts';
import { cardLabel, suitName } from './format.ts';

/** What the hand says in the announcing and exchange phases, or for a seat sitting the deal out; null otherwise. */
export function staubausStatus(loc: Locale, view: ReunionView, names: Names): string | null {
  const me = view.seat ?? -1;
  if (view.phase !== 'over' && !view.active.includes(me)) return loc.t('reunion:hand.sittingOut');
  const who = nameOf(names, view.toAct[0] ?? 0);
  const mine = view.toAct[0] === me;
  if (view.phase === 'announce') {
    const second = view.announcements.length >= 3;
    if (!mine) return loc.t('reunion:hand.waitAnnounce', { name: who });
    return loc.t(second ? 'reunion:hand.announceSuitGame' : 'reunion:hand.announce', { trump: suitName(loc, view.trump) });
  }
  if (view.phase === 'name') return mine ? loc.t('reunion:hand.name') : loc.t('reunion:hand.waitName', { name: who });
  if (view.phase === 'giveBack') return mine ? loc.t('reunion:hand.giveBack') : loc.t('reunion:hand.waitGiveBack', { name: who });
  return null;
}

/** The line naming the card given back, for the announcer and the seat that received it (their views only show it). */
export function givenBackLine(loc: Locale, view: ReunionView): string | null {
  const card = view.staubaus?.givenBack;
  return card && view.phase !== 'over' ? loc.t('reunion:hand.givenBack', { card: cardLabel(loc)(card) }) : null;
}

/** The Staubaus controls of the moment for the seat of `view` (its legal moves), as rows; none outside those phases. */
export function staubausRows(loc: Locale, view: ReunionView, stamp: string): ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] {
  const id = (payload: string) => encodeId({ kind: 'game', stamp, payload });
  if (view.phase === 'announce' && view.legal.length) {
    const buttons = view.legal.map((m: ReunionMove) =>
      m.type === 'pass'
        ? new ButtonBuilder().setCustomId(id('x')).setLabel(loc.t('reunion:hand.passButton')).setStyle(ButtonStyle.Secondary)
        : new ButtonBuilder()
            .setCustomId(id(`a.${m.type === 'staubaus' ? (m.suit ?? '') : ''}`))
            .setLabel(
              m.type === 'staubaus' && m.suit
                ? loc.t('reunion:hand.staubausSuitButton', { suit: suitName(loc, m.suit) })
                : loc.t('reunion:hand.staubausButton'),
            )
            .setStyle(ButtonStyle.Primary),
    );
    return [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)];
  }
  if (view.phase === 'name' && view.legal.length) {
    const cards = view.legal.flatMap((m) => (m.type === 'name' ? [m.card] : [])).slice(0, 25);
    return [
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id('n'))
          .setPlaceholder(loc.t('reunion:hand.namePlaceholder'))
          .setMinValues(1)
          .setMaxValues(1)
          .addOptions(cards.map((c) => ({ label: frenchLabel(loc, c), value: FRENCH_32.indexOf(c).toString(36) }))),
      ),
    ];
  }
  return [];
}

/** Decode a Staubaus payload (`a`, `x`, `n` with the menu's value, `g`); null when it is none or malformed. */
export function parseStaubaus(kind: string, arg: string, view: ReunionView, values: readonly string[]): HandAction | null {
  if (kind === 'x') return { kind: 'move', move: { type: 'pass' } };
  if (kind === 'a') {
    if (arg === '') return { kind: 'move', move: { type: 'staubaus' } };
    return SUITS.includes(arg as Suit) ? { kind: 'move', move: { type: 'staubaus', suit: arg as Suit } } : null;
  }
  const card = kind === 'n' ? (FRENCH_32[parseInt(values[0] ?? '', 36)] ?? null) : readCard(arg);
  if (!card) return null;
  if (kind === 'n') return { kind: 'move', move: { type: 'name', card } };
  if (kind === 'g') return view.hand.includes(card) ? { kind: 'move', move: { type: 'giveBack', card } } : null;
  return null;
}

function readCard(text: string): Card | null {
  try {
    return parseCard(text);
  } catch {
    return null;
  }
}
