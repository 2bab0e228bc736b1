/**
 * The line a replay step shows for the move that led to it ("Anna plays K♠", "Bernd bids Solo"), in the viewer's
 * language from the bot's own resources (`web.replay.move.*`); cards written as the chat writes them.
 */
import type { ReplayStep } from '../../protocol.ts';
import { cardLabel, suitName, t } from '../i18n.ts';

/** The engine's move as the replay carries it. */
type Move = { type?: string; card?: string; cards?: string[]; groups?: { cards: string[] }[]; [k: string]: unknown };

/** The line of `step` (the deal itself for the first step); `names` by seat. */
export function moveLabel(game: string, step: ReplayStep, names: readonly string[]): string {
  if (!step.move) return t('web.replay.dealt');
  const m = step.move.move as Move;
  const card = (c: unknown): string => (typeof c === 'string' ? cardLabel(game, c) : '');
  const cards = (list: unknown): string => (Array.isArray(list) ? list.map(card).join(' ') : '');
  const vars = { name: names[step.move.seat] ?? '?', card: card(m.card), cards: m.cards ? cards(m.cards) : card(m.card), no: m.meld };
  const key = (k: string): string => t(`web.replay.move.${k}`, vars);
  switch (m.type) {
    case 'staubaus':
      return typeof m.suit === 'string' ? t('web.replay.move.staubausSuit', { ...vars, suit: suitName(m.suit) }) : key('staubaus');
    case 'bid':
      return t('web.replay.move.bid', { ...vars, contract: t(`${game}:contract.${String(m.contract)}`) });
    case 'draw':
      return key(m.from === 'discard' ? 'drawDiscard' : 'drawStock');
    case 'meld':
      return t('web.replay.move.meld', { ...vars, cards: (m.groups ?? []).map((g) => cards(g.cards)).join(' · ') });
    case 'swap':
      return t('web.replay.move.swap', { ...vars, cards: cards(m.naturals) });
    default:
      return key(String(m.type));
  }
}
