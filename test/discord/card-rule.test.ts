/**
 * One card rule for every hand (src/discord/kit/card-rows.ts): suits never share a row, trumps stand out, the same
 * suit has the same colour, a picked card is marked ✓ — checked from the outside (test/support/hand-cards.ts) on every
 * hand of seeded Réunion, Dreierles and Rommé games, for every seat and phase, with and without card faces, in both
 * languages. Cards the rows have no room for are listed and, when they may be clicked, offered in a menu that does what
 * their buttons would.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { uiFor } from '../../src/discord/games/index.ts';
import { encodeSelection, sortRomme } from '../../src/discord/games/romme/selection.ts';
import { useCardEmojis } from '../../src/discord/kit/card-emojis.ts';
import { cardLayout, type HandCard, rowsOf } from '../../src/discord/kit/card-rows.ts';
import { FACE_CARDS, faceCode } from '../../src/faces/face-cards.ts';
import type { CardEmojis } from '../../src/faces/emoji-ids.ts';
import { FACE_STYLES, styleCode } from '../../src/faces/style.ts';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { rommePack } from '../../src/games/romme/pack.ts';
import { applyOrThrow, DEFAULT_ROMME_OPTIONS, romme, type RommeState } from '../../src/games/romme/index.ts';
import { reunion } from '../../src/games/reunion/index.ts';
import { describeReason } from '../../src/games/types.ts';
import type { GameId } from '../../src/tables/games.ts';
import { localeOf } from '../../src/i18n/index.ts';
import { cardControls, cardRuleProblems } from '../support/hand-cards.ts';
import { nextMove } from '../support/romme-policy.ts';

const names = ['anna', 'bernd', 'catrin', 'dora', 'emil', 'frieda'];
const STAMP = 'abcdef1234.123456.0';
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A deploy's record: a distinct snowflake per style and card. */
const EMOJIS: CardEmojis = {
  application: '123456789012345678',
  styles: Object.fromEntries(
    FACE_STYLES.map((style, s) => [
      styleCode(style),
      Object.fromEntries(
        FACE_CARDS.map((card, i) => [card, { id: String(200000000000000000n + BigInt(s * 1000 + i)), name: `sc_${faceCode(card)}` }]),
      ),
    ]),
  ),
};

afterEach(() => useCardEmojis(null));

/** Tally of what the checks met, so that each test shows it covered overflow, menus and picks. */
interface Tally {
  hands: number;
  hidden: number;
  menus: number;
  picked: number;
  /** Rommé hands with a pick-mode menu (meld as, swap, lay off), which takes a row from the cards. */
  pickMenus: number;
}

/**
 * Check the rule on the hand of `view` for `selection`, and that every option of its overflow menu parses to what the
 * card's button would have done (and a value that is no card's to nothing).
 */
function check(game: GameId, view: unknown, selection: string[], picked: string[], tally: Tally, lang: 'en' | 'de'): void {
  const loc = localeOf(lang);
  const ui = uiFor(game);
  const body = ui.hand(loc, view, names, STAMP, selection);
  expect(cardRuleProblems(game, loc, view, body, picked), `${game} ${JSON.stringify(selection)}`).toEqual([]);
  const json = JSON.parse(JSON.stringify(body)) as Json;
  const menu = json.components.flatMap((r: Json) => r.components).find((c: Json) => c.type === 3 && c.custom_id.endsWith(':o'));
  for (const option of menu?.options ?? []) {
    expect(ui.parse(loc, option.value, view, [])).not.toBeNull();
    expect(ui.parse(loc, 'o', view, [option.value])).toEqual(ui.parse(loc, option.value, view, []));
  }
  // The menu only does what a card's button does: not itself, nor another control (pass, draw).
  if (menu) for (const value of ['o', 'ps', 'pass', 'ds']) expect(ui.parse(loc, 'o', view, [value])).toBeNull();
  const { rows, menu: offered } = cardControls(game, loc, view, body);
  tally.hands++;
  if (rows.flat().length < (view as { hand: unknown[] }).hand.length) tally.hidden++;
  if (offered.length) tally.menus++;
  if (picked.length) tally.picked++;
  if (json.components.some((r: Json) => r.components.some((c: Json) => c.type === 3 && /:[awl]~/.test(c.custom_id)))) tally.pickMenus++;
}

/** Run `body` once with text labels and once with card faces (two- and four-colour), in both languages. */
function eachStyle(body: (lang: 'en' | 'de') => void): void {
  for (const [faces, lang] of [
    [null, 'en'],
    ['two', 'de'],
    ['four', 'en'],
    [null, 'de'],
  ] as const) {
    useCardEmojis(faces ? EMOJIS : null, faces ?? 'two');
    body(lang);
  }
  useCardEmojis(null);
}

describe('the card rule', () => {
  it('rows: a group starts a row, five a row, cards of no suit fill free places, then rows of their own', () => {
    const row = (s: string) => s.split('').map((g) => ({ group: g === '*' ? null : g, g }));
    const show = (rows: { g: string }[][]) => rows.map((r) => r.map((c) => c.g).join(''));
    expect(show(rowsOf(row('TTTTTTTHHSSC')))).toEqual(['TTTTT', 'TT', 'HH', 'SS', 'C']);
    expect(show(rowsOf(row('HHHSSSSS**')))).toEqual(['HHH**', 'SSSSS']);
    expect(show(rowsOf(row('HHHHHSSSS**')))).toEqual(['HHHHH', 'SSSS*', '*']);
  });

  it('rows keep every card once, at most five a row, one group a row', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('T', '♣', '♠', '♥', '♦', '*'), { maxLength: 30 }), (groups) => {
        const cards = groups.sort().map((g, i) => ({ group: g === '*' ? null : g, i }));
        const rows = rowsOf(cards);
        expect(rows.flat().sort((a, b) => a.i - b.i)).toEqual(cards);
        for (const r of rows) {
          expect(r.length).toBeGreaterThan(0);
          expect(r.length).toBeLessThanOrEqual(5);
          expect(new Set(r.map((c) => c.group).filter((g) => g !== null)).size).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('without room for every group: the groups with cards to click are buttons, the others listed, the clickable ones in a menu', () => {
    const card = (group: string, i: number, enabled: boolean): HandCard => ({
      payload: `p.${group}${i}`,
      label: `${group}${i}`,
      emoji: null,
      group,
      colour: 'black',
      enabled,
    });
    // T 6 (two rows), ♣ ♥ ♠ ♦ 2 each: six rows for four. Only ♠ may be played: it gets a row, no menu.
    const hand = [
      ...[0, 1, 2, 3, 4, 5].map((i) => card('T', i, false)),
      ...['♣', '♥', '♠', '♦'].flatMap((g) => [0, 1].map((i) => card(g, i, g === '♠'))),
    ];
    const id = (p: string) => `st:g:x:${p}`;
    const following = cardLayout(hand, 4, id, 'more');
    const labels = (l: ReturnType<typeof cardLayout>) =>
      l.rows.map((r) => (JSON.parse(JSON.stringify(r)) as Json).components.map((c: Json) => c.label ?? `menu:${c.options.length}`).join(' '));
    expect(labels(following)).toEqual(['T0 T1 T2 T3 T4', 'T5', '♣0 ♣1', '♠0 ♠1']);
    expect(following.hidden.map((c) => c.label)).toEqual(['♥0', '♥1', '♦0', '♦1']);
    // Everything may be led: three rows of buttons (the most cards), the rest in a menu.
    const leading = cardLayout(
      hand.map((c) => ({ ...c, enabled: true })),
      4,
      id,
      'more',
    );
    expect(labels(leading)).toEqual(['T0 T1 T2 T3 T4', 'T5', '♣0 ♣1', 'menu:6']);
    expect(leading.hidden.map((c) => c.label)).toEqual(['♥0', '♥1', '♠0', '♠1', '♦0', '♦1']);
  });

  it('Réunion: every hand of seeded games with three to five players and both Ekart variants', () => {
    const tally: Tally = { hands: 0, hidden: 0, menus: 0, picked: 0, pickMenus: 0 };
    eachStyle((lang) => {
      for (let g = 0; g < 6; g++) {
        const players = 3 + (g % 3);
        let s = reunion.setup({ piererTiers: false, kleineEkart: g % 2 === 0, grosseEkart: g % 3 === 0 }, players, `card-rule-${g}`);
        for (let step = 0; step < 400 && reunion.toAct(s).length; step++) {
          for (let seat = 0; seat < players; seat++) {
            const view = reunion.view(s, seat);
            check('reunion', view, [], [], tally, lang);
            if (view.phase === 'discard' && seat === view.dealer) {
              const selection = view.hand.slice(step % 3, (step % 3) + 2);
              check('reunion', view, selection, selection, tally, lang);
            }
          }
          const seat = reunion.toAct(s)[0] ?? 0;
          const moves = reunion.legalMoves(s, seat);
          const r = reunion.apply(s, seat, moves[(step * 7) % moves.length] ?? moves[0]!);
          if (!r.ok) throw new Error(describeReason(r.reason));
          s = r.state;
        }
      }
    });
    expect(tally.hands).toBeGreaterThan(5000);
    expect(tally.picked).toBeGreaterThan(0);
  });

  it('Dreierles: every hand of seeded three- and four-player sessions, the discard selection included', () => {
    const tally: Tally = { hands: 0, hidden: 0, menus: 0, picked: 0, pickMenus: 0 };
    eachStyle((lang) => {
      for (let g = 0; g < 4; g++) {
        const players = 3 + (g % 2);
        let s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, players, `card-rule-${g}`);
        for (let step = 0; step < 200 && dreierles.toAct(s).length; step++) {
          const acting = dreierles.toAct(s)[0]!;
          for (let seat = 0; seat < players; seat++) {
            const view = dreierles.view(s, seat);
            check('dreierles', view, [], [], tally, lang);
            if (view.phase === 'discard' && seat === acting) {
              const selection = view.discardable.slice(0, Math.min(2, view.discardCount));
              check('dreierles', view, selection, selection, tally, lang);
            }
          }
          const moves = dreierles.legalMoves(s, acting);
          const bid = step % 5 === 0 ? undefined : moves.find((m) => m.type === 'bid');
          const r = dreierles.apply(s, acting, bid ?? moves[(step * 7) % moves.length]!);
          if (!r.ok) throw new Error(describeReason(r.reason));
          s = r.state;
        }
      }
    });
    expect(tally.hands).toBeGreaterThan(3000);
    expect(tally.hidden).toBeGreaterThan(100);
    expect(tally.menus).toBeGreaterThan(10);
    expect(tally.picked).toBeGreaterThan(0);
  });

  it('Rommé: every hand of seeded games with two to six players, in draw, discard and pick mode', () => {
    const tally: Tally = { hands: 0, hidden: 0, menus: 0, picked: 0, pickMenus: 0 };
    eachStyle((lang) => {
      for (let g = 0; g < 5; g++) {
        const players = 2 + g;
        let s: RommeState = romme.setup(DEFAULT_ROMME_OPTIONS, players, `card-rule-${g}`);
        for (let step = 0; step < 100 && romme.toAct(s).length; step++) {
          for (let seat = 0; seat < players; seat++) check('romme', romme.view(s, seat), [], [], tally, lang);
          const view = romme.view(s, s.turn);
          if (view.phase === 'play') {
            const sorted = sortRomme(view.hand);
            // A group set aside now and then; one or two cards picked (a lay-off's or a swap's menu then takes a row).
            const staged = step % 3 === 0 ? sorted.slice(0, 3) : [];
            const selected = sorted.slice(3 + (step % 5), 4 + (step % 5) + (step % 2));
            const selection = [encodeSelection({ staged: staged.length ? [{ cards: staged }] : [], selected }, sorted)];
            check('romme', view, selection, [...staged, ...selected], tally, lang);
          }
          s = applyOrThrow(s, s.turn, nextMove(s)).state;
        }
      }
    });
    expect(tally.hands).toBeGreaterThan(3000);
    expect(tally.hidden).toBeGreaterThan(100);
    expect(tally.menus).toBeGreaterThan(10);
    expect(tally.picked).toBeGreaterThan(100);
    expect(tally.pickMenus).toBeGreaterThan(0);
  });

  it.each([1, 3, 13, 14, 15, 20, 25])('Rommé, %i cards with two jokers: the rule holds in every mode', (size) => {
    const base = romme.setup(DEFAULT_ROMME_OPTIONS, 4, 'card-rule-sizes');
    const hand = [...rommePack(6).slice(0, size - 2), 'Joker/0', 'Joker/1'].slice(-size);
    const state = { ...base, hands: base.hands.map((h, s) => (s === base.turn ? hand : h)), phase: 'play' as const };
    const sorted = sortRomme(hand);
    const tally: Tally = { hands: 0, hidden: 0, menus: 0, picked: 0, pickMenus: 0 };
    eachStyle((lang) => {
      const view = romme.view(state, base.turn);
      check('romme', view, [], [], tally, lang);
      check('romme', view, [encodeSelection({ staged: [], selected: sorted.slice(-3) }, sorted)], sorted.slice(-3), tally, lang);
      check('romme', romme.view({ ...state, phase: 'draw' }, base.turn), [], [], tally, lang);
    });
    expect(tally.hands).toBe(12);
  });
});
