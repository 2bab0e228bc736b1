/**
 * The meld finder: every meld a hand can make, every lay-off onto the table's melds, and the best
 * combination of melds by value (for a first meld). Pure; used by the hand's "Meld suggestions", by the
 * engine's legal moves, and by bots. Rule source: docs/rules/romme.md § Melds, § First meld.
 */
import { type CardId, JOKER, SUITS, isJoker, labelFor, labelOf } from './pack.ts';
import { type Reading, layOff, readingValue, readings } from './melds.ts';
import type { Meld, RommeOptions } from './types.ts';

/** A meld the hand can make, with its value. */
export type Found = Reading & { value: number };

/** Ids of the hand's natural cards by label, and its jokers. */
function index(hand: readonly CardId[]): { byLabel: Map<string, CardId[]>; jokers: CardId[] } {
  const byLabel = new Map<string, CardId[]>();
  const jokers: CardId[] = [];
  for (const id of hand) {
    if (isJoker(id)) jokers.push(id);
    else {
      const label = labelOf(id);
      const list = byLabel.get(label);
      if (list) list.push(id);
      else byLabel.set(label, [id]);
    }
  }
  return { byLabel, jokers };
}

/**
 * Every set and run `hand` can make (one concrete choice of card ids per shape; jokers only where a
 * natural card is missing, up to the rules' limits).
 */
export function findMelds(hand: readonly CardId[], options: Pick<RommeOptions, 'aroundTheCorner'>): Found[] {
  const { byLabel, jokers } = index(hand);
  const out: Found[] = [];
  const push = (cards: CardId[]) => {
    for (const r of readings(cards, options)) out.push({ ...r, value: readingValue(r) });
  };
  // Sets: 2–4 naturals of different suits, plus jokers up to the number of naturals, 3–4 cards in all.
  for (let rank = 1; rank <= 13; rank++) {
    const ids = SUITS.map((s) => byLabel.get(labelFor(rank, s))?.[0]).filter((x): x is CardId => !!x);
    for (let mask = 1; mask < 1 << ids.length; mask++) {
      const chosen = ids.filter((_, i) => mask & (1 << i));
      for (let j = 0; j <= Math.min(jokers.length, chosen.length); j++) {
        const size = chosen.length + j;
        if (size >= 3 && size <= 4) push([...chosen, ...jokers.slice(0, j)]);
      }
    }
  }
  // Runs: every window of every suit, naturals where the hand has them, jokers in the gaps.
  const maxStart = options.aroundTheCorner ? 13 : 12;
  for (const suit of SUITS)
    for (let start = 1; start <= maxStart; start++) {
      const cards: CardId[] = [];
      const used = new Set<CardId>();
      let jokersUsed = 0;
      let naturals = 0;
      const longest = options.aroundTheCorner ? 13 : 15 - start;
      for (let len = 1; len <= longest; len++) {
        const p = start + len - 1;
        const id = (byLabel.get(labelFor(((p - 1) % 13) + 1, suit)) ?? []).find((x) => !used.has(x));
        if (id) {
          cards.push(id);
          used.add(id);
          naturals++;
        } else {
          if (jokersUsed >= jokers.length) break;
          cards.push(jokers[jokersUsed++] as CardId);
        }
        if (len >= 3 && jokersUsed <= naturals) {
          const r = readings(cards, options).find((x) => x.kind === 'run' && x.start === start);
          if (r) out.push({ ...r, value: readingValue(r) });
        }
      }
    }
  return out;
}

/** Every card of `hand` that can be laid off on a table meld (a joker that fits both ends of a run is listed per end). */
export function findLayOffs(
  hand: readonly CardId[],
  melds: readonly Meld[],
  options: Pick<RommeOptions, 'aroundTheCorner'>,
): { card: CardId; meld: number; end?: 'low' | 'high' }[] {
  const out: { card: CardId; meld: number; end?: 'low' | 'high' }[] = [];
  const seen = new Set<string>();
  for (const card of hand) {
    const key = isJoker(card) ? 'Joker' : labelOf(card);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const meld of melds) {
      if (isJoker(card) && meld.kind === 'run') {
        for (const end of ['low', 'high'] as const) if (layOff(meld, card, options, end)) out.push({ card, meld: meld.no, end });
      } else if (layOff(meld, card, options)) out.push({ card, meld: meld.no });
    }
  }
  return out;
}

/**
 * The most valuable combination of melds that share no card, searched depth-first with a node budget
 * (`budget`, default 20,000 steps, so the time stays bounded on any hand). Returns the melds and their value.
 * The two copies of a card are interchangeable, and so are the jokers: the search counts cards by label, so
 * a set and a run may each take a 7♥ when the hand holds both, and the same meld may be made twice; the
 * chosen melds get their card ids at the end.
 */
export function bestMelds(
  hand: readonly CardId[],
  options: Pick<RommeOptions, 'aroundTheCorner'>,
  budget = 20_000,
): { melds: Found[]; value: number } {
  const found = findMelds(hand, options).sort((a, b) => b.value - a.value);
  const { byLabel, jokers } = index(hand);
  const keyOf = (c: CardId): string => (isJoker(c) ? JOKER : labelOf(c));
  // Cards held per label (the jokers as one label), by a small index for speed.
  const slot = new Map<string, number>([...byLabel.keys(), JOKER].map((k, i) => [k, i]));
  const have = [...[...byLabel.values()].map((ids) => ids.length), jokers.length];
  const needs = found.map((f) => {
    const n = new Map<number, number>();
    for (const c of f.cards) {
      const k = slot.get(keyOf(c)) as number;
      n.set(k, (n.get(k) ?? 0) + 1);
    }
    return [...n];
  });
  const fits = (i: number): boolean => needs[i]!.every(([k, n]) => have[k]! >= n);
  const take = (i: number, sign: 1 | -1): void => {
    for (const [k, n] of needs[i]!) have[k] = have[k]! - sign * n;
  };
  let best: { chosen: number[]; value: number } = { chosen: [], value: 0 };
  let steps = 0;
  const chosen: number[] = [];
  const search = (from: number, value: number) => {
    if (value > best.value) best = { chosen: chosen.slice(), value };
    for (let i = from; i < found.length && steps < budget; i++) {
      steps++;
      if (!fits(i)) continue;
      chosen.push(i);
      take(i, 1);
      search(i, value + found[i]!.value); // from i again: a second copy of the same meld
      take(i, -1);
      chosen.pop();
    }
  };
  search(0, 0);
  const pools = new Map<string, CardId[]>([...byLabel].map(([label, ids]) => [label, ids.slice()]));
  pools.set(JOKER, jokers.slice());
  const melds = best.chosen.map((i) => {
    const f = found[i] as Found;
    return { ...f, cards: f.cards.map((c) => pools.get(keyOf(c))!.shift() as CardId) };
  });
  return { melds, value: best.value };
}
