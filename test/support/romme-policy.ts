/**
 * A simple Rommé player for tests: swap a joker when it can, then meld (the best first meld, or any meld),
 * then lay off, then discard the costliest card it may. Draws from the stock. Pure: state in, move out.
 */
import { handValue, labelOf } from '../../src/games/romme/pack.ts';
import { legalMoves, type RommeMove, type RommeState } from '../../src/games/romme/index.ts';

export function nextMove(s: RommeState): RommeMove {
  const seat = s.turn;
  const moves = legalMoves(s, seat);
  const pick = (type: RommeMove['type']) => moves.find((m) => m.type === type);
  if (s.phase === 'draw') return pick('draw') as RommeMove;
  const placing = pick('swap') ?? pick('meld') ?? pick('layOff');
  if (placing) return placing;
  const discards = moves.filter((m): m is Extract<RommeMove, { type: 'discard' }> => m.type === 'discard');
  return discards.sort(
    (a, b) => handValue(b.card, s.options.jokerValue) - handValue(a.card, s.options.jokerValue) || labelOf(a.card).localeCompare(labelOf(b.card)),
  )[0] as RommeMove;
}
