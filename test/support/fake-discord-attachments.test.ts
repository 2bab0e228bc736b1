/**
 * Self-test of the fake Discord's attachments on posts and edits, as Discord documents them for Edit Message: without
 * `attachments` the message keeps its files (and uploaded ones are appended); with it the message holds exactly the
 * listed ones, those it had (by id) and the uploaded ones (`files[n]` as id `n`), and an unknown id is refused (400,
 * 50035). The embed's `attachment://name` image is found among the message's files.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordAPIError, REST, Routes } from 'discord.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.ts';

let fake: FakeDiscord | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('fake Discord attachments', () => {
  it('keeps, replaces and removes files as Edit Message documents', async () => {
    fake = await startFakeDiscord();
    const f = fake;
    const rest = new REST({ api: f.apiUrl, retries: 0 }).setToken(f.token);
    const one = Buffer.from('first picture');
    const two = Buffer.from('second picture, longer');
    const embed = (name: string) => ({ title: 'board', image: { url: `attachment://${name}` } });
    const posted = (await rest.post(Routes.channelMessages(f.channelId), {
      body: { content: 'board', embeds: [embed('a.png')], attachments: [{ id: 0, filename: 'a.png' }] },
      files: [{ name: 'a.png', data: one }],
    })) as Json;
    expect(posted.attachments.map((a: Json) => a.filename)).toEqual(['a.png']);
    const first = f.message(posted.id)!;
    expect(f.embedImage(first)?.data.equals(one)).toBe(true);
    const route = Routes.channelMessage(f.channelId, posted.id);

    // No `attachments`: the file stays (no upload), the embed still finds it.
    await rest.patch(route, { body: { content: 'edited', embeds: [embed('a.png')] } });
    expect(f.message(posted.id)!.attachments).toEqual(first.attachments);
    expect(f.embedImage(f.message(posted.id)!)?.filename).toBe('a.png');

    // A new file listed alone replaces the old one.
    await rest.patch(route, {
      body: { embeds: [embed('b.png')], attachments: [{ id: 0, filename: 'b.png' }] },
      files: [{ name: 'b.png', data: two }],
    });
    const replaced = f.message(posted.id)!;
    expect(replaced.attachments.map((a) => a.filename)).toEqual(['b.png']);
    expect(f.embedImage(replaced)?.data.equals(two)).toBe(true);
    expect(f.attachmentData(replaced, 'a.png')).toBeUndefined();

    // Listing the kept file's id with a new upload keeps both; an empty list removes every file.
    await rest.patch(route, { body: { attachments: [{ id: replaced.attachments[0]?.id }, { id: 0 }] }, files: [{ name: 'c.png', data: one }] });
    expect(f.message(posted.id)!.attachments.map((a) => a.filename)).toEqual(['b.png', 'c.png']);
    await rest.patch(route, { body: { content: 'closed', embeds: [], attachments: [] } });
    expect(f.message(posted.id)!.attachments).toEqual([]);

    // An id that is neither the message's nor an upload is refused, and nothing changes.
    const refused = await rest.patch(route, { body: { content: 'x', attachments: [{ id: '123' }] } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect((refused as DiscordAPIError).code).toBe(50035);
    expect(f.message(posted.id)!.content).toBe('closed');
  });
});
