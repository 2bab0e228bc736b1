/**
 * Helpers for refusal tests: the text of the bot's answer, "refused ephemerally and nothing stored
 * changed", and forged clicks (a modified client pressing a button it was not shown).
 */
import { expect } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from './bot.ts';
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from './fake-discord.ts';

/** The text of the bot's first answer to an interaction (reply or update). */
export const answerText = (it: FakeInteraction): string => String((it.callback?.data as { content?: string } | undefined)?.content ?? '');

/** Run an interaction and expect an ephemeral answer matching `text`, with the stored table unchanged. */
export async function expectRefused(fake: FakeDiscord, bot: RunningBot, run: () => Promise<FakeInteraction>, text: string | RegExp): Promise<void> {
  const before = await bot.tables.get(fake.channelId);
  const it = await run();
  await settle(fake);
  expect(it.callback?.error ?? null).toBeNull();
  expect(it.callback?.ephemeral, answerText(it)).toBe(true);
  expect(answerText(it)).toMatch(text);
  expect(await bot.tables.get(fake.channelId)).toEqual(before);
}

/**
 * A copy of `message` as if `user` could see it; with `customId`, that button is enabled (or added in a row
 * of its own when the message has none).
 */
export function forged(message: FakeMessage, user: FakeUser, customId?: string): FakeMessage {
  const copy = structuredClone(message);
  copy.shownTo = user.id;
  if (!customId) return copy;
  const rows = (copy.components ?? []) as { components: { custom_id?: string; disabled?: boolean }[] }[];
  const found = rows.flatMap((r) => r.components).find((b) => b.custom_id === customId);
  if (found) found.disabled = false;
  else rows.push({ type: 1, components: [{ type: 2, style: 1, label: 'forged', custom_id: customId }] } as never);
  copy.components = rows;
  return copy;
}
