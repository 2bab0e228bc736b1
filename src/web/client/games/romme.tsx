/**
 * Rommé on the web table (docs/rules/romme.md): draw from the stock or take the discard pile's top (buttons, or a
 * click on the piles), then pick cards and Meld (Add group sets a group aside for a first meld of several), lay off or
 * swap a joker by picking cards and clicking a meld on the table, and Discard one picked card. Every meld shows its
 * number and owner; the penalty points are the standing. The server says whether a meld is one.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Card, CardBack } from '../faces.tsx';
import { cardLabel, t } from '../i18n.ts';
import { Box, plain, Standing } from './common.tsx';
import type { GameContext, GameUi, Move } from './types.ts';

/** The parts of `RommeView` (src/games/romme/types.ts) the screen reads. */
interface View {
  hand: string[];
  dealNo: number;
  totalDeals: number | null;
  phase: string;
  turn: number;
  handSizes: number[];
  stockSize: number;
  discardTop: string | null;
  melds: { no: number; owner: number; cards: string[] }[];
  hasMelded: boolean[];
  totals: number[];
}
const v = (view: unknown): View => view as View;

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((c) => b.includes(c));

/** The move for the picked cards and a clicked meld: a legal lay-off or swap that matches, else the plain attempt. */
function onMeld(ctx: GameContext, meld: number): Move | null {
  const picked = ctx.selected;
  if (!picked.length) return null;
  if (picked.length === 1)
    return ctx.legal.find((m) => m.type === 'layOff' && m.meld === meld && m.card === picked[0]) ?? { type: 'layOff', meld, card: picked[0]! };
  const swap = ctx.legal.find(
    (m) => m.type === 'swap' && m.meld === meld && sameSet([...(m.naturals as string[]), ...(m.cards as string[])], picked),
  );
  return swap ?? { type: 'swap', meld, naturals: [picked[0]!], cards: picked.slice(1) };
}

export const rommeUi: GameUi = {
  trick: () => null,
  sitsOut: () => false,
  seatLines(ctx, seat) {
    const r = v(ctx.view);
    const melded = r.hasMelded[seat]
      ? ''
      : ` · ${plain(t('romme:table.playerNotMelded', { name: '', cards: '', total: '' }).split('·')[1] ?? '').trim()}`;
    return [`${t('web.cards', { count: r.handSizes[seat] ?? 0 })}${melded}`, `${r.totals[seat] ?? 0} ${t('web.penalty')}`];
  },
  hand(ctx) {
    const r = v(ctx.view);
    const mine = ctx.me !== null && r.turn === ctx.me && r.phase === 'play';
    return { playable: new Set(mine ? r.hand : []), select: mine };
  },
  Panel({ ctx }): JSX.Element {
    const r = v(ctx.view);
    return (
      <>
        <Box title={r.totalDeals ? t('web.deal', { deal: r.dealNo + 1, deals: r.totalDeals }) : t('web.dealOpen', { deal: r.dealNo + 1 })}>
          <div class="line">{t('web.layOffHint')}</div>
        </Box>
        <Standing ctx={ctx} totals={r.totals} unit={t('web.penalty')} lowFirst />
      </>
    );
  },
  Actions({ ctx }): JSX.Element | null {
    const r = v(ctx.view);
    const [staged, setStaged] = useState<string[][]>([]);
    useEffect(() => setStaged([]), [r.turn, r.dealNo]);
    const buttons: JSX.Element[] = [];
    for (const m of ctx.legal.filter((x) => x.type === 'draw'))
      buttons.push(
        <button type="button" class={m.from === 'stock' ? 'primary' : undefined} data-move={JSON.stringify(m)} onClick={() => ctx.send(m)}>
          {m.from === 'stock'
            ? t('romme:hand.drawStock', { count: r.stockSize })
            : plain(t('romme:hand.take', { card: cardLabel('romme', r.discardTop ?? '') }))}
        </button>,
      );
    if (r.phase === 'play' && ctx.me === r.turn) {
      const groups = [...staged, ...(ctx.selected.length ? [ctx.selected] : [])];
      const meld = (): void => {
        const legal = ctx.legal.find(
          (m) =>
            m.type === 'meld' &&
            (m.groups as { cards: string[] }[]).length === groups.length &&
            (m.groups as { cards: string[] }[]).every((g, i) => sameSet(g.cards, groups[i]!)),
        );
        setStaged([]);
        ctx.send(legal ?? { type: 'meld', groups: groups.map((cards) => ({ cards })) });
      };
      const one = ctx.selected.length === 1 ? ctx.selected[0]! : null;
      if (staged.length)
        buttons.push(
          <span class="hint">{t('web.staged', { groups: staged.map((g) => g.map((c) => cardLabel('romme', c)).join(' ')).join(' | ') })}</span>,
        );
      buttons.push(
        <span class="hint">{t('web.selected', { count: ctx.selected.length })}</span>,
        <button type="button" data-action="meld" disabled={!groups.length} onClick={meld}>
          {t('web.meld')}
        </button>,
        <button
          type="button"
          data-action="addGroup"
          disabled={!ctx.selected.length}
          onClick={() => {
            setStaged([...staged, ctx.selected]);
            ctx.setSelected([]);
          }}
        >
          {t('web.addGroup')}
        </button>,
        <button type="button" class="primary" data-action="discard" disabled={!one} onClick={() => one && ctx.send({ type: 'discard', card: one })}>
          {t('web.discard')}
        </button>,
        <button
          type="button"
          disabled={!ctx.selected.length && !staged.length}
          onClick={() => {
            setStaged([]);
            ctx.setSelected([]);
          }}
        >
          {t('web.clear')}
        </button>,
      );
    }
    return buttons.length ? <>{buttons}</> : null;
  },
  Center({ ctx }): JSX.Element {
    const r = v(ctx.view);
    const draw = (from: 'stock' | 'discard'): Move | undefined => ctx.legal.find((m) => m.type === 'draw' && m.from === from);
    const stock = draw('stock');
    const take = draw('discard');
    return (
      <div class="romme-center">
        <div class="piles">
          <button
            type="button"
            class="pile"
            disabled={!stock}
            onClick={() => stock && ctx.send(stock)}
            aria-label={`${t('web.stock')}: ${r.stockSize}`}
          >
            <CardBack />
            <span class="count">{r.stockSize}</span>
          </button>
          <div class="pile">
            {r.discardTop ? (
              <Card
                game="romme"
                card={r.discardTop}
                colours={ctx.colours}
                playable={Boolean(take)}
                onClick={take ? () => ctx.send(take) : undefined}
                note={t('web.discardPile')}
              />
            ) : (
              <span class="card empty">{t('web.empty')}</span>
            )}
          </div>
        </div>
        <div class="melds" role="group" aria-label={t('web.melds')}>
          {r.melds.map((m) => (
            <button
              type="button"
              key={m.no}
              data-meld={m.no}
              class={`meld${ctx.selected.length ? ' target' : ''}`}
              aria-label={`${t('web.meldOf', { no: m.no, name: ctx.name(m.owner) })}: ${m.cards.map((c) => cardLabel('romme', c)).join(' ')}`}
              onClick={() => {
                const move = onMeld(ctx, m.no);
                if (move) ctx.send(move);
              }}
            >
              <div class="caption">{t('web.meldOf', { no: m.no, name: ctx.name(m.owner) })}</div>
              <div class="mini">
                {m.cards.map((c) => (
                  <Card key={c} game="romme" card={c} colours={ctx.colours} class="small" />
                ))}
              </div>
            </button>
          ))}
        </div>
      </div>
    );
  },
};
