/**
 * The Rommé engine: seat draw and deal, turns (draw → meld, lay off, swap a joker → discard, or go out),
 * the stock rebuilt once, and the game's end. Legality is in ./legal.ts, scoring in ./scoring.ts. Pure and
 * deterministic from the seed and the move log. Rule source: docs/rules/romme.md.
 */
import { type CardId, labelOf, rommePack } from './pack.ts';
import { drawForDealer as drawCards, drawForSeating } from '../../cards/draw.ts';
import { seededRng, shuffle } from '../../cards/random.ts';
import { replaced, without } from '../immutable.ts';
import { applyOrThrowWith, replayWith } from '../replay.ts';
import type { ApplyResult, Seat } from '../types.ts';
import { checkMove, layOffChoices } from './legal.ts';
import { planMeld, resolve } from './turn-steps.ts';
import { layOff, type Reading, swapJoker, toMeld } from './melds.ts';
import { drawRank, ranksOf } from './ranking.ts';
import { gameIsOver, scoreDeal, totalDeals, totals } from './scoring.ts';
import type { Meld, RommeEvent, RommeMove, RommeOptions, RommeResult, RommeState, RommeView } from './types.ts';

/** The 52 cards of the draw (one French pack, no jokers). */
const drawPack = (): string[] => rommePack(0).slice(0, 52).map(labelOf);

/** The draw for first dealer (games stored before `seatByDraw`): each seat draws a card from a 52-card pack; the highest deals; ties draw again. */
export function drawForDealer(seed: string, seats: number): { draw: { seat: Seat; card: string }[][]; firstDealer: Seat } {
  return drawCards(seed, seats, drawPack(), drawRank, 'highest');
}

/**
 * The draw for seats (`seatByDraw`): the players, 0-based in join order, each draw a card (ace high); they sit in
 * the order of their cards, highest first, so seat 0 deals first; ties draw again. Returns the draw with the seats
 * taken after it and `seating`: for each seat, the join place of the player sitting there. docs/rules/romme.md
 * § Seating and deal.
 */
export function drawSeats(seed: string, seats: number): { draw: { seat: Seat; card: string }[][]; seating: Seat[] } {
  const { draw, order } = drawForSeating(seed, seats, drawPack(), drawRank);
  return { draw: draw.map((round) => round.map((d) => ({ seat: order.indexOf(d.seat), card: d.card }))), seating: order };
}

/** Deal `dealNo` into `s` (a fresh copy): 13 cards each in packets 3-3-3-4 from the dealer's left, stock, turn-up. */
function deal(s: RommeState, dealNo: number): RommeEvent {
  const dealer = (s.firstDealer + dealNo) % s.seats;
  const pack = shuffle(rommePack(s.options.jokers), seededRng(`${s.seed}:deal:${dealNo}`));
  const hands: CardId[][] = Array.from({ length: s.seats }, () => []);
  for (const packet of [3, 3, 3, 4]) for (let i = 1; i <= s.seats; i++) (hands[(dealer + i) % s.seats] as CardId[]).push(...pack.splice(0, packet));
  let turnUp: CardId | null = null;
  let turn = dealer;
  let phase: RommeState['phase'] = 'draw';
  if (s.options.startWith14) {
    turn = s.options.fourteenthToForehand ? (dealer + 1) % s.seats : dealer;
    (hands[turn] as CardId[]).push(pack.shift() as CardId);
    phase = 'play';
  } else turnUp = pack.shift() as CardId;
  Object.assign(s, {
    dealNo,
    dealer,
    phase,
    turn,
    hands,
    stock: pack.reverse(),
    discardPile: turnUp ? [turnUp] : [],
    melds: [],
    hasMelded: new Array<boolean>(s.seats).fill(false),
    meldedBeforeTurn: false,
    firstMeldThisTurn: false,
    takenFromDiscard: null,
    restocks: 0,
    pileTaken: Array.from({ length: s.seats }, () => []),
  } satisfies Partial<RommeState>);
  return { type: 'dealt', dealNo, dealer, turnUp };
}

/**
 * Start a game for 2–6 players (0-based in join order). With `seatByDraw` they are seated by the draw first: the
 * state's seats are the seats taken, `seating` says who took each. Throws for other counts.
 */
export function setup(options: RommeOptions, seats: number, seed: string): RommeState {
  if (seats < 2 || seats > 6) throw new Error(`Rommé needs 2 to 6 players, not ${seats}.`);
  const drawn = options.seatByDraw ? { ...drawSeats(seed, seats), firstDealer: 0 } : drawForDealer(seed, seats);
  const s = { game: 'romme', seed, options: { ...options }, seats, ...drawn, deals: [] } as unknown as RommeState;
  deal(s, 0);
  return s;
}

function copy(s: RommeState): RommeState {
  return {
    game: s.game,
    seed: s.seed,
    options: s.options,
    seats: s.seats,
    draw: s.draw,
    ...(s.seating ? { seating: s.seating } : {}),
    firstDealer: s.firstDealer,
    dealNo: s.dealNo,
    dealer: s.dealer,
    phase: s.phase,
    turn: s.turn,
    hands: s.hands,
    stock: s.stock,
    discardPile: s.discardPile,
    melds: s.melds,
    hasMelded: s.hasMelded,
    meldedBeforeTurn: s.meldedBeforeTurn,
    firstMeldThisTurn: s.firstMeldThisTurn,
    takenFromDiscard: s.takenFromDiscard,
    restocks: s.restocks,
    pileTaken: pileTakenOf(s),
    deals: s.deals,
  };
}

/** The pick-ups of this deal per seat (empty lists for a state stored before the field existed). */
const pileTakenOf = (s: RommeState): CardId[][] => s.pileTaken ?? Array.from({ length: s.seats }, () => []);

/** End the deal (`winner` null: the stock ran out twice), score it, then deal again or end the game. */
function endDeal(s: RommeState, winner: Seat | null, events: RommeEvent[]): void {
  const score = scoreDeal(s, winner);
  if (winner !== null) events.push({ type: 'wentOut', seat: winner, handRomme: score.handRomme });
  s.deals = [...s.deals, score];
  events.push({ type: 'dealScored', score });
  if (gameIsOver(s)) {
    s.phase = 'over';
    events.push({ type: 'gameOver', result: result(s) as RommeResult });
  } else events.push(deal(s, s.dealNo + 1));
}

/** Pass the turn to the next seat. */
function nextTurn(s: RommeState): void {
  s.turn = (s.turn + 1) % s.seats;
  s.phase = 'draw';
  s.meldedBeforeTurn = s.hasMelded[s.turn] as boolean;
  s.firstMeldThisTurn = false;
  s.takenFromDiscard = null;
}

/** After a meld, lay-off or swap: an empty hand goes out. */
function afterPlacing(s: RommeState, seat: Seat, events: RommeEvent[]): void {
  if ((s.hands[seat] as CardId[]).length === 0) endDeal(s, seat, events);
}

/** Apply a move by `seat`. Illegal moves are refused with a readable reason and change nothing. */
export function apply(state: RommeState, seat: Seat, move: RommeMove): ApplyResult<RommeState, RommeEvent> {
  const reason = checkMove(state, seat, move);
  if (reason) return { ok: false, reason };
  const s = copy(state);
  const events: RommeEvent[] = [];
  const hand = s.hands[seat] as CardId[];
  switch (move.type) {
    case 'draw': {
      if (move.from === 'discard') {
        const card = s.discardPile[s.discardPile.length - 1] as CardId;
        s.discardPile = s.discardPile.slice(0, -1);
        s.hands = replaced(s.hands, seat, [...hand, card]);
        s.takenFromDiscard = card;
        s.pileTaken = replaced(s.pileTaken, seat, [...(s.pileTaken[seat] as CardId[]), card]);
        s.phase = 'play';
        events.push({ type: 'drew', seat, from: 'discard', card });
        break;
      }
      if (s.stock.length === 0) {
        if (s.restocks >= 1 || s.discardPile.length < 2) {
          events.push({ type: 'stockExhausted' });
          endDeal(s, null, events);
          break;
        }
        const top = s.discardPile[s.discardPile.length - 1] as CardId;
        s.stock = shuffle(s.discardPile.slice(0, -1), seededRng(`${s.seed}:deal:${s.dealNo}:restock`));
        s.discardPile = [top];
        s.restocks += 1;
        events.push({ type: 'restocked', size: s.stock.length });
      }
      const card = s.stock[s.stock.length - 1] as CardId;
      s.stock = s.stock.slice(0, -1);
      s.hands = replaced(s.hands, seat, [...hand, card]);
      s.phase = 'play';
      events.push({ type: 'drew', seat, from: 'stock', card: null });
      break;
    }
    case 'meld': {
      const plan = planMeld(s, seat, move.groups) as { readings: Reading[]; value: number; hand: CardId[] };
      const melds = plan.readings.map((r, i) => toMeld(r, s.melds.length + i + 1, seat));
      s.melds = [...s.melds, ...melds];
      s.hands = replaced(s.hands, seat, plan.hand);
      if (!s.hasMelded[seat]) {
        s.hasMelded = replaced(s.hasMelded, seat, true);
        s.firstMeldThisTurn = true;
      }
      events.push({ type: 'melded', seat, melds, value: plan.value });
      afterPlacing(s, seat, events);
      break;
    }
    case 'layOff': {
      const i = s.melds.findIndex((x) => x.no === move.meld);
      s.melds = replaced(s.melds, i, layOff(s.melds[i] as Meld, move.card, s.options, move.end) as Meld);
      s.hands = replaced(s.hands, seat, without(hand, move.card));
      events.push({ type: 'laidOff', seat, meld: move.meld, card: move.card });
      afterPlacing(s, seat, events);
      break;
    }
    case 'swap': {
      const i = s.melds.findIndex((x) => x.no === move.meld);
      const swapped = swapJoker(s.melds[i] as Meld, move.naturals, s.options.strictSetSwap) as { meld: Meld; freed: CardId[] };
      const reading = resolve({ cards: [...swapped.freed, ...move.cards], start: move.start }, s.options) as Reading;
      const newMeld = toMeld(reading, s.melds.length + 1, seat);
      s.melds = [...replaced(s.melds, i, swapped.meld), newMeld];
      s.hands = replaced(
        s.hands,
        seat,
        hand.filter((c) => !move.naturals.includes(c) && !move.cards.includes(c)),
      );
      events.push({ type: 'swapped', seat, meld: move.meld, naturals: move.naturals.slice(), newMeld });
      afterPlacing(s, seat, events);
      break;
    }
    case 'discard': {
      s.hands = replaced(s.hands, seat, without(hand, move.card));
      s.discardPile = [...s.discardPile, move.card];
      events.push({ type: 'discarded', seat, card: move.card });
      if ((s.hands[seat] as CardId[]).length === 0) endDeal(s, seat, events);
      else nextTurn(s);
      break;
    }
  }
  return { ok: true, state: s, events };
}

/** Apply or throw `IllegalMoveError`. */
export const applyOrThrow = (state: RommeState, seat: Seat, move: RommeMove) => applyOrThrowWith(apply, state, seat, move);

export const toAct = (s: RommeState): Seat[] => (s.phase === 'over' ? [] : [s.turn]);

/** The result once the game is over; null before. */
export function result(s: RommeState): RommeResult | null {
  if (s.phase !== 'over') return null;
  const t = totals(s);
  return { totals: t, ranks: ranksOf(t), deals: s.deals };
}

/**
 * What `seat` may see (null = public): its own hand; melds, the discard pile's top, stock size, hand sizes, scores,
 * and the cards each seat took from the discard pile this deal (all seen face up when taken).
 */
export function view(s: RommeState, seat: Seat | null): RommeView {
  const own = seat !== null && seat >= 0 && seat < s.seats;
  const mover = own && seat === s.turn && s.phase === 'play';
  return {
    seat,
    seats: s.seats,
    options: s.options,
    dealNo: s.dealNo,
    totalDeals: totalDeals(s),
    dealer: s.dealer,
    phase: s.phase,
    turn: s.turn,
    hand: own ? (s.hands[seat] as CardId[]).slice() : [],
    handSizes: s.hands.map((h) => h.length),
    stockSize: s.stock.length,
    discardTop: s.discardPile[s.discardPile.length - 1] ?? null,
    melds: s.melds,
    hasMelded: s.hasMelded,
    mayLayOff: mover && !!s.hasMelded[seat] && !s.firstMeldThisTurn,
    maySwap: mover && s.meldedBeforeTurn,
    layOffs: own ? layOffChoices(s, seat) : [],
    takenFromDiscard: mover ? s.takenFromDiscard : null,
    toAct: toAct(s),
    totals: totals(s),
    deals: s.deals,
    draw: s.draw,
    pileTaken: pileTakenOf(s),
    result: result(s),
  };
}

/** Rebuild a game from its seed, options and move log; throws `IllegalMoveError` on a move that does not apply. */
export function replay(options: RommeOptions, seats: number, seed: string, moves: readonly { seat: Seat; move: RommeMove }[]): RommeState {
  return replayWith(apply, setup(options, seats, seed), moves);
}

/** The turn of play (see `GameDefinition.turnKey`): a player's turn runs from the draw to the discard (or going out). */
export function turnKey(state: RommeState): string {
  return `${state.dealNo}:${state.turn}`;
}
