/**
 * Determinization: full Dreierles states drawn at random consistent with everything one seat has seen —
 * its hand, the cards played this deal (`view.tricks` and the trick on the table), the voids shown by failing
 * to follow suit or to trump, the blind cards taken (public), the rest of the blind (known to the active
 * defenders), the declarer's discard (the declarer knows it; the others know its size and shown trumps), and
 * a laid-out Pfeife. Rule source: docs/rules/dreierles.md § Exchange, § Announcements, § Play.
 */
import { CEGO_54, type CegoCard, PFEIFE, cegoSuit, isKing, isTrump } from '../../cards/cego.ts';
import type { Rng } from '../../cards/random.ts';
import { knockers } from '../../games/dreierles/legal.ts';
import { CONTRACTS, CONTRACT_INFO, type Contract, type DreierlesState, type DreierlesView, type Play } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';

/** A place hidden cards go to: another seat's hand, the unseen part of the blind, or the unseen part of the discard. */
export interface Slot {
  kind: 'hand' | 'blind' | 'discard';
  /** The seat holding a hand slot (-1 otherwise). */
  seat: Seat;
  /** Hidden cards to put there. */
  size: number;
}

/** What one seat knows, computed once per decision: the hidden cards, where they may go, and what is fixed. */
export interface Knowledge {
  seat: Seat;
  /** Hidden cards, each with the indices of the slots it may go to. */
  pool: CegoCard[];
  eligible: number[][];
  slots: Slot[];
  /** Known cards of other hands (a laid-out Pfeife), by seat. */
  fixed: CegoCard[][];
  /** Suits (and 'T') each seat has shown it lacks. */
  voids: Set<string>[];
  /** The blind as far as known: the taken cards first, then the rest (or null where hidden). */
  blindKnown: CegoCard[] | null;
}

/** One drawn placement of the hidden cards: per slot, the cards put there. */
export type Deal = CegoCard[][];

/** Every card played this deal: completed tricks, then the trick on the table. */
export function playedCards(view: DreierlesView): CegoCard[] {
  const out: CegoCard[] = [];
  for (const t of view.tricks) for (const p of t.plays) out.push(p.card);
  for (const p of view.trick) out.push(p.card);
  return out;
}

/** Suits (and 'T' for trumps) each seat has shown it lacks, from every trick of the deal (by seat). */
export function shownVoids(view: DreierlesView): Set<string>[] {
  const voids = Array.from({ length: view.seats }, () => new Set<string>());
  const scan = (plays: readonly Play[]) => {
    const lead = plays[0];
    if (!lead) return;
    const led = cegoSuit(lead.card);
    for (let i = 1; i < plays.length; i++) {
      const p = plays[i] as Play;
      const suit = cegoSuit(p.card);
      if (suit === led) continue;
      voids[p.seat]?.add(led);
      if (suit !== 'T') voids[p.seat]?.add('T');
    }
  };
  for (const t of view.tricks) scan(t.plays);
  scan(view.trick);
  return voids;
}

/** What `view.seat` knows about the hidden cards (see `Knowledge`). */
export function knowledge(view: DreierlesView): Knowledge {
  const me = view.seat as Seat;
  const known = new Set<CegoCard>(view.hand);
  for (const c of playedCards(view)) known.add(c);
  const declarer = view.declarer;
  const isDeclarer = declarer !== null && me === declarer;
  const take = view.contract ? CONTRACT_INFO[view.contract].take : 0;
  const afterDiscard = declarer !== null && view.phase !== 'discard' && view.phase !== 'auction';
  const fixed: CegoCard[][] = Array.from({ length: view.seats }, () => []);
  const voids = shownVoids(view);
  const slots: Slot[] = [];
  // The declarer's own discard is known; the others see only its trumps.
  for (const c of view.discard) known.add(c);
  if (declarer !== null && view.pfeifeRaus && !known.has(PFEIFE) && declarer !== me) {
    (fixed[declarer] as CegoCard[]).push(PFEIFE);
    known.add(PFEIFE);
  }
  for (const seat of view.active) {
    if (seat === me) continue;
    slots.push({ kind: 'hand', seat, size: (view.handSizes[seat] as number) - (fixed[seat] as CegoCard[]).length });
  }
  let blindKnown: CegoCard[] | null = null;
  if (declarer !== null && view.blindRest.length) {
    blindKnown = [...view.taken, ...view.blindRest];
    for (const c of view.blindRest) known.add(c);
  } else slots.push({ kind: 'blind', seat: -1, size: 6 - (declarer !== null ? take : 0) });
  const discardHidden = afterDiscard && !isDeclarer ? take - view.discard.length : 0;
  if (discardHidden > 0) slots.push({ kind: 'discard', seat: -1, size: discardHidden });
  // Trumps shown in the discard mean the declarer had no plain non-King card left.
  const declarerNoPlain = afterDiscard && !isDeclarer && view.discard.some(isTrump);
  const taken = new Set(declarer !== null && !isDeclarer ? view.taken : []);
  const pool: CegoCard[] = [];
  const eligible: number[][] = [];
  for (const c of CEGO_54) {
    if (known.has(c)) continue;
    const suit = cegoSuit(c);
    const ok: number[] = [];
    slots.forEach((slot, i) => {
      if (slot.size <= 0) return;
      if (slot.kind === 'hand') {
        if (voids[slot.seat]?.has(suit)) return;
        if (taken.has(c) && slot.seat !== declarer) return;
        if (declarerNoPlain && slot.seat === declarer && !isTrump(c) && !isKing(c)) return;
      } else if (slot.kind === 'discard') {
        if (isTrump(c) || isKing(c)) return;
      } else if (taken.has(c)) return;
      ok.push(i);
    });
    pool.push(c);
    eligible.push(ok);
  }
  return { seat: me, pool, eligible, slots, fixed, voids, blindKnown };
}

/**
 * Place every hidden card in a slot it may go to, filling each slot exactly: the most constrained cards
 * first, each into a random allowed slot weighted by the room left. Retries on a dead end; after 40 failures
 * it ignores the shown voids (never the slot sizes), so it always answers.
 */
export function drawDeal(k: Knowledge, rng: Rng): Deal {
  const n = k.pool.length;
  const order = Array.from({ length: n }, (_, i) => i);
  for (let attempt = 0; attempt < 60; attempt++) {
    const relax = attempt >= 40;
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    if (!relax) order.sort((a, b) => (k.eligible[a] as number[]).length - (k.eligible[b] as number[]).length);
    const room = k.slots.map((s) => s.size);
    const out: Deal = k.slots.map(() => []);
    let failed = false;
    for (const idx of order) {
      const elig = relax ? k.slots.map((_, i) => i) : (k.eligible[idx] as number[]);
      let total = 0;
      for (const s of elig) total += room[s] as number;
      if (total === 0) {
        failed = true;
        break;
      }
      let r = Math.floor(rng() * total);
      let chosen = elig[0] as number;
      for (const s of elig) {
        r -= room[s] as number;
        if (r < 0) {
          chosen = s;
          break;
        }
      }
      room[chosen] = (room[chosen] as number) - 1;
      (out[chosen] as CegoCard[]).push(k.pool[idx] as CegoCard);
    }
    if (!failed) return out;
  }
  throw new Error('no consistent deal (hand sizes do not add up)');
}

/**
 * A full state for the rollouts from the view and one drawn deal. The session is cut to end with this deal
 * (no next deal is dealt); the "Räuber or Solo" round keeps its meaning.
 */
export function buildState(view: DreierlesView, k: Knowledge, deal: Deal): DreierlesState {
  const me = view.seat as Seat;
  const hands: CegoCard[][] = Array.from({ length: view.seats }, (_, s) => (s === me ? view.hand.slice() : (k.fixed[s] as CegoCard[]).slice()));
  let blind: CegoCard[] = k.blindKnown ? k.blindKnown.slice() : [];
  let discard: CegoCard[] = view.discard.slice();
  k.slots.forEach((slot, i) => {
    const cards = deal[i] as CegoCard[];
    if (slot.kind === 'hand') (hands[slot.seat] as CegoCard[]).push(...cards);
    else if (slot.kind === 'blind') blind = view.declarer !== null ? [...view.taken, ...cards] : cards.slice();
    else discard = [...discard, ...cards];
  });
  const won: CegoCard[][] = Array.from({ length: view.seats }, () => []);
  let trumpLeads = 0;
  for (const t of view.tricks) {
    for (const p of t.plays) (won[t.winner] as CegoCard[]).push(p.card);
    if (isTrump((t.plays[0] as Play).card)) trumpLeads++;
  }
  const inPlay = view.phase === 'play' || view.phase === 'knock';
  const handsBeforePlay: CegoCard[][] = inPlay ? hands.map((h) => h.slice()) : [];
  if (inPlay) {
    for (const t of view.tricks) for (const p of t.plays) (handsBeforePlay[p.seat] as CegoCard[]).push(p.card);
    for (const p of view.trick) (handsBeforePlay[p.seat] as CegoCard[]).push(p.card);
  }
  const s: DreierlesState = {
    game: 'dreierles',
    seed: 'rollout',
    options: { ...view.options, lastRoundRaeuberOrSolo: view.lastRound },
    seats: view.seats,
    dealNo: view.dealNo,
    totalDeals: view.dealNo + 1,
    dealer: view.dealer,
    active: view.active as Seat[],
    phase: view.phase,
    hands,
    blind,
    bids: view.bids as DreierlesState['bids'],
    contract: view.contract,
    declarer: view.declarer,
    taken: view.taken as CegoCard[],
    discard,
    handsBeforePlay,
    zehnDruck: view.zehnDruck,
    pfeifeRaus: view.pfeifeRaus,
    knocks: view.knocks,
    knockTurn: null,
    knockDeclined: [],
    raeuberKnocked: [],
    trick: view.trick as Play[],
    leader: view.leader,
    lastTrick: view.lastTrick as DreierlesState['lastTrick'],
    tricks: view.tricks as DreierlesState['tricks'],
    won,
    tricksWon: view.tricksWon as number[],
    tricksPlayed: view.tricksPlayed,
    trumpLeads,
    pfeifeForced: false,
    deals: view.deals.slice(0, view.dealNo),
  };
  if (view.phase === 'knock') {
    s.knockTurn = me;
    if (me !== view.declarer) {
      const ks = knockers(s);
      s.knockDeclined = ks.slice(0, Math.max(0, ks.indexOf(me)));
    }
  }
  if (view.phase === 'raeuberKnock') {
    const order = view.active.includes(view.dealer) ? view.active : [...view.active, view.dealer];
    s.raeuberKnocked = order.slice(0, order.indexOf(me));
  }
  return s;
}

/** Draws tried per sample to find one where the other seats' auction words fit the bidding model. */
export const AUCTION_TRIES = 12;

/**
 * The hand `seat` held in the auction, from a full state: the current hand plus the cards it played, and for
 * the declarer less the taken blind cards plus its discard.
 */
export function auctionHand(s: DreierlesState, seat: Seat): CegoCard[] {
  const hand = (s.hands[seat] as CegoCard[]).slice();
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) hand.push(p.card);
  for (const p of s.trick) if (p.seat === seat) hand.push(p.card);
  if (seat !== s.declarer) return hand;
  return [...hand.filter((c) => !s.taken.includes(c)), ...s.discard.filter((c) => !s.taken.includes(c))];
}

/**
 * Whether every other seat's word in the auction is what the bidding model (the easy player's hand-strength
 * count) would have said with the hand it holds in `s`.
 */
export function auctionFits(
  s: DreierlesState,
  me: Seat,
  model: (hand: readonly CegoCard[], biddable: readonly Contract[]) => Contract | null,
): boolean {
  let best = -1;
  for (let pos = 0; pos < s.active.length; pos++) {
    const word = s.bids[pos];
    if (word === null || word === undefined) break;
    const seat = s.active[pos] as Seat;
    if (seat !== me) {
      let biddable = CONTRACTS.filter((_, i) => i > best);
      if (s.options.lastRoundRaeuberOrSolo) biddable = biddable.filter((c) => c === 'solo');
      const said = model(auctionHand(s, seat), biddable);
      if ((said ?? 'pass') !== word) return false;
    }
    if (word !== 'pass') best = Math.max(best, CONTRACTS.indexOf(word));
  }
  return true;
}

/**
 * Draw one full state consistent with what `view.seat` has seen. With a bidding `model`, up to
 * `AUCTION_TRIES` draws are made to find one where the others' auction words fit the model (else the last draw).
 */
export function sampleState(
  view: DreierlesView,
  k: Knowledge,
  rng: Rng,
  model?: (hand: readonly CegoCard[], biddable: readonly Contract[]) => Contract | null,
): DreierlesState {
  let s = buildState(view, k, drawDeal(k, rng));
  if (!model) return s;
  for (let i = 1; i < AUCTION_TRIES && !auctionFits(s, k.seat, model); i++) s = buildState(view, k, drawDeal(k, rng));
  return s;
}
