/**
 * Pieces the games' screens share: a row of cards, the standing per seat, a titled box in the panel.
 */
import type { ComponentChildren, JSX } from 'preact';
import { Card } from '../faces.tsx';
import { t } from '../i18n.ts';
import type { GameContext } from './types.ts';

/** A labelled row of small cards (nothing when empty). */
export function CardRow(props: { ctx: GameContext; title: string; cards: string[] }): JSX.Element | null {
  if (!props.cards.length) return null;
  return (
    <div class="box">
      <div class="caption">{props.title}</div>
      <div class="mini">
        {props.cards.map((c) => (
          <Card key={c} game={props.ctx.state.game} card={c} colours={props.ctx.colours} class="small" />
        ))}
      </div>
    </div>
  );
}

/** A titled box of the panel. */
export const Box = (props: { title?: string; children: ComponentChildren }): JSX.Element => (
  <div class="box">
    {props.title ? <div class="caption">{props.title}</div> : null}
    {props.children}
  </div>
);

/** The standing: each seat's figure, best first by `better`. */
export function Standing(props: {
  ctx: GameContext;
  totals: number[];
  unit: string;
  lowFirst?: boolean;
  extra?: (seat: number) => string;
}): JSX.Element {
  const order = props.totals.map((v, s) => ({ v, s })).sort((a, b) => (props.lowFirst ? a.v - b.v : b.v - a.v));
  return (
    <Box title={`${t('web.standing')} · ${props.unit}`}>
      <ol class="standing">
        {order.map(({ v, s }) => (
          <li key={s} class={props.ctx.me === s ? 'me' : undefined}>
            <span class="who">{props.ctx.name(s)}</span>
            <span class="val">{v}</span>
            {props.extra ? <span class="extra">{props.extra(s)}</span> : null}
          </li>
        ))}
      </ol>
    </Box>
  );
}

/** A button that sends one move. */
export const MoveButton = (props: { ctx: GameContext; move: Parameters<GameContext['send']>[0]; label: string; primary?: boolean }): JSX.Element => (
  <button
    type="button"
    class={props.primary ? 'primary' : undefined}
    data-move={JSON.stringify(props.move)}
    onClick={() => props.ctx.send(props.move)}
  >
    {props.label}
  </button>
);

/** Removes the chat's Markdown bold markers from a sentence. */
export const plain = (text: string): string => text.replace(/\*\*/g, '');
