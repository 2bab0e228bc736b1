/**
 * The lobby: who sits where (host, computer players), the house rules and the turn timer, and the lobby's buttons —
 * Join and Leave for everyone, Start and Fill with bots for the host — sent as the chat's lobby buttons are; a refused
 * one is said below them.
 */
import type { JSX } from 'preact';
import type { RefusedFrame, StateFrame } from '../protocol.ts';
import type { TableSocket } from './connection.ts';
import { t } from './i18n.ts';
import { useRefusal } from './refusal.ts';

/** A house rule's value as the lobby writes it. */
const value = (v: unknown): string => (v === true ? t('lobby.on') : v === false ? t('lobby.off') : String(v));

/** The lobby (see the file's comment). */
export function Lobby(props: { state: StateFrame; socket: TableSocket; refused: (RefusedFrame & { n: number }) | null }): JSX.Element {
  const { state, socket } = props;
  const [refusal] = useRefusal(props.refused, state.game);
  const game = t(`web.game.${state.game}`);
  const seated = state.seat !== null;
  const host = state.seats.find((s) => s.you)?.host ?? false;
  return (
    <main class="lobby">
      <h1>{t('web.lobbyTitle', { game })}</h1>
      <ol class="lobby-seats">
        {state.seats.map((s, i) => (
          <li key={i} class={s.you ? 'me' : undefined}>
            <span class="name">{s.name}</span>
            {s.host ? <span class="tag">{t('web.host')}</span> : null}
            {s.bot ? <span class="tag">{`${t('web.bot')} · ${t(`level.${s.bot}`)}`}</span> : null}
          </li>
        ))}
      </ol>
      <div class="box">
        <div class="caption">{t('web.options')}</div>
        <ul class="options">
          <li>{`${t('web.turnTimer')}: ${state.turnTimer ? `${state.turnTimer} s` : t('lobby.off')}`}</li>
          {Object.entries(state.options).map(([k, v]) => (
            <li key={k}>{`${t(`${state.game}:option.${k}`).split(':')[0]}: ${value(v)}`}</li>
          ))}
        </ul>
      </div>
      <div class="actions">
        {seated ? (
          <button type="button" onClick={() => socket.lobby('leave')}>
            {t('lobby.leave')}
          </button>
        ) : (
          <button type="button" class="primary" onClick={() => socket.lobby('join')}>
            {t('lobby.join')}
          </button>
        )}
        {host ? (
          <>
            <button type="button" onClick={() => socket.lobby('fill')}>
              {t('lobby.fill')}
            </button>
            <button type="button" class="primary" onClick={() => socket.lobby('start')}>
              {t('lobby.start')}
            </button>
          </>
        ) : null}
      </div>
      {refusal ? (
        <div class="toast" role="alert">
          {refusal}
        </div>
      ) : null}
    </main>
  );
}
