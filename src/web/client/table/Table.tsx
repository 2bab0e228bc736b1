/**
 * The table while a game runs: the seats around a felt (name, dealer, whose turn with ▶ and the turn timer's ring,
 * the game's lines), the trick in the middle (who led, the last trick and who took it) or the game's own centre,
 * the viewer's hand fanned at the bottom (playable cards raised, the rest dimmed; arrows and Enter play it from the
 * keyboard), the game's buttons and panel, and the last refusal in the user's language.
 */
import type { CSSProperties, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RefusedFrame, StateFrame } from '../../protocol.ts';
import type { TableSocket } from '../connection.ts';
import { CardBack, type Colours } from '../faces.tsx';
import { dreierlesUi } from '../games/dreierles.tsx';
import { reunionUi } from '../games/reunion.tsx';
import { rommeUi } from '../games/romme.tsx';
import type { GameContext, GameUi, Move } from '../games/types.ts';
import { t } from '../i18n.ts';
import { useRefusal } from '../refusal.ts';
import { Hand } from './Hand.tsx';
import { spot, Trick } from './Trick.tsx';

const GAMES: Record<string, GameUi> = { reunion: reunionUi, dreierles: dreierlesUi, romme: rommeUi };

/** The table (see the file's comment). */
export function Table(props: {
  state: StateFrame;
  /** The table's socket; null for a replay, which sends nothing. */
  socket: TableSocket | null;
  refused: (RefusedFrame & { n: number }) | null;
  colours: Colours;
  /** What the bottom shows instead of the viewer's seat and hand (a replay's open hands and controls). */
  mine?: JSX.Element;
}): JSX.Element {
  const { state, socket, colours } = props;
  const ui = GAMES[state.game];
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected((s) => s.filter((c) => (state.view as { hand?: string[] })?.hand?.includes(c))), [state.version]);
  const [toast, hideToast] = useRefusal(props.refused, state.game);
  if (!ui || !state.view) return <main class="notice">{t('web.connecting')}</main>;

  const view = state.view as GameContext['view'];
  const ctx: GameContext = {
    state,
    view,
    legal: state.legal as Move[],
    me: state.seat,
    socket,
    colours,
    selected,
    setSelected,
    send: (move) => {
      setSelected([]);
      hideToast();
      socket?.intent(move);
    },
    name: (seat) => state.seats[seat]?.name ?? '?',
  };
  const n = state.seats.length;
  const me = state.seat ?? 0;
  const trick = ui.trick(view);
  const Center = ui.Center;
  const myTurn = state.seat !== null && state.turn.includes(state.seat);
  const toAct = state.turn.map((s) => ctx.name(s));
  // The other seats, clockwise from the viewer's left (a phone shows them as a row in this order).
  const order = Array.from({ length: n }, (_, i) => (me + i) % n).filter((s) => s !== state.seat);

  return (
    <main class={`table game-${state.game}${myTurn ? ' my-turn' : ''}`} data-version={state.version}>
      <section class="felt-wrap" aria-label={t('web.trick')}>
        <div class="turn-line" role="status" aria-live="polite" aria-atomic="true">
          {myTurn ? t('web.yourTurn') : toAct.length ? t('web.toAct', { name: toAct.join(', ') }) : ''}
        </div>
        <div class="seats">
          {order.map((s) => (
            <Seat key={s} ctx={ctx} ui={ui} seat={s} style={spot((s - me + n) % n, n)} />
          ))}
        </div>
        <div class="board">
          <div class="felt" />
          <div class="center">
            {Center ? <Center ctx={ctx} /> : null}
            {trick ? <Trick game={state.game} trick={trick} me={me} n={n} colours={colours} name={ctx.name} /> : null}
          </div>
        </div>
      </section>
      <aside class="panel">
        <ui.Panel ctx={ctx} />
      </aside>
      <section class="mine">
        {toast ? (
          <div class="toast" role="alert">
            {toast}
          </div>
        ) : null}
        <div class="actions">
          <ui.Actions ctx={ctx} />
        </div>
        {props.mine ?? (state.seat !== null ? <Seat ctx={ctx} ui={ui} seat={state.seat} own /> : <div class="watching">{t('web.watching')}</div>)}
        {state.seat !== null && !props.mine ? <Hand ctx={ctx} ui={ui} /> : null}
      </section>
    </main>
  );
}

/** One seat: name, badges, whose turn with the timer's ring, the game's lines. */
function Seat(props: { ctx: GameContext; ui: GameUi; seat: number; style?: CSSProperties; own?: boolean }): JSX.Element {
  const { ctx, ui, seat } = props;
  const { state } = ctx;
  const info = state.seats[seat]!;
  const turn = state.turn.includes(seat);
  const out = ui.sitsOut(ctx.view, seat);
  const sizes = (ctx.view as { handSizes?: number[] }).handSizes;
  const tags = [
    state.dealer === seat ? t('web.dealer') : null,
    info.bot ? t('web.bot') : null,
    info.away ? t('web.away') : null,
    info.left ? t('web.left') : null,
  ].filter(Boolean);
  return (
    <div class={`seat${turn ? ' turn' : ''}${out ? ' out' : ''}${props.own ? ' own' : ''}`} style={props.style} data-seat={seat}>
      <div class="avatar">
        {turn && state.timer?.seat === seat && state.turnTimer > 0 ? <TimerRing at={state.timer.at} total={state.turnTimer} /> : null}
        <span>{info.name.slice(0, 1).toUpperCase()}</span>
        {state.dealer === seat ? (
          <span class="dealer-chip" aria-hidden="true">
            D
          </span>
        ) : null}
      </div>
      <div class="who">
        <div class="name">
          {turn ? <span class="arrow">▶ </span> : null}
          {info.name}
          {info.you ? ` (${t('web.you')})` : ''}
        </div>
        {tags.length ? <div class="tags">{tags.join(' · ')}</div> : null}
        {ui.seatLines(ctx, seat).map((line) => (
          <div class="line">{line}</div>
        ))}
      </div>
      {!props.own && sizes && sizes[seat] ? (
        <div class="backs" aria-hidden="true">
          {Array.from({ length: Math.min(sizes[seat]!, 6) }, (_, i) => (
            <CardBack key={i} class="tiny" />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The turn timer's ring: runs down from what is left to zero. */
function TimerRing(props: { at: number; total: number }): JSX.Element {
  const left = Math.max(0, props.at - Date.now());
  const share = Math.min(1, left / (props.total * 1000));
  const c = 2 * Math.PI * 22;
  return (
    <svg class="ring" viewBox="0 0 48 48" role="img" aria-label={t('web.timer', { seconds: Math.ceil(left / 1000) })}>
      <circle cx="24" cy="24" r="22" class="ring-bg" />
      <circle
        key={props.at}
        cx="24"
        cy="24"
        r="22"
        class="ring-run"
        style={{ strokeDasharray: `${c}`, '--from': `${c * (1 - share)}`, '--to': `${c}`, animationDuration: `${left}ms` } as CSSProperties}
      />
    </svg>
  );
}
