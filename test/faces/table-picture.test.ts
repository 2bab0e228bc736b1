/**
 * The board's picture: built from the public view only (a seat's view is refused by the types and at run time), so
 * no card of any hand can reach it; it shows the trick in play or the last trick with its winner, Rommé's discard top
 * and melds; the image is deterministic, small, and drawn once per distinct picture (the cache).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../../src/games/dreierles/index.ts';
import { DEFAULT_ROMME_OPTIONS, romme } from '../../src/games/romme/index.ts';
import { reunion } from '../../src/games/reunion/index.ts';
import { describeReason, type GameDefinition } from '../../src/games/types.ts';
import { renderTableImage, TableImages } from '../../src/faces/table-image.ts';
import { rommePicture } from '../../src/discord/games/romme/picture.ts';
import { isPublicView, trickPicture, type TablePicture } from '../../src/faces/table-picture.ts';

const names = ['Anna', 'Bernd', 'Carl', 'Dora'];
const STYLE = { lang: 'en', colours: 'two' } as const;

const cardsOf = (p: TablePicture): string[] =>
  p.kind === 'trick' ? p.plays.map((x) => x.card) : [...(p.discardTop ? [p.discardTop] : []), ...p.melds.flat()];

/**
 * Play seeded games of a trick game; at every state build the picture from the public view and check that none of
 * its cards is in any seat's hand, and that each is in the trick or the last trick. Returns the pictures seen.
 */
type TrickView = {
  seat: number | null;
  hand: readonly string[];
  trick: readonly { seat: number; card: string }[];
  lastTrick: { plays: readonly { seat: number; card: string }[]; winner: number } | null;
};

function trickGames<S, M, V extends TrickView, O>(
  game: GameDefinition<S, M, V, O, unknown, unknown, unknown>,
  options: O,
  seats: number,
): TablePicture[] {
  const seen: TablePicture[] = [];
  for (let g = 0; g < 6; g++) {
    let s = game.setup(options, seats, `picture-${g}`);
    for (let step = 0; step < 120 && game.toAct(s).length; step++) {
      const view = game.view(s, null);
      if (!isPublicView(view)) throw new Error('the public view has a seat');
      const picture = trickPicture(view, names);
      if (picture) {
        const held = new Set(Array.from({ length: seats }, (_, seat) => game.view(s, seat).hand).flat());
        for (const card of cardsOf(picture)) expect(held.has(card), card).toBe(false);
        seen.push(picture);
      }
      const seat = game.toAct(s)[0] ?? 0;
      const moves = game.legalMoves(s, seat);
      const r = game.apply(s, seat, moves[0] as M);
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
    }
  }
  return seen;
}

describe('the table picture', () => {
  it('takes the public view only: a seat’s view is refused by the types and at run time', () => {
    const s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, 3, 'picture-types');
    const seatView = dreierles.view(s, 0);
    expect(seatView.hand.length).toBeGreaterThan(0);
    // @ts-expect-error a seat's view (seat: number | null) is not a public view (seat: null)
    expect(() => trickPicture(seatView, names)).toThrow(/public view only/);
    // @ts-expect-error the same for Rommé
    expect(() => rommePicture(romme.view(romme.setup(DEFAULT_ROMME_OPTIONS, 2, 'p'), 1))).toThrow(/public view only/);
  });

  it('Réunion and Dreierles: only played cards, never one still in a hand; the last trick with its winner', () => {
    const pictures = [...trickGames(reunion, { piererTiers: false }, 3), ...trickGames(dreierles, DEFAULT_DREIERLES_OPTIONS, 3)];
    expect(pictures.length).toBeGreaterThan(200);
    const complete = pictures.filter((p) => p.kind === 'trick' && p.winner !== null);
    expect(complete.length).toBeGreaterThan(20);
    for (const p of complete) if (p.kind === 'trick') expect(p.plays[p.winner ?? -1]).toBeDefined();
  });

  it('Rommé: the discard top and the melds, as labels', () => {
    const base = romme.setup(DEFAULT_ROMME_OPTIONS, 2, 'picture-romme');
    const state = {
      ...base,
      melds: [{ no: 1, owner: 0, kind: 'set' as const, rank: 7, cards: ['7♣/0', '7♥/1', 'Joker/2'] }],
    };
    const view = romme.view(state, null);
    if (!isPublicView(view)) throw new Error('the public view has a seat');
    const picture = rommePicture(view);
    expect(picture).toEqual({ kind: 'melds', discardTop: view.discardTop?.split('/')[0] ?? null, melds: [['7♣', '7♥', 'Joker']] });
  });

  it('draws the same bytes for the same picture, under 60 kB, once per distinct picture', async () => {
    const picture: TablePicture = {
      kind: 'trick',
      plays: [
        { name: 'Anna', card: '18' },
        { name: 'Bernd', card: 'C♣' },
        { name: 'Carl', card: 'Stiess' },
      ],
      winner: 2,
    };
    const png = await renderTableImage(picture, STYLE);
    expect(png.equals(await renderTableImage(picture, STYLE))).toBe(true);
    expect(png.length).toBeLessThan(60_000);
    const cache = new TableImages(2);
    expect((await cache.image(picture, STYLE)).equals(png)).toBe(true);
    expect((await cache.image({ ...picture }, STYLE)).equals(png)).toBe(true);
    expect(cache.drawn).toBe(1);
    cache.image({ ...picture, winner: null }, STYLE);
    cache.image({ ...picture, winner: 0 }, STYLE);
    cache.image(picture, STYLE); // evicted (the cache keeps 2): drawn again
    expect(cache.drawn).toBe(4);
    const melds = await renderTableImage(
      { kind: 'melds', discardTop: null, melds: Array.from({ length: 40 }, () => ['A♠', '2♠', '3♠', 'Joker']) },
      STYLE,
    );
    expect(melds.length).toBeLessThan(60_000);
  });
});
