/**
 * Dreierles on the web table (docs/rules/dreierles.md): the auction's bids, the declarer's discard (pick the number
 * the view asks for among `discardable`, then Discard), Zehn Druck / Pfeife raus / Fertig, the knocks, trick play by
 * a click; the contract, the blind taken, the rest of the blind (for the defenders), the discard and the game points.
 */
import type { JSX } from 'preact';
import { t } from '../i18n.ts';
import { Box, CardRow, MoveButton, plain, Standing } from './common.tsx';
import { cardsOf, type GameUi, type Move, type Play } from './types.ts';

/** The parts of `DreierlesView` (src/games/dreierles/types.ts) the screen reads. */
interface View {
  hand: string[];
  dealNo: number;
  totalDeals: number;
  lastRound: boolean;
  active: number[];
  phase: string;
  handSizes: number[];
  bids: (string | null)[];
  contract: string | null;
  declarer: number | null;
  taken: string[];
  blindRest: string[];
  discard: string[];
  zehnDruck: boolean;
  pfeifeRaus: boolean;
  knocks: number;
  trick: Play[];
  leader: number;
  lastTrick: { plays: Play[]; winner: number } | null;
  tricksWon: number[];
  discardable: string[];
  discardCount: number;
  totals: number[];
}
const v = (view: unknown): View => view as View;

/** Labels of the moves that are buttons. */
function label(m: Move): string {
  if (m.type === 'bid') return t(`dreierles:contract.${String(m.contract)}`);
  return t(`dreierles:button.${m.type}`);
}

export const dreierlesUi: GameUi = {
  trick: (view) => {
    const d = v(view);
    return { plays: d.trick, leader: d.trick.length ? d.leader : null, last: d.lastTrick };
  },
  sitsOut: (view, seat) => !v(view).active.includes(seat),
  seatLines(ctx, seat) {
    const d = v(ctx.view);
    if (!d.active.includes(seat))
      return [
        plain(t('dreierles:table.sitsOut'))
          .trim()
          .replace(/^\(|\)$/g, ''),
      ];
    const lines = [`${t('web.cards', { count: d.handSizes[seat] ?? 0 })} · ${t('web.tricks', { count: d.tricksWon[seat] ?? 0 })}`];
    const bid = d.bids[seat];
    if (d.declarer === seat && d.contract) lines.push(t(`dreierles:contract.${d.contract}`));
    else if (d.phase === 'auction' && bid) lines.push(bid === 'pass' ? t('dreierles:button.pass') : t(`dreierles:contract.${bid}`));
    return lines;
  },
  hand(ctx) {
    const d = v(ctx.view);
    if (d.phase === 'discard' && ctx.me !== null && ctx.state.turn.includes(ctx.me)) return { playable: new Set(d.discardable), select: true };
    return { playable: new Set(ctx.legal.filter((m) => m.type === 'play').flatMap(cardsOf)), select: false };
  },
  Panel({ ctx }): JSX.Element {
    const d = v(ctx.view);
    const announced = [
      d.zehnDruck ? t('dreierles:announcement.zehnDruck') : null,
      d.pfeifeRaus ? t('dreierles:announcement.pfeifeRaus') : null,
    ].filter(Boolean);
    return (
      <>
        <Box title={t('web.deal', { deal: d.dealNo + 1, deals: d.totalDeals })}>
          {d.contract && d.declarer !== null ? (
            <div class="line contract">
              <strong>{t('web.declarer', { name: ctx.name(d.declarer), contract: t(`dreierles:contract.${d.contract}`) })}</strong>
            </div>
          ) : d.phase === 'auction' ? (
            <div class="line">
              {t('web.bids')}:{' '}
              {d.bids
                .map((b, s) => (b ? `${ctx.name(s)} ${b === 'pass' ? t('dreierles:button.pass') : t(`dreierles:contract.${b}`)}` : null))
                .filter(Boolean)
                .join(' · ') || '—'}
            </div>
          ) : null}
          {announced.length ? <div class="line">{announced.join(' · ')}</div> : null}
          <div class="line">{t('web.knocks', { count: d.knocks })}</div>
        </Box>
        <CardRow ctx={ctx} title={t('web.blind')} cards={d.taken} />
        <CardRow ctx={ctx} title={t('web.blindRest')} cards={d.blindRest} />
        <CardRow ctx={ctx} title={ctx.me !== null && ctx.me === d.declarer ? t('web.yourDiscard') : t('web.discarded')} cards={d.discard} />
        <Standing ctx={ctx} totals={d.totals} unit={t('web.gamePoints')} />
      </>
    );
  },
  Actions({ ctx }): JSX.Element | null {
    const d = v(ctx.view);
    const buttons: JSX.Element[] = [];
    if (d.phase === 'discard' && ctx.me !== null && ctx.state.turn.includes(ctx.me) && d.discardCount > 0)
      buttons.push(
        <span class="hint">{t('dreierles:button.choose', { count: d.discardCount })}</span>,
        <button
          type="button"
          class="primary"
          data-action="discard"
          disabled={ctx.selected.length !== d.discardCount}
          onClick={() => ctx.send({ type: 'discard', cards: ctx.selected })}
        >
          {t('web.discard')}
        </button>,
      );
    for (const m of ctx.legal.filter((x) => x.type !== 'play' && x.type !== 'discard'))
      buttons.push(<MoveButton ctx={ctx} move={m} label={label(m)} primary={m.type === 'bid' || m.type === 'fertig'} />);
    return buttons.length ? <>{buttons}</> : null;
  },
};
