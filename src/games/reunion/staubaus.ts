/**
 * The Staubaus steps of a Réunion deal (Kleine and Große Ekart): the announcements after the discard, the naming of
 * a card and its hand-over, the card given back, and where play starts. Each step changes the given state copy
 * (whose arrays it replaces, never mutates) and returns its public events; legality is checked before (legal.ts).
 * Rule source: docs/rules/reunion.md § Variants.
 */
import { type Card, type Suit, suitOf } from '../../cards/french.ts';
import { replaced, without } from '../immutable.ts';
import type { Seat } from '../types.ts';
import { announceTurn, announcementRounds, holderOf } from './legal.ts';
import type { ReunionEvent, ReunionState, Staubaus } from './types.ts';

/** After the discard: the announcements (with Kleine or Große Ekart) or straight to play, forehand leading. */
export function afterDiscard(state: ReunionState): void {
  state.announcements = [];
  state.phase = announcementRounds(state.options) > 0 ? 'announce' : 'play';
}

/**
 * A pass or a Staubaus announcement by the seat whose turn it is. The first announcement ends the announcements
 * (the announcer names a card next); in round 2 its suit becomes trumps. When everyone passed in the last round
 * the options give, play starts with forehand's lead.
 */
export function announce(state: ReunionState, seat: Seat, suit: Suit | null): ReunionEvent[] {
  const { round } = announceTurn(state);
  const announcements = state.announcements ?? [];
  if (suit === null) {
    state.announcements = [...announcements, { seat, round, call: 'pass' }];
    if (state.announcements.length === 3 * announcementRounds(state.options)) state.phase = 'play';
    return [{ type: 'passed', seat, round }];
  }
  state.announcements = [...announcements, { seat, round, call: 'staubaus', suit }];
  const staubaus: Staubaus = { announcer: seat, round, suit, named: null, holder: null, givenBack: null };
  state.staubaus = staubaus;
  state.trump = suit;
  state.phase = 'name';
  return [{ type: 'announced', seat, round, suit }];
}

/** The suit a Staubaus call stands for: the turned suit in round 1 (the suit may be left out), the named suit in round 2. */
export function staubausSuit(state: ReunionState, suit: Suit | undefined): Suit {
  return suit ?? suitOf(state.turnUp);
}

/** The announcer names `card`; its holder hands it over at once. */
export function nameCard(state: ReunionState, seat: Seat, card: Card): ReunionEvent[] {
  const holder = holderOf(state, card) as Seat;
  state.hands = replaced(state.hands, holder, without(state.hands[holder] as Card[], card));
  state.hands = replaced(state.hands, seat, [...(state.hands[seat] as Card[]), card]);
  state.staubaus = { ...(state.staubaus as Staubaus), named: card, holder };
  state.phase = 'giveBack';
  return [{ type: 'handedOver', from: holder, to: seat, card }];
}

/** The announcer gives `card` back face down to the holder of the named card, then leads to the first trick. */
export function giveBack(state: ReunionState, seat: Seat, card: Card): ReunionEvent[] {
  const staubaus = state.staubaus as Staubaus;
  const holder = staubaus.holder as Seat;
  state.hands = replaced(state.hands, seat, without(state.hands[seat] as Card[], card));
  state.hands = replaced(state.hands, holder, [...(state.hands[holder] as Card[]), card]);
  state.staubaus = { ...staubaus, givenBack: card };
  state.phase = 'play';
  state.leader = seat;
  return [{ type: 'givenBack', from: seat, to: holder }];
}
