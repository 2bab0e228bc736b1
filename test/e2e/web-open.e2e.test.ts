/**
 * From the chat to the web table (src/discord/web-open.ts): the board's **Open table** button and `/table open`
 * answer with LAUNCH_ACTIVITY where the application has Activities enabled, otherwise with the browser link
 * privately; without the web table's settings the board has no such button and the command says it is off.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, openAndStart, tableMessage } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { PUBLIC_URL, webEnv } from '../support/web-client.ts';

let fake: FakeDiscord;
let bot: RunningBot | undefined;
let prefix: string;
let players: FakeUser[];

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('web-open-e2e');
  players = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
});
afterEach(async () => {
  await bot?.stop();
  await fake.close();
  await cleanupPrefix(prefix);
  bot = undefined;
});

/** Start the bot with `env` and a started Réunion table; resolves to the board's message id. */
async function board(env: Record<string, string>): Promise<string> {
  bot = await startTestBot(fake, prefix, 'web-open-seed', { env });
  return openAndStart(fake, fake.channelId, players);
}

it('without Activities: Open table answers privately with the browser link', async () => {
  const messageId = await board(webEnv(fake));
  const labels = buttons(tableMessage(fake, messageId)).map((b) => [b.custom_id, b.label]);
  expect(labels).toEqual([
    ['st:hand', 'My hand'],
    ['st:open', 'Open table'],
  ]);
  const it = await answered(fake.click(players[1]!, tableMessage(fake, messageId), 'st:open'));
  await settle(fake);
  expect(it.callback?.ephemeral).toBe(true);
  expect(JSON.stringify(it.callback?.data)).toContain(`${PUBLIC_URL}/table/${fake.channelId}`);
  const command = await answered(fake.slash(players[2]!, fake.channelId, 'table', {}, { subcommand: 'open' }));
  expect(command.callback?.ephemeral).toBe(true);
  expect(JSON.stringify(command.callback?.data)).toContain(`${PUBLIC_URL}/table/${fake.channelId}`);
  expect(fake.violations).toEqual([]);
});

it('with Activities: Open table and /table open launch the Activity (LAUNCH_ACTIVITY)', async () => {
  const messageId = await board({ ...webEnv(fake), ACTIVITY_ENABLED: 'true' });
  const click = await answered(fake.click(players[0]!, tableMessage(fake, messageId), 'st:open'));
  expect(click.callback?.type).toBe(12);
  const command = await answered(fake.slash(players[1]!, fake.channelId, 'table', {}, { subcommand: 'open' }));
  expect(command.callback?.type).toBe(12);
  await settle(fake);
  expect(fake.violations).toEqual([]);
});

it('without the web settings: no Open table button, and /table open says the web table is off', async () => {
  const messageId = await board({});
  expect(bot!.web).toBeNull();
  expect(buttons(tableMessage(fake, messageId)).map((b) => b.custom_id)).toEqual(['st:hand']);
  const command = await answered(fake.slash(players[0]!, fake.channelId, 'table', {}, { subcommand: 'open' }));
  expect(JSON.stringify(command.callback?.data)).toContain('The web table is not set up on this bot.');
});
