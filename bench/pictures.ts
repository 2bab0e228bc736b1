/**
 * `npm run bench` part "pictures" (also alone: `npm run bench -- --pictures`): the board's picture of the trick
 * (src/faces/table-image.ts) over seeded Dreierles games — every distinct trick picture once, uncached — p50/p99
 * render time (wall clock, and the process's CPU time, which a busy machine inflates less) and bytes; the bytes a
 * move adds to the board's edit (src/discord/board/editor.ts uploads the picture only when it changed: every card played,
 * not a bid or a discard), over the same Dreierles games and over seeded Réunion games; the Rommé table picture with 12 melds.
 * Figures, not assertions.
 */
import { DEFAULT_DREIERLES_OPTIONS, dreierles } from '../src/games/dreierles/index.ts';
import { reunion } from '../src/games/reunion/index.ts';
import { describeReason } from '../src/games/types.ts';
import { pictureKey, renderTableImage, TableImages, warmFaces } from '../src/faces/table-image.ts';
import { isPublicView, trickPicture } from '../src/faces/table-picture.ts';
import type { FaceStyle } from '../src/faces/style.ts';

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Render every trick picture of `games` seeded Dreierles games; print the figures. */
export async function printPictureBench(games = 20): Promise<void> {
  const style: FaceStyle = { lang: 'de', colours: 'two' };
  const names = ['Anna', 'Bernd', 'Carl'];
  const times: number[] = [];
  const cpu: number[] = [];
  const bytes: number[] = [];
  const cache = new TableImages();
  let moves = 0;
  let movesBytes = 0;
  let shown = '';
  // Faces are decoded once per process (at start, before the first board): not part of a picture's time.
  const warm = performance.now();
  warmFaces(style);
  const warmMs = performance.now() - warm;
  for (let g = 0; g < games; g++) {
    let s = dreierles.setup(DEFAULT_DREIERLES_OPTIONS, 3, `pictures-${g}`);
    for (let step = 0; step < 80 && dreierles.toAct(s).length; step++) {
      const seat = dreierles.toAct(s)[0] ?? 0;
      const moves0 = dreierles.legalMoves(s, seat);
      const bid = moves0.find((m) => m.type === 'bid');
      const r = dreierles.apply(s, seat, bid ?? moves0[0]!);
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
      const view = dreierles.view(s, null);
      if (!isPublicView(view)) continue;
      moves++;
      const picture = trickPicture(view, names);
      if (!picture) {
        shown = '';
        continue;
      }
      const key = pictureKey(picture, style);
      const uploaded = key !== shown;
      shown = key;
      const drawnBefore = cache.drawn;
      const c0 = process.cpuUsage();
      const t = performance.now();
      const png = await cache.image(picture, style);
      const dt = performance.now() - t;
      const dc = process.cpuUsage(c0);
      if (uploaded) movesBytes += png.length;
      if (cache.drawn > drawnBefore) {
        times.push(dt);
        cpu.push((dc.user + dc.system) / 1000);
        bytes.push(png.length);
      }
    }
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `trick picture: ${times.length} drawn over ${moves} moves; render p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms ` +
      `(CPU time p50 ${pct(cpu, 50).toFixed(2)} ms, p99 ${pct(cpu, 99).toFixed(2)} ms); ` +
      `bytes p50 ${kb(pct(bytes, 50))}, max ${kb(Math.max(...bytes))}; board upload per move ${kb(movesBytes / Math.max(1, moves))} ` +
      `(a move that leaves the picture as it is uploads nothing)`,
  );
  const r = await reunionUploads(games, style, names, cache);
  console.log(`Réunion board uploads over ${games} seeded games: ${r.uploads} for ${r.moves} moves, ${kb(r.bytes / Math.max(1, r.moves))} per move`);
  const melds = Array.from({ length: 12 }, (_, i) => ['7♥', '8♥', '9♥', '10♥'].slice(0, 3 + (i % 2)));
  const t = performance.now();
  const png = await renderTableImage({ kind: 'melds', discardTop: 'Q♠', melds }, style);
  console.log(`faces decoded once per process and style: ${warmMs.toFixed(0)} ms`);
  console.log(`Rommé table picture, 12 melds: ${(performance.now() - t).toFixed(2)} ms, ${kb(png.length)}`);
}

/** Over `games` seeded Réunion games (first legal move each turn): board moves, picture uploads and their bytes. */
async function reunionUploads(
  games: number,
  style: FaceStyle,
  names: string[],
  cache: TableImages,
): Promise<{ moves: number; uploads: number; bytes: number }> {
  let moves = 0;
  let uploads = 0;
  let bytes = 0;
  for (let g = 0; g < games; g++) {
    let s = reunion.setup({ piererTiers: false }, 3, `pictures-${g}`);
    let shown = '';
    while (reunion.toAct(s).length) {
      const seat = reunion.toAct(s)[0] ?? 0;
      const r = reunion.apply(s, seat, reunion.legalMoves(s, seat)[0]!);
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
      moves++;
      const view = reunion.view(s, null);
      const picture = isPublicView(view) ? trickPicture(view, names) : null;
      const key = picture ? pictureKey(picture, style) : '';
      if (picture && key !== shown) {
        uploads++;
        bytes += (await cache.image(picture, style)).length;
      }
      shown = key;
    }
  }
  return { moves, uploads, bytes };
}
