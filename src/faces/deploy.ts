/**
 * Deploy the card faces as the application's emojis, idempotently (https://discord.com/developers/docs/resources/emoji):
 * list the application's emojis, upload each face whose name (card code + content hash, src/faces/set.ts) is not
 * there, then delete the emojis of ours (by name pattern) that no face has any more — a changed face has a new name,
 * so it is uploaded and its old emoji deleted. Emojis that are not ours are never touched. Uploads come first, so
 * the ids the bot holds stay valid until the new file is written.
 */
import { Routes, type RESTGetAPIApplicationEmojisResult, type RESTPostAPIApplicationEmojiResult } from 'discord.js';
import type { REST } from 'discord.js';
import type { CardEmoji, CardEmojis } from './emoji-ids.ts';
import { isOurEmojiName, type FaceSet } from './set.ts';

/** What a deploy did: names uploaded and deleted, how many were already there, and the ids to record. */
export interface DeployReport {
  uploaded: string[];
  deleted: string[];
  kept: number;
  emojis: CardEmojis;
}

/**
 * Bring application `appId`'s emojis in line with `set` through `rest` (a discord.js REST with the bot token; it
 * waits out rate limits). Throws the REST error of the first request Discord refuses (e.g. 30008 when the
 * application already has 2,000 emojis); what was uploaded before stays and the next run goes on from there.
 */
export async function deployEmojis(rest: REST, appId: string, set: FaceSet): Promise<DeployReport> {
  const listed = (await rest.get(Routes.applicationEmojis(appId))) as RESTGetAPIApplicationEmojisResult;
  const byName = new Map<string, string>();
  for (const e of listed.items) if (e.id && e.name) byName.set(e.name, e.id);
  const uploaded: string[] = [];
  for (const face of set.faces) {
    if (byName.has(face.name)) continue;
    const body = { name: face.name, image: `data:image/png;base64,${face.png.toString('base64')}` };
    const made = (await rest.post(Routes.applicationEmojis(appId), { body })) as RESTPostAPIApplicationEmojiResult;
    byName.set(face.name, made.id ?? '');
    uploaded.push(face.name);
  }
  const wanted = new Set(set.faces.map((f) => f.name));
  const deleted: string[] = [];
  for (const [name, id] of byName) {
    if (wanted.has(name) || !isOurEmojiName(name)) continue;
    await rest.delete(Routes.applicationEmoji(appId, id));
    deleted.push(name);
  }
  const styles: CardEmojis['styles'] = {};
  for (const [style, cards] of Object.entries(set.names)) {
    const row: Record<string, CardEmoji> = {};
    for (const [card, name] of Object.entries(cards)) row[card] = { id: byName.get(name) ?? '', name };
    styles[style] = row;
  }
  return { uploaded, deleted, kept: set.faces.length - uploaded.length, emojis: { application: appId, styles } };
}
