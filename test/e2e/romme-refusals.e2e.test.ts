/**
 * End to end, Rommé bad input, each refused with an ephemeral reason and nothing changed: melding an
 * invalid group, a first meld under the minimum, laying off before the first meld, discarding the card just
 * taken from the pile, acting out of turn. Forged clicks stand for a modified client.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { CardId } from '../../src/games/romme/pack.ts';
import { sortRomme } from '../../src/discord/games/romme/selection.ts';
import { findMelds, type RommeState } from '../../src/games/romme/index.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord } from '../support/fake-discord.ts';
import { expectRefused, forged } from '../support/refusals.ts';
import { answered, buttons, openAndStart, openHand, userToAct } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
useTableBot('romme-refusals', (table) => ({ fake, bot } = table), { seed: 'romme-refusals-seed', users: [] });

describe('Rommé refusals', () => {
  it('refuses out-of-turn play, invalid and too-small first melds, early lay-offs and re-discarding the taken card', async () => {
    const users = ['anna', 'bernd', 'catrin'].map((n) => fake.user(n));
    const messageId = await openAndStart(fake, fake.channelId, users, 'romme');
    const mover = userToAct(fake, messageId, users)!;
    const other = users.find((u) => u !== mover)!;
    let hand = await openHand(fake, messageId, mover);
    const stamp = buttons(hand)
      .find((b) => b.custom_id.startsWith('st:g:'))!
      .custom_id.split(':')[2]!;

    // Out of turn: another player forges "Draw from stock" on their own hand, and on the mover's hand.
    const otherHand = await openHand(fake, messageId, other);
    const otherStamp = buttons(otherHand)
      .find((b) => b.custom_id.startsWith('st:g:'))!
      .custom_id.split(':')[2]!;
    await expectRefused(
      fake,
      bot,
      () => fake.click(other, forged(otherHand, other, `st:g:${otherStamp}:ds`), `st:g:${otherStamp}:ds`),
      /not your turn/,
    );
    await expectRefused(fake, bot, () => fake.click(other, forged(hand, other, `st:g:${stamp}:ds`), `st:g:${stamp}:ds`), /not yours/);

    // Take the discard, then try to discard it again.
    const take = buttons(hand).find((b) => b.label?.startsWith('Take '))!;
    await answered(fake.click(mover, hand, take.custom_id));
    await settle(fake);
    const state = (await bot.tables.get(fake.channelId))!;
    const s = state.state as RommeState;
    const sorted = sortRomme(s.hands[s.turn] as CardId[]);
    const st = `${state.id}.${state.version}.${s.turn}`;
    const idx = (c: CardId) => sorted.indexOf(c).toString(36);
    hand = fake.message(hand.id)!;
    const again = `st:g:${st}:x~_${idx(s.takenFromDiscard as CardId)}`;
    await expectRefused(fake, bot, () => fake.click(mover, forged(hand, mover, again), again), /may not discard the card you just took/);

    // An invalid group: three cards that are neither a set nor a run (pick three of different suits and ranks).
    const bySuit = new Map<string, CardId>();
    for (const c of sorted) if (!c.startsWith('Joker') && !bySuit.has(c.slice(-3, -2))) bySuit.set(c.slice(-3, -2), c);
    const mixed = [...bySuit.values()].filter((c, i, all) => all.findIndex((x) => x.split(/[♣♠♥♦]/)[0] === c.split(/[♣♠♥♦]/)[0]) === i).slice(0, 3);
    expect(mixed).toHaveLength(3);
    const bad = `st:g:${st}:m~_${mixed.map(idx).join('')}`;
    await expectRefused(fake, bot, () => fake.click(mover, forged(hand, mover, bad), bad), /neither a set|outnumber|at least three/);

    // A first meld under 40: a valid meld of the hand worth less (this seed's hand has one).
    const small = findMelds(sorted, s.options).find((f) => f.value < 40);
    expect(small).toBeDefined();
    const under = `st:g:${st}:m~_${small!.cards.map(idx).join('')}`;
    await expectRefused(fake, bot, () => fake.click(mover, forged(hand, mover, under), under), /first meld must be worth at least 40/);

    // Laying off before a first meld (the rule is checked before the meld number).
    const lay = `st:g:${st}:l~_${idx(sorted[0]!)}`;
    const withMenu = structuredClone(hand);
    withMenu.shownTo = mover.id;
    (withMenu.components as unknown[]).push({
      type: 1,
      components: [{ type: 3, custom_id: lay, options: [{ label: '#1', value: '1' }], min_values: 1, max_values: 1 }],
    });
    await expectRefused(fake, bot, () => fake.select(mover, withMenu, lay, ['1']), /lay off only after your first meld/);
    expect(fake.violations).toEqual([]);
  });
});
