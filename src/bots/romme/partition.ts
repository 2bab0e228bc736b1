/**
 * How a Rommé hand hangs together: a depth-first search (memoised on the cards still free and the jokers
 * left) that splits the hand into complete melds, cards that can be laid off on the table, near-melds of two
 * cards (a pair of a set; two cards of a run with a gap of at most one), loose cards and spare jokers, at the
 * least cost under a cost model (`Costs`). The bots use it to score hands (expected penalty at risk) and to
 * plan melds and going out. Rule source: docs/rules/romme.md § Melds (sets, runs, jokers), § Card values.
 */
import { type CardId, SUITS, isJoker, rankNumber, suitOfCard } from '../../games/romme/pack.ts';
import { positionValue } from '../../games/romme/melds.ts';

/** Index of a natural card: suit (♣ ♠ ♥ ♦ = 0–3) × 13 + rank − 1 (ace = 0). */
export type Nat = number;

const natCache = new Map<string, Nat>();
/** The index (0–51) of a natural card id. */
export function natOf(id: CardId): Nat {
  const label = id.slice(0, id.indexOf('/'));
  let n = natCache.get(label);
  if (n === undefined) {
    n = SUITS.indexOf(suitOfCard(id)) * 13 + rankNumber(id) - 1;
    natCache.set(label, n);
  }
  return n;
}

/** Penalty points of a natural card left in hand (ace 11, J Q K 10, else face value). */
export const penaltyOf = (n: Nat): number => {
  const r = (n % 13) + 1;
  return r === 1 ? 11 : Math.min(r, 10);
};

/** Index of run position `p` (1–14, 14 = ace high) in suit `s`. */
const atPosition = (s: number, p: number): Nat => s * 13 + ((p - 1) % 13);

/** A meld planned from the hand: `slots` are positions in `Split.naturals` or −1 for a joker, in meld order. */
export interface MeldPlan {
  kind: 'set' | 'run';
  /** A run's first position (1 = ace low … 14 = ace high). */
  start: number;
  slots: number[];
}

/** The cost model of the search; every cost is in penalty points at risk (lower is better). */
export interface Costs {
  /** A card on its own. */
  loose(n: Nat): number;
  /** A card that fits a meld on the table (Infinity: no lay-off considered). */
  lay(n: Nat): number;
  /** Two cards of a near-meld, given the live cards that complete it (`outs`, jokers counted in). */
  partial(a: Nat, b: Nat, outs: number): number;
  /** A joker not used in a meld. */
  jokerLeft: number;
  /** Whether `n` fits a meld on the table. */
  fits(n: Nat): boolean;
  /** Live copies of `n` (0–2) that could still come to this hand. */
  live(n: Nat): number;
  /** Live jokers, weighted (a joker completes any near-meld). */
  liveJokers: number;
}

/** The best split found: its cost and what went where (positions in `naturals`). */
export interface Split {
  cost: number;
  naturals: CardId[];
  jokers: CardId[];
  melds: MeldPlan[];
  laid: number[];
  partials: [number, number][];
  loose: number[];
  jokersLeft: number;
}

/** Value of a planned meld for the first-meld minimum (§ Card values). */
export function meldPlanValue(m: MeldPlan, nats: readonly Nat[]): number {
  if (m.kind === 'run') return m.slots.reduce((t, _, i) => t + positionValue(m.start + i), 0);
  const first = m.slots.find((x) => x >= 0) as number;
  const r = ((nats[first] as Nat) % 13) + 1;
  return m.slots.length * (r === 1 ? 11 : Math.min(r, 10));
}

/** Card ids of a planned meld (jokers taken in order from `jokers`, shared across the plan's melds). */
export function meldCards(m: MeldPlan, naturals: readonly CardId[], jokers: CardId[]): CardId[] {
  return m.slots.map((x) => (x >= 0 ? (naturals[x] as CardId) : (jokers.shift() as CardId)));
}

type Kind = 'loose' | 'lay' | 'partial' | 'meld';
type Emit = (cost: number, mask: number, jokers: number, meld: MeldPlan | null, kind: Kind, partner: number) => void;

/**
 * Split `hand` at least cost. Exhaustive over the options of each card in turn (lowest card first): loose,
 * laid off, in a near-meld with one later card, or in a complete set or run (the card as its lowest natural;
 * jokers in gaps and at the top, up to the rules' limits: no more jokers than naturals, never three side by
 * side). Cards that can never meld together are searched apart, and the jokers shared out among them.
 */
export function split(hand: readonly CardId[], costs: Costs): Split {
  const jokers: CardId[] = [];
  const pairs: [Nat, CardId][] = [];
  for (const c of hand)
    if (isJoker(c)) jokers.push(c);
    else pairs.push([natOf(c), c]);
  pairs.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  const naturals = pairs.map((p) => p[1]);
  const nats = pairs.map((p) => p[0]);
  const n = nats.length;
  const firstPos = (mask: number, card: Nat): number => {
    for (let k = 0; k < n; k++) if (mask & (1 << k) && nats[k] === card) return k;
    return -1;
  };
  const outsOf = (a: Nat, b: Nat): number => {
    let outs = costs.liveJokers;
    const sa = Math.floor(a / 13);
    const ra = (a % 13) + 1;
    const rb = (b % 13) + 1;
    if (ra === rb) {
      const sb = Math.floor(b / 13);
      for (let s = 0; s < 4; s++) if (s !== sa && s !== sb) outs += costs.live(s * 13 + ra - 1);
      return outs;
    }
    // Run near-meld: low and high positions (an ace with a queen or king plays high).
    let lo = ra;
    let hi = rb;
    if (ra === 1 && rb >= 12) {
      lo = rb;
      hi = 14;
    }
    if (hi - lo === 2) return outs + costs.live(atPosition(sa, lo + 1));
    if (lo > 1) outs += costs.live(atPosition(sa, lo - 1));
    if (hi < 14) outs += costs.live(atPosition(sa, hi + 1));
    return outs;
  };
  // Costs per card and per near-meld pair, computed once.
  const loose = nats.map((c) => costs.loose(c));
  const lay = nats.map((c) => (costs.fits(c) ? costs.lay(c) : Infinity));
  const pair: number[] = new Array<number>(n * n).fill(Infinity);
  for (let i = 0; i < n; i++)
    for (let k = i + 1; k < n; k++) {
      const c = nats[i] as Nat;
      const p = nats[k] as Nat;
      const r = (c % 13) + 1;
      const rp = (p % 13) + 1;
      const partner = Math.floor(p / 13) === Math.floor(c / 13) ? (rp > r && rp - r <= 2) || (r === 1 && rp >= 12) : rp === r;
      if (partner) pair[i * n + k] = costs.partial(c, p, outsOf(c, p));
    }

  const options = (mask: number, j: number, detail: boolean, emit: Emit): void => {
    let i = 0;
    while (!(mask & (1 << i))) i++;
    const c = nats[i] as Nat;
    const rest = mask & ~(1 << i);
    const s = Math.floor(c / 13);
    const r = (c % 13) + 1;
    emit(loose[i] as number, rest, j, null, 'loose', -1);
    if ((lay[i] as number) < Infinity) emit(lay[i] as number, rest, j, null, 'lay', -1);
    // Near-meld with one later card (one copy of each card: copies sort together).
    for (let k = i + 1; k < n; k++) {
      const cost = pair[i * n + k] as number;
      if (cost === Infinity || !(rest & (1 << k))) continue;
      if (rest & (1 << (k - 1)) && nats[k - 1] === nats[k]) continue;
      emit(cost, rest & ~(1 << k), j, null, 'partial', k);
    }
    // Sets: the card with 0–3 others of its rank in other suits, and jokers.
    const others: number[] = [];
    let count = 0;
    for (let s2 = 0; s2 < 4; s2++) {
      if (s2 === s) continue;
      const k = firstPos(rest, s2 * 13 + r - 1);
      if (k >= 0) others[count++] = k;
    }
    for (let sub = 0; sub < 1 << count; sub++) {
      let m = rest;
      let nat = 1;
      for (let x = 0; x < count; x++)
        if (sub & (1 << x)) {
          m &= ~(1 << (others[x] as number));
          nat++;
        }
      for (let jj = 0; jj <= Math.min(j, nat); jj++) {
        const size = nat + jj;
        if (size < 3 || size > 4) continue;
        let meld: MeldPlan | null = null;
        if (detail) {
          const sl = [i];
          for (let x = 0; x < count; x++) if (sub & (1 << x)) sl.push(others[x] as number);
          for (let y = 0; y < jj; y++) sl.push(-1);
          meld = { kind: 'set', start: r, slots: sl };
        }
        emit(0, m, j - jj, meld, 'meld', -1);
      }
    }
    // Runs upward from the card; for an ace also downward from ace high.
    for (let dir = 1; dir >= (r === 1 ? -1 : 1); dir -= 2) {
      const from = dir === 1 ? r : 14;
      const slots: number[] | null = detail ? [i] : null;
      let len = 1;
      let m = rest;
      let nat = 1;
      let used = 0;
      let side = 0;
      for (let p = from + dir; dir === 1 ? p <= 14 : p >= 1; p += dir) {
        const k = p === 1 || p === 14 ? -1 : firstPos(m, atPosition(s, p));
        len++;
        if (k >= 0) {
          slots?.push(k);
          m &= ~(1 << k);
          nat++;
          side = 0;
        } else if (used < j) {
          slots?.push(-1);
          used++;
          if (++side >= 3) break;
        } else break;
        if (len >= 3 && used <= nat && !(side === 2 && len < 4)) {
          const meld: MeldPlan | null = slots
            ? { kind: 'run', start: dir === 1 ? from : p, slots: dir === 1 ? slots.slice() : slots.slice().reverse() }
            : null;
          emit(0, m, j - used, meld, 'meld', -1);
        }
      }
    }
  };

  // Exact-joker memo: the least cost of the cards in `mask` using exactly `j` jokers in its melds.
  const memo = new Map<number, number>();
  const best = (mask: number, j: number): number => {
    if (mask === 0) return j === 0 ? 0 : Infinity;
    const key = mask * 8 + j;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let b = Infinity;
    options(mask, j, false, (cost, m, jj) => {
      if (cost < b) {
        const t = cost + best(m, jj);
        if (t < b) b = t;
      }
    });
    memo.set(key, b);
    return b;
  };

  // Cards that can never share a meld fall apart into groups searched on their own; jokers are then shared
  // out among the groups (a small knapsack), the rest counting as spare.
  const J = jokers.length;
  const reach = J >= 2 ? 3 : 2;
  const parent = nats.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i] as number)));
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const x = nats[a] as Nat;
      const y = nats[b] as Nat;
      const rx = (x % 13) + 1;
      const ry = (y % 13) + 1;
      const same = Math.floor(x / 13) === Math.floor(y / 13);
      const linked = same ? (ry !== rx && ry - rx <= reach) || (rx === 1 && ry >= 14 - reach) : rx === ry;
      if (linked) parent[root(b)] = root(a);
    }
  const groups = new Map<number, number>();
  for (let i = 0; i < n; i++) groups.set(root(i), (groups.get(root(i)) ?? 0) | (1 << i));
  const masks = [...groups.values()];
  // table[g][j]: cost of group g with exactly j jokers; dp over groups of (least total, allocation).
  let dp: { cost: number; alloc: number[] }[] = [{ cost: 0, alloc: [] }];
  for (const g of masks) {
    const next: { cost: number; alloc: number[] }[] = [];
    for (let used = 0; used < dp.length; used++) {
      const here = dp[used] as { cost: number; alloc: number[] };
      if (here.cost === Infinity) continue;
      for (let j = 0; used + j <= J; j++) {
        const c = here.cost + best(g, j);
        const at = next[used + j];
        if (c < (at?.cost ?? Infinity)) next[used + j] = { cost: c, alloc: [...here.alloc, j] };
      }
    }
    dp = Array.from({ length: J + 1 }, (_, i) => next[i] ?? { cost: Infinity, alloc: [] });
  }
  let total = Infinity;
  let alloc: number[] = [];
  let used = 0;
  dp.forEach((d, u) => {
    const c = d.cost + (J - u) * costs.jokerLeft;
    if (c < total) {
      total = c;
      alloc = d.alloc;
      used = u;
    }
  });

  // Walk the optimal choices back, group by group.
  const out: Split = { cost: total, naturals, jokers, melds: [], laid: [], partials: [], loose: [], jokersLeft: J - used };
  masks.forEach((g, gi) => {
    let mask = g;
    let j = alloc[gi] ?? 0;
    while (mask !== 0) {
      const target = best(mask, j);
      let done = false;
      options(mask, j, true, (cost, m, jj, meld, kind, partner) => {
        if (done || Math.abs(cost + best(m, jj) - target) > 1e-9) return;
        done = true;
        let i = 0;
        while (!(mask & (1 << i))) i++;
        if (kind === 'meld') out.melds.push(meld as MeldPlan);
        else if (kind === 'lay') out.laid.push(i);
        else if (kind === 'partial') out.partials.push([i, partner]);
        else out.loose.push(i);
        mask = m;
        j = jj;
      });
      if (!done) break;
    }
  });
  return out;
}

/** Total first-meld value of a split's melds. */
export function splitMeldValue(sp: Split): number {
  if (sp.melds.length === 0) return 0;
  const nats = sp.naturals.map(natOf);
  return sp.melds.reduce((t, m) => t + meldPlanValue(m, nats), 0);
}
