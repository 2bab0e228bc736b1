/**
 * Legality for Dreierles, one function per phase. `apply` checks every move here first.
 * Rule source: docs/rules/dreierles.md § Auction, § Exchange, § Announcements, § Doubling, § Play, § Räuber.
 */
import { type CegoCard, PFEIFE, STIESS, cegoSuit, isKing, isTrump } from '../../cards/cego.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { basicPlayable } from './ranking.ts';
import { CONTRACTS, CONTRACT_INFO, type Contract, type DreierlesMove, type DreierlesState, type Play } from './types.ts';

/**
 * Every code the Dreierles engine refuses a move with. The sentence for each is `dreierles:refusal.<code>` in src/i18n,
 * filled with the reason's `vars` (card ids, a contract id, a phase id, a suit, an announcement id, a count).
 */
export const REFUSAL_CODES = [
  'game_over',
  'unknown_move',
  'may_not_knock',
  'may_not_knock_solo',
  'sits_out',
  'not_your_turn',
  'wrong_phase',
  'unknown_contract',
  'solo_only',
  'bid_too_low',
  'discard_count',
  'not_in_hand',
  'discard_king',
  'discard_trump',
  'discard_trull',
  'discard_others_first',
  'already',
  'no_ten_trumps',
  'no_pfeife',
  'max_knocks',
  'must_follow',
  'must_trump',
  'pfeife_due',
  'pfeife_held',
  'pfeife_early',
  'twenty_one_held',
] as const;
export type DreierlesRefusalCode = (typeof REFUSAL_CODES)[number];

const refuse = (code: DreierlesRefusalCode, vars?: IllegalReason['vars']): IllegalReason => (vars ? { code, vars } : { code });

/** Whether the current deal is in the last round played as "Räuber or Solo". */
export function isRaeuberOrSoloRound(s: DreierlesState): boolean {
  return s.options.lastRoundRaeuberOrSolo && s.dealNo >= s.totalDeals - s.seats;
}

/** The highest bid so far, or null. */
export function highestBid(s: DreierlesState): Contract | null {
  let best: Contract | null = null;
  for (const b of s.bids) if (b && b !== 'pass' && (!best || CONTRACTS.indexOf(b) > CONTRACTS.indexOf(best))) best = b;
  return best;
}

/** Contracts `seat` may bid now (higher than any earlier bid; only Solo in a "Räuber or Solo" round). */
export function biddable(s: DreierlesState): Contract[] {
  const best = highestBid(s);
  const higher = CONTRACTS.filter((c) => !best || CONTRACTS.indexOf(c) > CONTRACTS.indexOf(best));
  return isRaeuberOrSoloRound(s) ? higher.filter((c) => c === 'solo') : higher;
}

/**
 * Defenders allowed to knock, in playing order. A defender who passed while Dreier could still be bid may
 * not knock; in a "Räuber or Solo" round only a defender who spoke after the Solo bidder may. A sitting-out
 * dealer never knocks in a declarer game.
 */
export function knockers(s: DreierlesState): Seat[] {
  const declarerPos = s.active.indexOf(s.declarer as Seat);
  return s.active.filter((seat, pos) => {
    if (seat === s.declarer) return false;
    if (isRaeuberOrSoloRound(s)) return pos > declarerPos;
    if (s.bids[pos] !== 'pass') return true;
    return s.bids.slice(0, pos).some((b) => b && b !== 'pass');
  });
}

/**
 * The cards the declarer may discard: neither Kings nor trumps; if there are fewer such cards than must
 * be discarded, all of them plus trumps 2–20.
 */
export function discardable(hand: readonly CegoCard[], count: number): CegoCard[] {
  const plain = hand.filter((c) => !isKing(c) && !isTrump(c));
  if (plain.length >= count) return plain;
  return [...plain, ...hand.filter((c) => isTrump(c) && c !== STIESS && c !== '21' && c !== PFEIFE)];
}

/** Number of cards the declarer must discard (the number taken from the blind). */
export const discardCount = (s: DreierlesState): number => (s.contract ? CONTRACT_INFO[s.contract].take : 0);

function checkDiscard(s: DreierlesState, seat: Seat, cards: readonly CegoCard[]): IllegalReason | null {
  const n = discardCount(s);
  if (cards.length !== n || new Set(cards).size !== n) return refuse('discard_count', { count: n });
  const hand = s.hands[seat] as CegoCard[];
  const missing = cards.find((c) => !hand.includes(c));
  if (missing) return refuse('not_in_hand', { card: missing });
  if (cards.some(isKing)) return refuse('discard_king');
  const plain = hand.filter((c) => !isKing(c) && !isTrump(c));
  const trumps = cards.filter(isTrump);
  if (trumps.length === 0) return null;
  if (plain.length >= n) return refuse('discard_trump');
  if (trumps.some((t) => t === STIESS || t === '21' || t === PFEIFE)) return refuse('discard_trull');
  if (!plain.every((c) => cards.includes(c))) return refuse('discard_others_first');
  return null;
}

/** Where the current trick stands in the Räuber Pfeife count: which such trick it is (1-based), and whether it counts. */
function pfeifeTrickIndex(s: DreierlesState): { index: number; counts: boolean } {
  if (s.options.pfeifeByThirdTrick) return { index: s.tricksPlayed + 1, counts: true };
  const lead = s.trick[0];
  if (!lead) return { index: s.trumpLeads + 1, counts: false };
  return isTrump(lead.card) ? { index: s.trumpLeads + 1, counts: true } : { index: s.trumpLeads, counts: false };
}

/**
 * Cards `seat` may play now. On top of follow-suit-else-trump: an announced Pfeife is held back until the
 * last trick unless it is the only legal card; in Räuber, the Pfeife duty (played in the third trump-led
 * trick by a holder who does not lead; not before unless it is the only legal card) and the 21 held back
 * from a trick holding the Stiess unless it is the only legal card. If both restrictions leave nothing, either may be played.
 */
export function playable(s: DreierlesState, seat: Seat): CegoCard[] {
  const hand = s.hands[seat] as CegoCard[];
  const base = basicPlayable(hand, s.trick);
  if (s.contract) {
    if (seat === s.declarer && s.pfeifeRaus && s.tricksPlayed < 15 && base.length > 1) return base.filter((c) => c !== PFEIFE);
    return base;
  }
  const leading = s.trick.length === 0;
  let allowed = base;
  if (base.includes(PFEIFE) && base.length > 1) {
    const { index, counts } = pfeifeTrickIndex(s);
    if (!leading && counts && index === 3) return [PFEIFE];
    const before = leading ? index < 3 : counts ? index < 3 : s.options.pfeifeByThirdTrick ? index < 3 : s.trumpLeads < 3;
    if (before) allowed = allowed.filter((c) => c !== PFEIFE);
  }
  if (base.includes('21') && base.length > 1 && s.trick.some((p: Play) => p.card === STIESS)) allowed = allowed.filter((c) => c !== '21');
  return allowed.length ? allowed : base;
}

/** Whether `card` obeys follow-suit-else-trump for `hand` on `trick` (no other restriction considered). */
function followsBasicRules(hand: readonly CegoCard[], trick: readonly Play[], card: CegoCard): boolean {
  const lead = trick[0];
  if (!lead) return true;
  const led = cegoSuit(lead.card);
  const suit = cegoSuit(card);
  if (suit === led) return true;
  if (hand.some((c) => cegoSuit(c) === led)) return false;
  return suit === 'T' || !hand.some(isTrump);
}

/** The seat whose turn it is now, or null once the session is over. */
export function seatToAct(s: DreierlesState): Seat | null {
  switch (s.phase) {
    case 'auction':
      return s.active[s.bids.indexOf(null)] ?? null;
    case 'discard':
    case 'declare':
      return s.declarer;
    case 'knock':
      return s.knockTurn;
    case 'raeuberKnock':
      return raeuberKnockOrder(s).find((seat) => !s.raeuberKnocked.includes(seat)) ?? null;
    case 'play':
      return s.active[(s.active.indexOf(s.leader) + s.trick.length) % 3] ?? null;
    default:
      return null;
  }
}

/** Räuber knocking order: forehand first, a sitting-out dealer last. */
export function raeuberKnockOrder(s: DreierlesState): Seat[] {
  return s.active.includes(s.dealer) ? s.active : [...s.active, s.dealer];
}

/** The phases in which each kind of move may be made. */
const PHASE_OF: Record<string, readonly string[]> = {
  bid: ['auction'],
  pass: ['auction'],
  discard: ['discard'],
  zehnDruck: ['declare'],
  pfeifeRaus: ['declare'],
  fertig: ['declare'],
  knock: ['knock', 'raeuberKnock'],
  noKnock: ['knock', 'raeuberKnock'],
  play: ['play'],
};

/** Check a move by `seat` (including its shape); null if legal. */
export function checkMove(s: DreierlesState, seat: Seat, move: DreierlesMove): IllegalReason | null {
  const m = move as Partial<{ type: string; contract: unknown; cards: unknown; card: unknown }> | null;
  if (s.phase === 'over') return refuse('game_over');
  if (!m || typeof m.type !== 'string') return refuse('unknown_move');
  if (m.type === 'knock' && s.phase === 'knock' && seat !== s.declarer && !knockers(s).includes(seat))
    return refuse(isRaeuberOrSoloRound(s) ? 'may_not_knock_solo' : 'may_not_knock');
  if (!s.active.includes(seat) && !(s.phase === 'raeuberKnock' && seat === s.dealer)) return refuse('sits_out');
  if (seatToAct(s) !== seat) return refuse('not_your_turn');
  if (!PHASE_OF[m.type]) return refuse('unknown_move');
  if (!PHASE_OF[m.type]!.includes(s.phase)) return refuse('wrong_phase', { phase: s.phase });
  const hand = s.hands[seat] as CegoCard[];
  switch (m.type) {
    case 'bid': {
      if (!CONTRACTS.includes(m.contract as Contract)) return refuse('unknown_contract');
      if (!biddable(s).includes(m.contract as Contract)) {
        if (isRaeuberOrSoloRound(s)) return refuse('solo_only');
        return refuse('bid_too_low', { contract: highestBid(s) as Contract });
      }
      return null;
    }
    case 'discard':
      return Array.isArray(m.cards) ? checkDiscard(s, seat, m.cards as CegoCard[]) : refuse('unknown_move');
    case 'zehnDruck':
      if (s.zehnDruck) return refuse('already', { announcement: 'zehnDruck' });
      return hand.filter(isTrump).length >= 10 ? null : refuse('no_ten_trumps');
    case 'pfeifeRaus':
      if (s.pfeifeRaus) return refuse('already', { announcement: 'pfeifeRaus' });
      return hand.includes(PFEIFE) ? null : refuse('no_pfeife');
    case 'knock':
      if (s.knocks >= s.options.maxKnocks) return refuse('max_knocks', { count: s.options.maxKnocks });
      return null;
    case 'play': {
      if (typeof m.card !== 'string' || !hand.includes(m.card)) return refuse('not_in_hand', { card: String(m.card) });
      if (followsBasicRules(hand, s.trick, m.card) && s.contract && m.card !== PFEIFE) return null; // the common case, without building lists
      if (playable(s, seat).includes(m.card)) return null;
      const base = basicPlayable(hand, s.trick);
      if (!base.includes(m.card)) {
        const led = cegoSuit(s.trick[0]!.card);
        if (led === 'T') return refuse('must_follow', { suit: 'T' });
        if (base.some((c) => cegoSuit(c) === led)) return refuse('must_follow', { suit: led });
        return refuse('must_trump', { suit: led });
      }
      const allowed = playable(s, seat);
      // The 21 held back by the Stiess can leave the Pfeife as the only card without any Pfeife duty.
      const twentyOneHeld = m.card === '21' && s.trick.some((p) => p.card === STIESS);
      if (allowed.length === 1 && allowed[0] === PFEIFE && !s.contract && !twentyOneHeld) return refuse('pfeife_due');
      if (m.card === PFEIFE && s.contract) return refuse('pfeife_held');
      if (m.card === PFEIFE) return refuse('pfeife_early');
      return refuse('twenty_one_held');
    }
    default:
      return null;
  }
}

/** Every legal move of `seat` now. Discards are listed as every allowed combination. */
export function legalMoves(s: DreierlesState, seat: Seat): DreierlesMove[] {
  if (seatToAct(s) !== seat) return [];
  const hand = s.hands[seat] as CegoCard[];
  switch (s.phase) {
    case 'auction':
      return [{ type: 'pass' }, ...biddable(s).map((contract) => ({ type: 'bid' as const, contract }))];
    case 'discard': {
      const n = discardCount(s);
      const pool = discardable(hand, n);
      const plain = hand.filter((c) => !isKing(c) && !isTrump(c));
      const mustInclude = plain.length >= n ? [] : plain;
      const rest = pool.filter((c) => !mustInclude.includes(c));
      const out: DreierlesMove[] = [];
      const pick = (start: number, chosen: CegoCard[]) => {
        if (chosen.length === n - mustInclude.length) {
          out.push({ type: 'discard', cards: [...mustInclude, ...chosen] });
          return;
        }
        for (let i = start; i < rest.length; i++) pick(i + 1, [...chosen, rest[i] as CegoCard]);
      };
      pick(0, []);
      return out;
    }
    case 'declare': {
      const moves: DreierlesMove[] = [{ type: 'fertig' }];
      if (!s.zehnDruck && hand.filter(isTrump).length >= 10) moves.push({ type: 'zehnDruck' });
      if (!s.pfeifeRaus && hand.includes(PFEIFE)) moves.push({ type: 'pfeifeRaus' });
      return moves;
    }
    case 'knock':
    case 'raeuberKnock':
      return s.knocks < s.options.maxKnocks ? [{ type: 'knock' }, { type: 'noKnock' }] : [{ type: 'noKnock' }];
    case 'play':
      return playable(s, seat).map((card) => ({ type: 'play', card }));
    default:
      return [];
  }
}
