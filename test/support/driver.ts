/**
 * Drives a table through the fake Discord the way players would: read the table message to
 * see whose turn it is, press My hand, click a button the bot enabled.
 */
import { expect } from 'vitest';
import { settle } from './bot.ts';
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from './fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every button of a message, in order. */
export function buttons(message: FakeMessage | undefined): { custom_id: string; label: string; disabled?: boolean }[] {
  return (message?.components ?? []).flatMap((row: Json) => row.components ?? []);
}

/** The bot's first callback to an interaction; fails the test if it was refused. */
export async function answered(it: Promise<FakeInteraction>): Promise<FakeInteraction> {
  const done = await it;
  expect(done.callback?.error ?? null).toBeNull();
  return done;
}

/**
 * The public table message of the channel (the reply to /table new). When the board has moved to the bottom of its
 * channel (posted anew, the old message deleted: docs/playing.md § The board stays in view), the board that replaced it.
 */
export function tableMessage(fake: FakeDiscord, messageId: string): FakeMessage {
  const m = fake.message(messageId);
  if (!m) throw new Error('no table message');
  return m.deleted ? currentBoard(fake, m.channel_id) : m;
}

/** The channel's board now: the bot's newest message in it with a My hand button. */
export function currentBoard(fake: FakeDiscord, channelId: string): FakeMessage {
  const board = fake
    .channelMessages(channelId)
    .filter((m) => m.author.id === fake.botUser.id && buttons(m).some((b) => b.custom_id === 'st:hand'))
    .at(-1);
  if (!board) throw new Error('no board in the channel');
  return board;
}

/**
 * Open a table (Réunion unless `game` says otherwise) with the first user as host, seat the others (the
 * second by the Join button, the rest by command), start it. Returns the table message id.
 */
export async function openAndStart(
  fake: FakeDiscord,
  channelId: string,
  [host, second, ...rest]: FakeUser[],
  game = 'reunion',
  options: Record<string, string | number | boolean> = {},
): Promise<string> {
  const created = await answered(fake.slash(host!, channelId, 'table', options, { subcommandGroup: 'new', subcommand: game }));
  await settle(fake);
  const messageId = created.originalMessageId!;
  await answered(fake.click(second!, tableMessage(fake, messageId), 'st:join'));
  for (const user of rest) await answered(fake.slash(user, channelId, 'table', {}, { subcommand: 'join' }));
  await settle(fake);
  // A bot in another process (test/ops/shutdown.test.ts) edits the lobby on its own time: wait for Start to be enabled.
  await fake.waitFor(() => buttons(tableMessage(fake, messageId)).some((b) => b.custom_id === 'st:start' && !b.disabled), 10_000);
  await answered(fake.click(host!, tableMessage(fake, messageId), 'st:start'));
  await settle(fake);
  return messageId;
}

/** The user the table message mentions as the one to act, or null when the game is over. */
export function userToAct(fake: FakeDiscord, messageId: string, users: FakeUser[]): FakeUser | null {
  const content = tableMessage(fake, messageId).content ?? '';
  const id = /<@(\d+)>/.exec(content)?.[1];
  if (!id) return null; // the game is over
  const user = users.find((u) => u.id === id);
  if (!user) throw new Error(`no one to act in: ${content}`);
  return user;
}

/** Press My hand on the table message; returns the ephemeral hand message. */
export async function openHand(fake: FakeDiscord, messageId: string, user: FakeUser): Promise<FakeMessage> {
  const it = await answered(fake.click(user, tableMessage(fake, messageId), 'st:hand'));
  await settle(fake);
  expect(it.callback?.ephemeral).toBe(true);
  return fake.original(it)!;
}

/** A hand control: a button, or (with `values`) one option of a select menu. */
export interface Choice {
  custom_id: string;
  label: string;
  disabled?: boolean;
  values?: string[];
}

/**
 * The buttons of a hand message and the cards of its overflow menu (`st:g:<stamp>:o`, or Rommé's discard-step menu
 * `:P`: the cards its rows had no room for, each doing what its button would; src/discord/kit/card-rows.ts), in order.
 */
export function handChoices(message: FakeMessage | undefined): Choice[] {
  return (message?.components ?? []).flatMap((row: Json) =>
    (row.components ?? []).flatMap((c: Json) =>
      c.type === 3 && String(c.custom_id).endsWith(':o')
        ? (c.options ?? []).map((o: Json) => ({ custom_id: c.custom_id, label: o.label, values: [o.value] }))
        : c.type === 3 && String(c.custom_id).endsWith(':P') // Rommé's discard step: the cards with no button, among its melds
          ? (c.options ?? [])
              .filter((o: Json) => /^x[0-9a-z]$/.test(o.value))
              .map((o: Json) => ({ custom_id: c.custom_id, label: o.label, values: [o.value] }))
          : c.type === 2
            ? [c]
            : [],
    ),
  );
}

/** Use `choice` on `hand` as `user`: click its button or choose its option. */
export const useChoice = (fake: FakeDiscord, user: FakeUser, hand: FakeMessage, choice: Choice): Promise<FakeInteraction> =>
  choice.values ? fake.select(user, hand, choice.custom_id, choice.values) : fake.click(user, hand, choice.custom_id);

/** Enabled card buttons of a hand message. */
export const enabledCards = (hand: FakeMessage) =>
  buttons(hand).filter((b) => b.custom_id.startsWith('st:g:') && !b.disabled && /^[\dAKQJ]+[♣♠♥♦]$/.test(b.label));

/** Whether a discard toggle button shows its card as selected (`st:g:<v>:t.<card>.<selected,…>`). */
const isSelected = (b: { custom_id: string; label: string }) => (b.custom_id.split(':')[3]?.split('.')[2] ?? '').split(',').includes(b.label);

/**
 * Take one turn for whoever must act, choosing the `pick`-th enabled card (mod the count): the dealer's
 * discard is two clicks and Discard; a play is one click. Returns the card played (`discard` for the
 * discard), or null once the game is over.
 */
export async function takeTurn(fake: FakeDiscord, messageId: string, users: FakeUser[], pick = 0): Promise<string | null> {
  const user = userToAct(fake, messageId, users);
  if (!user) return null;
  let played = 'discard';
  let hand = await openHand(fake, messageId, user);
  const discard = buttons(hand).find((b) => b.custom_id.includes(':d.'));
  if (discard) {
    for (let i = 0; i < 2; i++) {
      const unselected = enabledCards(hand).filter((b) => !isSelected(b));
      const card = unselected[(pick + i) % unselected.length]!;
      await answered(fake.click(user, hand, card.custom_id));
      await settle(fake);
      hand = fake.message(hand.id)!;
    }
    const confirm = buttons(hand).find((b) => b.custom_id.includes(':d.'))!;
    expect(confirm.disabled).toBeFalsy();
    await answered(fake.click(user, hand, confirm.custom_id));
  } else {
    const cards = enabledCards(hand);
    expect(cards.length).toBeGreaterThan(0);
    const card = cards[pick % cards.length]!;
    played = card.label;
    await answered(fake.click(user, hand, card.custom_id));
  }
  await settle(fake);
  return played;
}

/**
 * A public body for a hidden-card scan, with the lines of the board's "Recent" field that an earlier body already
 * showed taken out (`seen` collects them): each recent line is scanned when it first goes public, not again when it
 * stays on the board after its cards were dealt anew (labels repeat across deals) or taken into a hand.
 */
export function withoutSeenRecent(body: unknown, seen: Set<string>): unknown {
  const copy = JSON.parse(JSON.stringify(body ?? {})) as Json;
  for (const embed of copy.embeds ?? [])
    for (const field of embed.fields ?? []) {
      if (field.name !== 'Recent' && field.name !== 'Zuletzt') continue;
      const lines = String(field.value).split('\n');
      field.value = lines.filter((l) => !seen.has(l)).join('\n');
      for (const l of lines) seen.add(l);
    }
  return copy;
}

/** The lines of a body's "Recent" field (none when it has none). */
function recentOf(body: Json): string[] {
  for (const embed of body?.embeds ?? [])
    for (const field of embed.fields ?? []) if (field.name === 'Recent' || field.name === 'Zuletzt') return String(field.value).split('\n');
  return [];
}

/**
 * Every line the channel was told, in order: the lines of the bot's posts as they stand, then each line the board's
 * "Recent" field (the last public events, which replaced narration posts) added, version by version of each message
 * (a window that slides: the lines a version shows beyond the previous version's tail are new, so an event told
 * twice counts twice).
 */
export function toldLines(fake: FakeDiscord, channelId: string): string[] {
  const last = new Map<string, string[]>();
  const added: string[] = [];
  for (const p of fake.publicPayloads()) {
    const now = recentOf(p.body);
    if (!now.length) continue;
    const key = p.messageId ?? 'new';
    const before = last.get(key) ?? [];
    // The fewest lines dropped from the front of the previous window so that the rest begins the new one.
    let drop = 0;
    while (drop < before.length && !before.slice(drop).every((l, i) => now[i] === l)) drop++;
    added.push(...now.slice(before.length - drop));
    last.set(key, now);
  }
  return [...fake.channelMessages(channelId).flatMap((m) => m.content.split('\n')), ...added];
}
