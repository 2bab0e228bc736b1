/**
 * The public Dreierles table message, in the server's language: the auction, the contract and the cards taken from
 * the blind, announcements and knocks, the trick, whose turn, and the session's standing in one line (each deal's score
 * is told in the board's recent events; the result lists them all). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { CONTRACT_INFO, type DreierlesView } from '../../../games/dreierles/index.ts';
import type { Names, Payload } from '../types.ts';
import { isPublicView, type TablePicture, trickPicture } from '../../../faces/table-picture.ts';
import { formatPlays, myHandRow, nameOf, perSeat } from '../../kit/format.ts';
import { cegoLabel, cegoLabels } from './cego-labels.ts';
import { contractName, signedNumber } from './format.ts';

/** Phases with their own call to the player to act (`dreierles:table.prompt.<phase>`). */
const PROMPTED = new Set(['auction', 'discard', 'declare', 'knock', 'raeuberKnock', 'play']);

/**
 * The session's standing in one line, from the public view's `totals` (net game points over the finished deals), e.g.
 * "**Standing** — game points: Anna +3 · Bernd −1 · Carl −2"; null before the first deal is scored.
 */
function standingLine(loc: Locale, view: DreierlesView, names: Names): string | null {
  if (!view.deals.length) return null;
  return loc.t('dreierles:table.standing', { list: perSeat(view.totals, names, (n) => signedNumber(loc, n)) });
}

/** Render the public table message while the session runs (the end is `renderResult`, result.ts). */
export function renderTable(loc: Locale, view: DreierlesView, names: Names, mentions: readonly string[]): Payload {
  const embed = new EmbedBuilder().setColor(0x7d5a2c);
  const plays = (list: DreierlesView['trick']) => formatPlays(list, names, (c) => cegoLabel(loc, c));
  embed.setTitle(loc.t(view.lastRound ? 'dreierles:table.titleLastRound' : 'dreierles:table.title', { no: view.dealNo + 1, total: view.totalDeals }));
  const lines = [
    loc.t(view.active.includes(view.dealer) ? 'dreierles:table.dealer' : 'dreierles:table.dealerSitsOut', {
      dealer: nameOf(names, view.dealer),
      forehand: nameOf(names, view.active[0] ?? 0),
    }),
  ];
  const words = view.bids.flatMap((b, pos) => {
    if (b === null) return [];
    const name = nameOf(names, view.active[pos] ?? 0);
    return [b === 'pass' ? loc.t('dreierles:table.passes', { name }) : loc.t('dreierles:table.bids', { name, contract: contractName(loc, b) })];
  });
  if (words.length) lines.push(loc.t('dreierles:table.auction', { words: words.join(' · ') }));
  if (view.contract && view.declarer !== null) {
    lines.push(
      loc.t(view.taken.length ? 'dreierles:table.playsTook' : 'dreierles:table.plays', {
        name: nameOf(names, view.declarer),
        contract: contractName(loc, view.contract),
        factor: CONTRACT_INFO[view.contract].factor,
        cards: cegoLabels(loc, view.taken),
      }),
    );
    if (view.discard.length) lines.push(loc.t('dreierles:table.trumpsShown', { cards: cegoLabels(loc, view.discard) }));
    const said = [view.zehnDruck ? loc.t('dreierles:table.zehnDruck') : '', view.pfeifeRaus ? loc.t('dreierles:table.pfeifeRaus') : ''].filter(
      Boolean,
    );
    if (said.length) lines.push(loc.t('dreierles:table.announced', { list: said.join(', ') }));
  } else if (view.phase === 'raeuberKnock' || (view.phase === 'play' && !view.contract)) lines.push(loc.t('dreierles:table.raeuber'));
  if (view.knocks) lines.push(loc.t('dreierles:table.knocks', { count: view.knocks, factor: 2 ** view.knocks }));
  if (view.phase === 'play')
    lines.push(loc.t('dreierles:table.trick', { no: view.tricksPlayed + 1, plays: view.trick.length ? plays(view.trick) : '—' }));
  if (view.lastTrick)
    lines.push(loc.t('dreierles:table.lastTrick', { plays: plays(view.lastTrick.plays), winner: nameOf(names, view.lastTrick.winner) }));
  embed.setDescription(lines.join('\n'));
  const toAct = view.toAct[0];
  const players = names.map((n, s) =>
    loc.t('dreierles:table.player', {
      arrow: s === toAct ? '▶ ' : '',
      name: n,
      role: s === view.declarer ? loc.t('dreierles:table.declarer') : view.active.includes(s) ? '' : loc.t('dreierles:table.sitsOut'),
      cards: loc.t('dreierles:table.cards', { count: view.handSizes[s] ?? 0 }),
      tricks: loc.t('dreierles:table.tricks', { count: view.tricksWon[s] ?? 0 }),
    }),
  );
  const standing = standingLine(loc, view, names);
  embed.addFields({ name: loc.t('dreierles:table.players'), value: [...players, ...(standing ? [standing] : [])].join('\n') });
  const prompt = loc.t(PROMPTED.has(view.phase) ? `dreierles:table.prompt.${view.phase}` : 'dreierles:table.prompt.other');
  const content = toAct === undefined ? '' : loc.t('dreierles:table.call', { user: mentions[0] ?? '', prompt });
  return { content, embeds: [embed], components: [myHandRow(loc)], allowedMentions: { users: [...mentions] } };
}

/** The board's picture: the trick in play, or the last one with its winner; from the public view only (else null). */
export const tablePicture = (view: DreierlesView, names: Names): TablePicture | null => (isPublicView(view) ? trickPicture(view, names) : null);
