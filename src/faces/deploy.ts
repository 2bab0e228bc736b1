/**
 * Deploy the card faces as the application's emojis, idempotently (https://discord.com/developers/docs/resources/emoji):
 * list the application's emojis, upload each face whose name (card code + content hash, src/faces/set.ts) is not
 * there, then delete the emojis of ours (by name pattern) that no face has any more — a changed face has a new name,
 * so it is uploaded and its old emoji deleted. Emojis that are not ours are never touched. Uploads come first: an old
 * emoji goes only once its new one is there. A running bot finds the new ids when it starts again (it lists the
 * application's emojis at start, src/discord/kit/card-emojis.ts).
 */
import { Routes, type RESTGetAPIApplicationEmojisResult, type RESTPostAPIApplicationEmojiResult } from 'discord.js';
import type { REST } from 'discord.js';
import { type CardEmojis, cardEmojisOf } from './emoji-ids.ts';
import { isOurEmojiName, type FaceSet } from './set.ts';

/** What a deploy did: names uploaded and deleted, how many were already there, and the card emojis the application now has. */
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
  const byName = await listAppEmojis(rest, appId);
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
  return { uploaded, deleted, kept: set.faces.length - uploaded.length, emojis: cardEmojisOf(appId, set, byName) };
}

/**
 * Application `appId`'s emojis (GET /applications/{id}/emojis through `rest`, a discord.js REST with the bot token), as
 * name → id. Throws the REST error when Discord refuses (e.g. 401) or cannot be reached.
 */
export async function listAppEmojis(rest: REST, appId: string): Promise<Map<string, string>> {
  const listed = (await rest.get(Routes.applicationEmojis(appId))) as RESTGetAPIApplicationEmojisResult;
  const byName = new Map<string, string>();
  for (const e of listed.items) if (e.id && e.name) byName.set(e.name, e.id);
  return byName;
}
