/**
 * The Réunion Staubaus in the Discord UI (docs/rules/reunion.md § Variants): the card the announcer gives back is
 * hidden from everyone but the announcer and the seat that received it. Over seeded five-seat games (Kleine and Große
 * Ekart) with a Staubaus in the first deal, the public table message and the narration in both languages, and the
 * hands of every other seat, never name it while it is still in the receiver's hand; no public custom_id carries a
 * card. The hand controls decode only what the hand offered.
 */
import { describe, expect, it } from 'vitest';
import { type Card, rankOf } from '../../src/cards/french.ts';
import { seededRng } from '../../src/cards/random.ts';
import { reunionUi } from '../../src/discord/games/reunion/index.ts';
import { frenchLabel } from '../../src/discord/kit/french-labels.ts';
import { apply, applyOrThrow, legalMoves, type ReunionMove, type ReunionState, setup, toAct, view } from '../../src/games/reunion/index.ts';
import { LANGS, localeOf } from '../../src/i18n/index.ts';

const NAMES = ['Anna', 'Bernd', 'Carl', 'Dora', 'Emil'];
const STAMP = 'abcdef1234.7';
const rng = seededRng('reunion-staubaus-ui');
const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** A five-seat game where the first call of the first deal (round 2 for `grosse`) is Staubaus; the moves of the deal's Staubaus steps as chosen. */
function staubausMove(state: ReunionState, seat: number, grosse: boolean): ReunionMove {
  const legal = legalMoves(state, seat);
  if (state.phase === 'announce') {
    const round2 = (state.announcements?.length ?? 0) >= 3;
    const call = legal.find((m) => m.type === 'staubaus');
    return call && round2 === grosse ? call : { type: 'pass' };
  }
  if (state.phase === 'giveBack') {
    // A card whose label nothing else makes public: not a jack (bowers are named with the trumps), not the turn-up, not the named card.
    const named = state.staubaus?.named;
    const secret = legal.filter((m) => m.type === 'giveBack' && rankOf(m.card) !== 'J' && m.card !== state.turnUp && m.card !== named);
    return pick(secret);
  }
  return pick(legal);
}

describe('Réunion Staubaus in the UI', () => {
  it('never shows the card given back publicly or to a seat other than the announcer and the receiver', () => {
    let checked = 0;
    for (const [g, grosse] of [false, true, false, true].entries()) {
      let state = setup({ piererTiers: false, kleineEkart: true, grosseEkart: grosse }, 5, `staubaus-ui-${g}`);
      let round: number | null = null;
      while (state.dealNo === 0 && toAct(state).length) {
        const seat = toAct(state)[0]!;
        const r = apply(state, seat, staubausMove(state, seat, grosse));
        if (!r.ok) throw new Error(r.reason.code);
        state = r.state;
        const s = state.staubaus;
        if (s) round = s.round;
        const given = s?.givenBack ?? null;
        if (!s || !given || state.dealNo !== 0 || !state.hands[s.holder!]!.includes(given)) continue;
        for (const lang of LANGS) {
          const loc = localeOf(lang);
          const secret = [given, frenchLabel(loc, given)];
          const pub = view(state, null);
          const table = JSON.stringify(reunionUi.table(loc, pub, NAMES, ['1']));
          const lines = reunionUi.narrate(loc, r.events, NAMES, pub).join('\n');
          for (const text of [table, lines]) for (const c of secret) expect(text, `${lang} public`).not.toContain(c);
          for (const id of table.match(/"custom_id":"[^"]*"/g) ?? []) expect(id).toMatch(/^"custom_id":"st:hand"$/);
          for (let seat = 0; seat < 5; seat++) {
            const hand = JSON.stringify(reunionUi.hand(loc, view(state, seat), NAMES, STAMP, []));
            const sees = seat === s.announcer || seat === s.holder;
            // The receiver holds it (a button) and is told; the announcer is told what went back; nobody else learns it.
            if (sees) expect(hand, `${lang} seat ${seat}`).toContain(frenchLabel(loc, given));
            else for (const c of secret) expect(hand, `${lang} seat ${seat}`).not.toContain(c);
          }
          checked++;
        }
      }
      expect(round).toBe(grosse ? 2 : 1);
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('decodes only the controls a hand offers', () => {
    let state = setup({ piererTiers: false, grosseEkart: true }, 5, 'staubaus-ui-parse');
    state = applyOrThrow(state, state.dealer, legalMoves(state, state.dealer)[0]!).state;
    const seat = toAct(state)[0]!;
    const v = view(state, seat);
    const own = v.hand[0]!;
    const other = (['A♣', 'A♠', 'A♥', 'A♦', '7♣', '7♦'] as Card[]).find((c) => !v.hand.includes(c))!;
    const parse = (payload: string, values: string[] = []) => reunionUi.parse(localeOf('en'), payload, v, values);
    expect(parse('sb')).toEqual({ kind: 'move', move: { type: 'staubaus' } });
    expect(parse('sb.♥')).toEqual({ kind: 'move', move: { type: 'staubaus', suit: '♥' } });
    expect(parse('ps')).toEqual({ kind: 'move', move: { type: 'pass' } });
    expect(parse('nm', [other])).toEqual({ kind: 'move', move: { type: 'name', card: other } });
    expect(parse(`g.${own}`)).toEqual({ kind: 'move', move: { type: 'giveBack', card: own } });
    for (const [payload, values] of [
      ['sb.X', []],
      ['sb.♥♥', []],
      ['ps.x', []],
      ['nm', [own]],
      ['nm', []],
      ['nm', [other, 'A♠']],
      ['nm', ['Z9']],
      [`g.${other}`, []],
      ['g.', []],
    ] as [string, string[]][])
      expect(parse(payload, values), `${payload} ${values.join(',')}`).toBeNull();
  });
});
