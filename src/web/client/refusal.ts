/**
 * The last refusal as a short-lived line (six seconds) in the user's language, for the lobby and the table alike.
 * Only a refusal that arrives while the screen is shown: one answered before (e.g. in the lobby, before the game
 * started) is not shown again.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefusedFrame } from '../protocol.ts';
import { labelVars, t } from './i18n.ts';

/**
 * The refusal's line while it is shown, else null, and a function that hides it (a new move was sent); `refused.n`
 * counts the refusals of the connection.
 */
export function useRefusal(refused: (RefusedFrame & { n: number }) | null, game: string): [string | null, () => void] {
  const seen = useRef(refused?.n ?? 0);
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    if (!refused || refused.n <= seen.current) return;
    seen.current = refused.n;
    setLine(t(refused.key, labelVars(game, refused.vars)));
    const timer = setTimeout(() => setLine(null), 6000);
    return () => clearTimeout(timer);
  }, [refused?.n]);
  return [line, () => setLine(null)];
}
