/**
 * The viewer's hand, fanned at the bottom: every card a button with its spoken name; cards that can be played now
 * raised, the rest dimmed. A click plays the card's one legal move, or picks it when the phase asks for several
 * cards (a discard, a Rommé meld; a picked card is a pressed toggle). The hand is one stop of the Tab order: left and
 * right arrows (Home, End) move between its cards, Enter or Space plays or picks. On a phone it wraps into two rows.
 */
import type { CSSProperties, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { Card } from '../faces.tsx';
import type { GameContext, GameUi } from '../games/types.ts';
import { t } from '../i18n.ts';

/** Types of moves a click on a card makes at once. */
const DIRECT = ['play', 'giveBack'];

/** The hand (see the file's comment). */
export function Hand(props: { ctx: GameContext; ui: GameUi }): JSX.Element {
  const { ctx, ui } = props;
  const mode = ui.hand(ctx);
  const hand = ctx.view.hand ?? [];
  // The card that Tab reaches: the last one focused, while it is in the hand.
  const [current, setCurrent] = useState<string | null>(null);
  const stop = current !== null && hand.includes(current) ? current : (hand.find((c) => mode.playable.has(c)) ?? hand[0]);
  const click = (card: string): void => {
    if (mode.select) {
      ctx.setSelected(ctx.selected.includes(card) ? ctx.selected.filter((c) => c !== card) : [...ctx.selected, card]);
      return;
    }
    const move = ctx.legal.find((m) => DIRECT.includes(m.type) && m.card === card);
    // A card that is not playable is still sent when it is the player's turn: the server's refusal says why.
    if (move) ctx.send(move);
    else if (ctx.state.seat !== null && ctx.state.turn.includes(ctx.state.seat)) {
      const type = ctx.legal.find((m) => DIRECT.includes(m.type))?.type;
      if (type) ctx.send({ type, card });
    }
  };
  const keys = (ev: KeyboardEvent): void => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity }[ev.key];
    if (step === undefined) return;
    const buttons = [...(ev.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button.card')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + step))];
    next?.focus();
    ev.preventDefault();
  };
  return (
    <div
      class="hand"
      role="group"
      aria-label={t('web.hand')}
      onKeyDown={keys}
      style={{ '--n': String(Math.max(hand.length, 1)), '--row': String(Math.max(Math.ceil(hand.length / 2), 1)) } as CSSProperties}
    >
      {hand.map((card, i) => (
        <Card
          key={card}
          game={ctx.state.game}
          card={card}
          colours={ctx.colours}
          playable={mode.playable.has(card)}
          dim={!mode.playable.has(card)}
          selected={mode.select ? ctx.selected.includes(card) : undefined}
          tabIndex={card === stop ? 0 : -1}
          onFocus={() => setCurrent(card)}
          onClick={() => click(card)}
          style={{ '--i': String(i) } as CSSProperties}
        />
      ))}
    </div>
  );
}
