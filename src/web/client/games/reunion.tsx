/**
 * Réunion on the web table (docs/rules/reunion.md): the trump with its turn-up, the Staubaus calls and exchange, the
 * dealer's discard of two cards (pick two, then Discard), trick play by a click, card points and the standing.
 */
import type { JSX } from 'preact';
import { Card } from '../faces.tsx';
import { cardLabel, suitName, t } from '../i18n.ts';
import { Box, CardRow, MoveButton, plain, Standing } from './common.tsx';
import { cardsOf, type GameContext, type GameUi, type Move, type Play } from './types.ts';

/** The parts of `ReunionView` (src/games/reunion/types.ts) the screen reads. */
interface View {
  hand: string[];
  seats: number;
  dealNo: number;
  active: number[];
  phase: string;
  trump: string;
  turnUp: string;
  announcements: { seat: number; call: string; suit?: string }[];
  staubaus: { announcer: number; suit: string; named: string | null; holder: number | null; givenBack: string | null } | null;
  discard: string[];
  handSizes: number[];
  trick: Play[];
  leader: number;
  lastTrick: { plays: Play[]; winner: number } | null;
  tricksWon: number[];
  trickPoints: number[];
  totals: number[];
  sideUnits: number[];
}
const v = (ctx: GameContext): View => ctx.view as unknown as View;

export const reunionUi: GameUi = {
  trick: (view) => {
    const r = view as unknown as View;
    return { plays: r.trick, leader: r.trick.length ? r.leader : null, last: r.lastTrick };
  },
  sitsOut: (view, seat) => !(view as unknown as View).active.includes(seat),
  seatLines(ctx, seat) {
    const r = v(ctx);
    if (!r.active.includes(seat)) return [plain(t('reunion:table.playerOut', { name: '' })).replace(/^:\s*/, '')];
    return [
      `${t('web.cards', { count: r.handSizes[seat] ?? 0 })} · ${t('web.tricks', { count: r.tricksWon[seat] ?? 0 })}`,
      `${r.trickPoints[seat] ?? 0} ${t('web.cardPoints')}`,
    ];
  },
  hand(ctx) {
    const r = v(ctx);
    if (r.phase === 'discard') return { playable: new Set(ctx.legal.filter((m) => m.type === 'discard').flatMap(cardsOf)), select: true };
    return { playable: new Set(ctx.legal.filter((m) => m.type === 'play' || m.type === 'giveBack').flatMap(cardsOf)), select: false };
  },
  Panel({ ctx }): JSX.Element {
    const r = v(ctx);
    const s = r.staubaus;
    return (
      <>
        <Box title={t('web.deal', { deal: r.dealNo + 1, deals: r.seats })}>
          <div class="trump-line">
            <span>
              {t('web.trump')}: <strong>{suitName(r.trump)}</strong>
            </span>
            <Card game="reunion" card={r.turnUp} colours={ctx.colours} class="small" note={t('web.turnUp')} />
          </div>
          {r.announcements.length ? (
            <div class="line">
              {r.announcements
                .map((a) =>
                  a.call === 'pass'
                    ? t('reunion:table.callPass', { name: ctx.name(a.seat) })
                    : t('reunion:table.callStaubaus', { name: ctx.name(a.seat), suit: a.suit ?? '' }),
                )
                .join(' · ')}
            </div>
          ) : null}
          {s ? (
            <div class="line">
              {plain(
                s.named && s.holder !== null
                  ? t('reunion:table.staubausPlay', { name: ctx.name(s.announcer), named: cardLabel('reunion', s.named), holder: ctx.name(s.holder) })
                  : t('reunion:table.staubausNaming', { name: ctx.name(s.announcer) }),
              )}
            </div>
          ) : null}
        </Box>
        <CardRow ctx={ctx} title={t('web.yourDiscard')} cards={r.discard} />
        <Standing
          ctx={ctx}
          totals={r.totals}
          unit={t('web.cardPoints')}
          extra={(seat) => (r.sideUnits[seat] ? `(${r.sideUnits[seat]! > 0 ? '+' : ''}${r.sideUnits[seat]})` : '')}
        />
      </>
    );
  },
  Actions({ ctx }): JSX.Element | null {
    const r = v(ctx);
    const buttons: JSX.Element[] = [];
    if (r.phase === 'discard' && ctx.legal.some((m) => m.type === 'discard')) {
      buttons.push(
        <span class="hint">{t('web.selected', { count: ctx.selected.length })}</span>,
        <button
          type="button"
          class="primary"
          data-action="discard"
          disabled={ctx.selected.length !== 2}
          onClick={() => ctx.send({ type: 'discard', cards: ctx.selected })}
        >
          {t('web.discard')}
        </button>,
      );
    }
    for (const m of ctx.legal.filter((x) => x.type === 'staubaus' || x.type === 'pass'))
      buttons.push(
        <MoveButton
          ctx={ctx}
          move={m}
          label={
            m.type === 'pass'
              ? t('reunion:hand.pass')
              : typeof m.suit === 'string'
                ? t('web.suitGame', { suit: suitName(m.suit) })
                : t('reunion:hand.staubaus')
          }
          primary={m.type === 'staubaus'}
        />,
      );
    if (r.phase === 'giveBack' && ctx.legal.length) buttons.push(<span class="hint">{t('web.giveBack')}</span>);
    return buttons.length ? <>{buttons}</> : null;
  },
  Center({ ctx }): JSX.Element | null {
    const names = ctx.legal.filter((m): m is Move & { card: string } => m.type === 'name' && typeof m.card === 'string');
    if (!names.length) return null;
    return (
      <div class="picker" role="group" aria-label={t('web.nameCard')}>
        <div class="caption">{t('web.nameCard')}</div>
        <div class="mini">
          {names.map((m) => (
            <Card key={m.card} game="reunion" card={m.card} colours={ctx.colours} class="small" playable onClick={() => ctx.send(m)} />
          ))}
        </div>
      </div>
    );
  },
};
