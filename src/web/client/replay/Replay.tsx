/**
 * A finished game replayed move by move (`/replay/<guild>/<id>`, linked by `/replay` in the chat): the game from
 * `GET /api/replay/<guild>/<id>` (the session cookie signs in; signed out, the same sign-in as a table), shown on the
 * table as a spectator sees it with every hand open below, the move that led to each step, step controls (first,
 * back, play / pause, forward, last and a slider) with keys ← → Home End and Space, and the result at the end.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ReplayResponse, ResultFrame, StateFrame } from '../../protocol.ts';
import { Card, type Colours, useColours, useFaces } from '../faces.tsx';
import { browserLang, lang, setLang, t } from '../i18n.ts';
import { Result } from '../Result.tsx';
import { Table } from '../table/Table.tsx';
import { moveLabel } from './label.ts';
import './replay.css';

/** Milliseconds between moves while playing. */
const PLAY_MS = 1200;

/** What the page knows: loading, the game, or why not (`web.replay.*` / sign-in). */
type Loaded = { kind: 'loading' } | { kind: 'signin' } | { kind: 'error'; key: string } | { kind: 'game'; game: ReplayResponse };

/** The replay page of the game `id` of `guild`. */
export function ReplayPage(props: {
  guild: string;
  id: string;
  /** The Activity's session (sent as `Authorization: Bearer`); a browser's cookie goes by itself. */
  session?: string;
  /** Back to the table (inside the Activity); none on the replay's own page. */
  onBack?: () => void;
}): JSX.Element {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [colours, setColours] = useColours();
  useFaces();
  useEffect(() => {
    if (!props.session) setLang(browserLang());
    const auth: Record<string, string> = props.session ? { authorization: `Bearer ${props.session}` } : {};
    fetch(`/api/replay/${props.guild}/${props.id}`, { credentials: 'same-origin', headers: auth }).then(
      async (res) => {
        if (res.ok) return setLoaded({ kind: 'game', game: (await res.json()) as ReplayResponse });
        if (res.status === 401) return setLoaded({ kind: 'signin' });
        setLoaded({
          kind: 'error',
          key: res.status === 429 ? 'web.replay.rateLimited' : res.status === 404 ? 'web.replay.notFound' : 'web.replay.failed',
        });
      },
      () => setLoaded({ kind: 'error', key: 'web.replay.failed' }),
    );
  }, [props.guild, props.id]);

  const body = (): JSX.Element => {
    if (loaded.kind === 'game') return <Viewer guild={props.guild} game={loaded.game} colours={colours} />;
    if (loaded.kind === 'signin')
      return (
        <main class="notice">
          <p>{t('web.replay.signinWhy')}</p>
          <a class="signin" href={`/auth/login?next=${encodeURIComponent(`/replay/${props.guild}/${props.id}`)}`}>
            {t('web.signin')}
          </a>
        </main>
      );
    return (
      <main class="notice">
        <p>{t(loaded.kind === 'error' ? loaded.key : 'web.replay.loading')}</p>
      </main>
    );
  };
  return (
    <div class="page replay-page">
      <header class="top">
        <span class="brand">{t('web.title')}</span>
        {loaded.kind === 'game' ? <span class="game">{t(`web.game.${loaded.game.game}`)}</span> : null}
        <span class="game">{t('web.replay.title', { id: props.id })}</span>
        <span class="spacer" />
        {props.onBack ? (
          <button type="button" class="colours" data-action="back-to-table" onClick={props.onBack}>
            {t('web.replay.backToTable')}
          </button>
        ) : null}
        <button type="button" class="colours" onClick={() => setColours(colours === 'two' ? 'four' : 'two')}>
          {t(`web.colours.${colours === 'two' ? 'four' : 'two'}`)}
        </button>
      </header>
      {body()}
    </div>
  );
}

/** The table at one step, the open hands, the controls and, at the end, the result. */
function Viewer(props: { guild: string; game: ReplayResponse; colours: Colours }): JSX.Element {
  const { game, colours } = props;
  const last = game.steps.length - 1;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const go = (to: number): void => setAt(Math.max(0, Math.min(last, to)));

  useEffect(() => {
    if (!playing) return;
    if (at >= last) return setPlaying(false);
    const timer = setTimeout(() => setAt(at + 1), PLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, at]);

  useEffect(() => {
    const keys = (ev: KeyboardEvent): void => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const to = { ArrowLeft: (a: number) => a - 1, ArrowRight: (a: number) => a + 1, Home: () => 0, End: () => last }[ev.key];
      if (to) {
        setPlaying(false);
        setAt((a) => Math.max(0, Math.min(last, to(a))));
      } else if (ev.key === ' ') setPlaying((p) => !p);
      else return;
      ev.preventDefault();
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [last]);

  const step = game.steps[at]!;
  const names = game.seats.map((s) => s.name);
  const view = step.view as { phase?: unknown; dealer?: unknown };
  const state: StateFrame = {
    type: 'state',
    channel: props.guild,
    tableId: game.id,
    version: at,
    game: game.game,
    status: 'playing',
    phase: typeof view.phase === 'string' ? view.phase : null,
    seat: null,
    seats: game.seats,
    dealer: typeof view.dealer === 'number' ? view.dealer : null,
    turn: step.toAct,
    timer: null,
    turnTimer: 0,
    options: game.options,
    view: step.view,
    legal: [],
    locale: lang(),
  };
  const result: ResultFrame = {
    type: 'result',
    channel: props.guild,
    guild: props.guild,
    tableId: game.id,
    game: game.game,
    seats: game.seats,
    result: game.result,
    locale: lang(),
  };
  const button = (key: string, action: () => void, disabled: boolean, glyph: string): JSX.Element => (
    <button type="button" data-step={key} aria-label={t(`web.replay.${key}`)} title={t(`web.replay.${key}`)} disabled={disabled} onClick={action}>
      {glyph}
    </button>
  );
  const mine = (
    <div class="replay-bottom">
      <div class="replay-move" aria-live="polite" data-at={at}>
        {moveLabel(game.game, step, names)}
      </div>
      <div class="replay-controls" role="group" aria-label={t('web.replay.slider')}>
        {button('first', () => go(0), at === 0, '⏮')}
        {button('back', () => go(at - 1), at === 0, '‹')}
        {button(playing ? 'pause' : 'play', () => setPlaying(!playing), at === last && !playing, playing ? '⏸' : '▶')}
        {button('forward', () => go(at + 1), at === last, '›')}
        {button('last', () => go(last), at === last, '⏭')}
        <input
          type="range"
          min={0}
          max={last}
          value={at}
          aria-label={t('web.replay.slider')}
          onInput={(ev) => {
            setPlaying(false);
            go(Number((ev.currentTarget as HTMLInputElement).value));
          }}
        />
        <span class="replay-count">{t('web.replay.step', { step: at, steps: last })}</span>
      </div>
      <div class="replay-keys">{t('web.replay.keys')}</div>
      <section class="open-hands" aria-label={t('web.replay.hands')}>
        {game.seats.map((seat, s) => (
          <div class="open-hand" data-seat={s} key={s}>
            <div class="who">{seat.name}</div>
            <div class="cards">
              {(step.hands[s] ?? []).map((card) => (
                <Card key={card} game={game.game} card={card} colours={colours} class="small" />
              ))}
            </div>
            {step.discards[s]?.length ? (
              <div class="discard">
                <span>{t('web.discarded')}</span>
                {step.discards[s]!.map((card) => (
                  <Card key={card} game={game.game} card={card} colours={colours} class="small" />
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </section>
    </div>
  );
  return (
    <>
      <Table state={state} socket={null} refused={null} colours={colours} mine={mine} />
      {at === last ? <Result frame={result} colours={colours} replay /> : null}
    </>
  );
}
