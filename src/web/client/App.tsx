/**
 * The app: signs in (Activity) or uses the browser's session, keeps one table socket, and shows what it knows —
 * the sign-in page, the lobby, the table, the result with its podium (and its replay, in place inside the Activity),
 * or why there is nothing to show. Words are in the Discord user's language inside Discord and the browser's outside.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ResultFrame } from '../protocol.ts';
import { activitySignIn } from './activity.ts';
import { type Snapshot, TableSocket } from './connection.ts';
import { useColours, useFaces } from './faces.tsx';
import { browserLang, setLang, t } from './i18n.ts';
import { Lobby } from './Lobby.tsx';
import { ReplayPage } from './replay/Replay.tsx';
import { Result } from './Result.tsx';
import { Table } from './table/Table.tsx';

/** How the page was opened. */
export interface AppProps {
  mode: 'activity' | 'browser';
  /** The channel from `/table/<channel>` (browser), or null. */
  channel: string | null;
}

/** The whole page. */
export function App(props: AppProps): JSX.Element {
  const [socket, setSocket] = useState<TableSocket | null>(null);
  const [snap, setSnap] = useState<Snapshot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The Activity's session (for a replay's request), and the finished game being replayed inside the Activity. */
  const [session, setSession] = useState<string | undefined>(undefined);
  const [replaying, setReplaying] = useState<{ guild: string; id: string } | null>(null);
  const [colours, setColours] = useColours();
  useFaces();

  useEffect(() => {
    let made: TableSocket | null = null;
    let stop: (() => void) | null = null;
    const start = (channel: string, session?: string) => {
      setSession(session);
      made = new TableSocket(channel, session);
      stop = made.subscribe((s) => {
        if (s.ready) setLang(props.mode === 'activity' ? s.ready.locale : browserLang());
        setSnap(s);
      });
      setSocket(made);
    };
    if (props.mode === 'activity')
      activitySignIn().then(
        (a) => start(a.channel, a.session),
        () => setFailure('web.error.unauthorized'),
      );
    else if (props.channel) start(props.channel);
    return () => {
      stop?.();
      made?.stop();
    };
  }, []);

  const header = (
    <header class="top">
      <span class="brand">{t('web.title')}</span>
      {snap?.state ? <span class="game">{t(`web.game.${snap.state.game}`)}</span> : null}
      <span class="spacer" />
      {snap?.ready ? <span class="user">{snap.ready.user.name}</span> : null}
      <button type="button" class="colours" onClick={() => setColours(colours === 'two' ? 'four' : 'two')}>
        {t(`web.colours.${colours === 'two' ? 'four' : 'two'}`)}
      </button>
    </header>
  );
  const page = (body: JSX.Element | null) => (
    <div class="page">
      {header}
      {body}
    </div>
  );

  /** A finished game's replay: its own page in a browser, in place inside the Activity (which has one page). */
  const watch = (result: ResultFrame): void => {
    if (props.mode === 'browser') location.assign(`/replay/${result.guild}/${result.tableId}`);
    else setReplaying({ guild: result.guild, id: result.tableId });
  };
  if (replaying) return <ReplayPage guild={replaying.guild} id={replaying.id} session={session} onBack={() => setReplaying(null)} />;
  if (props.mode === 'browser' && !props.channel) return page(<Notice text={t('web.notTable')} />);
  if (failure) return page(<Notice text={t(failure)} />);
  if (!socket || !snap) return page(<Notice text={t('web.connecting')} />);
  if (snap.error?.code === 'unauthorized' && props.mode === 'browser') return page(<SignIn channel={socket.channel} />);
  if (snap.error) return page(<Notice text={t(snap.error.key)} />);
  const banner = snap.phase === 'reconnecting' ? <div class="banner">{t('web.reconnecting')}</div> : null;
  if (snap.result && (!snap.state || snap.state.tableId === snap.result.tableId))
    return page(
      <>
        {banner}
        <Result frame={snap.result} colours={colours} onReplay={() => watch(snap.result!)} />
      </>,
    );
  if (!snap.state)
    return page(
      <Notice text={snap.phase === 'open' ? t(snap.closed?.reason === 'closed' ? 'web.closedTable' : 'web.noTable') : t('web.connecting')} />,
    );
  const body =
    snap.state.status === 'lobby' ? (
      <Lobby state={snap.state} socket={socket} refused={snap.refused} />
    ) : (
      <Table state={snap.state} socket={socket} refused={snap.refused} colours={colours} />
    );
  return page(
    <>
      {banner}
      {body}
    </>,
  );
}

/** A short message in the middle of the page. */
const Notice = (props: { text: string }): JSX.Element => (
  <main class="notice">
    <p>{props.text}</p>
  </main>
);

/** The browser's sign-in: Discord's OAuth2 consent, then back to this table. */
const SignIn = (props: { channel: string }): JSX.Element => (
  <main class="notice">
    <p>{t('web.signinWhy')}</p>
    <a class="signin" href={`/auth/login?next=${encodeURIComponent(`/table/${props.channel}`)}`}>
      {t('web.signin')}
    </a>
  </main>
);
