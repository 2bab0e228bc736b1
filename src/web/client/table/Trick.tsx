/**
 * The trick in the middle of the felt and the last trick beside it. A card just played flies in from its player's
 * side; a completed trick slides off towards its taker and fades. Both are decoration only (the last trick stays
 * shown with its taker’s name), and both are off when the system asks for reduced motion (styles/table.css).
 */
import type { CSSProperties, JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Card, type Colours } from '../faces.tsx';
import type { Play } from '../games/types.ts';
import { t } from '../i18n.ts';

/**
 * Where seat `rel` places of `n` after the viewer sits (0 = the viewer, at the bottom; then clockwise), as CSS
 * variables: the direction (`--cx`, `--cy`), scaled by the stylesheet's radius for seats or trick cards.
 */
export function spot(rel: number, n: number): CSSProperties {
  const a = Math.PI / 2 + (2 * Math.PI * rel) / n;
  return { '--cx': Math.cos(a).toFixed(4), '--cy': Math.sin(a).toFixed(4) } as CSSProperties;
}

/** A trick as the games' screens read it (GameUi.trick). */
export interface TrickShape {
  plays: Play[];
  leader: number | null;
  last: { plays: Play[]; winner: number } | null;
}

/** The trick (see the file's comment): `me` is the viewer's seat (0 for a spectator), `n` the number of seats. */
export function Trick(props: {
  game: string;
  trick: TrickShape;
  me: number;
  n: number;
  colours: Colours;
  name: (seat: number) => string;
}): JSX.Element {
  const { game, trick, me, n, colours, name } = props;
  const rel = (seat: number): number => (seat - me + n) % n;
  // The completed trick slides away only when it has just been completed (not on the page's first render), until
  // the animation ends or the next card is played.
  const lastKey = trick.last ? trick.last.plays.map((p) => p.card).join(' ') : null;
  const seen = useRef(lastKey);
  const [sweeping, setSweeping] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (lastKey !== null && lastKey !== seen.current) setSweeping(lastKey);
    seen.current = lastKey;
  }, [lastKey]);
  const sweep = sweeping !== null && sweeping === lastKey && !trick.plays.length ? trick.last : null;
  const toWinner = trick.last ? (spot(rel(trick.last.winner), n) as Record<string, string>) : {};
  return (
    <>
      <div class="trick" role="list" aria-label={t('web.trick')}>
        {trick.plays.map((p) => (
          <span role="listitem" key={p.card}>
            <Card
              game={game}
              card={p.card}
              colours={colours}
              class={`in-trick${p.seat === trick.leader ? ' led' : ''}`}
              style={spot(rel(p.seat), n)}
              note={`${name(p.seat)}${p.seat === trick.leader && trick.plays.length > 1 ? ` (${t('web.led')})` : ''}`}
            />
          </span>
        ))}
      </div>
      {sweep ? (
        <div
          class="sweep"
          key={sweeping}
          aria-hidden="true"
          style={{ '--wx': toWinner['--cx'], '--wy': toWinner['--cy'] } as CSSProperties}
          onAnimationEnd={() => setSweeping(null)}
        >
          {sweep.plays.map((p) => (
            <Card key={p.card} game={game} card={p.card} colours={colours} class="in-trick" style={spot(rel(p.seat), n)} />
          ))}
        </div>
      ) : null}
      {trick.last ? (
        <div class="last-trick">
          <div class="caption">{t('web.lastTrick', { name: name(trick.last.winner) })}</div>
          <div class="mini">
            {trick.last.plays.map((p) => (
              <Card key={p.card} game={game} card={p.card} colours={colours} class="small" note={name(p.seat)} />
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}
