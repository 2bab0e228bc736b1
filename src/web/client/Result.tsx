/**
 * The end of a game: the podium (the first three), every seat's figure the game is won on (Réunion's card points and
 * net units, Dreierles' game points, Rommé's penalty points, fewest first), the record's id for /replay and a button
 * to the game's replay.
 */
import type { JSX } from 'preact';
import type { ResultFrame } from '../protocol.ts';
import type { Colours } from './faces.tsx';
import { t } from './i18n.ts';

interface Row {
  seat: number;
  main: number;
  note: string;
}

/** Each seat's figures, best first. */
function rows(frame: ResultFrame): Row[] {
  const r = frame.result as { totals?: number[]; net?: number[]; ranks?: number[] };
  const totals = r.totals ?? frame.seats.map(() => 0);
  const out = totals.map((main, seat) => ({
    seat,
    main,
    note:
      frame.game === 'reunion'
        ? `${t('web.cardPoints')} · ${t('reunion:units', { count: r.net?.[seat] ?? 0 })}`
        : frame.game === 'romme'
          ? t('web.penalty')
          : t('web.gamePoints'),
  }));
  return out.sort((a, b) => (frame.game === 'romme' ? a.main - b.main : b.main - a.main));
}

/** The result page (see the file's comment). */
export function Result(props: {
  frame: ResultFrame;
  colours: Colours;
  /** In a replay: without the notes on /replay and the next table. */
  replay?: boolean;
  /** Opens the game's replay (a button under the ranking). */
  onReplay?: () => void;
}): JSX.Element {
  const { frame } = props;
  const ranked = rows(frame);
  const podium = [ranked[1], ranked[0], ranked[2]].filter((x): x is Row => Boolean(x));
  const place = (row: Row): number => ranked.findIndex((x) => x.main === row.main) + 1;
  return (
    <main class="result">
      <h1>{t('web.resultTitle', { game: t(`web.game.${frame.game}`) })}</h1>
      <div class="podium" role="list">
        {podium.map((row) => (
          <div key={row.seat} class={`step place-${place(row)}`} role="listitem">
            <div class="name">{frame.seats[row.seat]?.name}</div>
            <div class="figure">{row.main}</div>
            <div class="block">{t('web.place', { place: place(row) })}</div>
          </div>
        ))}
      </div>
      <ol class="ranking">
        {ranked.map((row) => (
          <li key={row.seat} class={frame.seats[row.seat]?.you ? 'me' : undefined}>
            <span class="place">{t('web.place', { place: place(row) })}</span>
            <span class="name">{frame.seats[row.seat]?.name}</span>
            <span class="val">{row.main}</span>
            <span class="note">{row.note}</span>
          </li>
        ))}
      </ol>
      {props.onReplay ? (
        <p>
          <button type="button" class="signin" data-action="replay" onClick={props.onReplay}>
            {t('web.replay.watch')}
          </button>
        </p>
      ) : null}
      {props.replay ? null : <p class="hint">{t('web.replayId', { id: frame.tableId })}</p>}
      {props.replay ? null : <p class="hint">{t('web.newTable')}</p>}
    </main>
  );
}
