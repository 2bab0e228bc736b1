/**
 * `npm run deploy-emojis` against the fake Discord's application emoji routes: the first run uploads every face, the
 * second nothing, after a face changes only that face (and its old emoji goes); emojis that are not ours stay. The
 * fake keeps Discord's limits (name rules, unique names, image size, data URI) and error shapes. The entry point
 * uploads every face and writes no file (the bot finds the emojis at start: test/e2e/card-emojis.e2e.test.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FACE_CARDS } from '../../src/faces/face-cards.ts';
import { deployEmojis } from '../../src/faces/deploy.ts';
import { renderFace } from '../../src/faces/draw.ts';
import { cardEmojisFile } from '../../src/faces/emoji-ids.ts';
import { renderFaceSet } from '../../src/faces/set.ts';
import { FACE_STYLES } from '../../src/faces/style.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const E2 = FACE_STYLES.find((s) => s.lang === 'en' && s.colours === 'two') ?? { lang: 'en', colours: 'two' };
const E4 = FACE_STYLES.find((s) => s.lang === 'en' && s.colours === 'four') ?? { lang: 'en', colours: 'four' };
/** One style's faces (79): enough to show the deploy's logic, quicker than all four. */
const SET = renderFaceSet([E2]);

let fake: FakeDiscord;
let rest: REST;
beforeEach(async () => {
  fake = await startFakeDiscord();
  rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.token);
});
afterEach(async () => {
  await fake.close();
});

/** The requests to the application's emojis so far, by method. */
function emojiRequests(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of fake.requests) if (r.path.includes('/emojis')) out[r.method] = (out[r.method] ?? 0) + 1;
  return out;
}

describe('deploying the card emojis', () => {
  it('uploads every face first, nothing the second time, only a changed face after a change', async () => {
    const first = await deployEmojis(rest, fake.applicationId, SET);
    expect(first.uploaded).toHaveLength(FACE_CARDS.length);
    expect(first.deleted).toEqual([]);
    expect(emojiRequests()).toEqual({ GET: 1, POST: FACE_CARDS.length });
    expect(fake.appEmojis.byId.size).toBe(FACE_CARDS.length);
    // Every card of the style has the id Discord gave its emoji, and Discord holds the bytes we rendered.
    for (const card of FACE_CARDS) {
      const e = first.emojis.styles.e2?.[card];
      expect(fake.appEmojis.byId.get(e?.id ?? '')?.name).toBe(e?.name);
      expect(fake.appEmojis.byId.get(e?.id ?? '')?.image.equals(renderFace(card, E2))).toBe(true);
    }

    const before = fake.requests.length;
    const second = await deployEmojis(rest, fake.applicationId, SET);
    expect(second.uploaded).toEqual([]);
    expect(second.deleted).toEqual([]);
    expect(second.kept).toBe(FACE_CARDS.length);
    expect(second.emojis).toEqual(first.emojis);
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET']);

    // 7♦ is drawn differently (the four-colour blue): one upload, its old emoji deleted, every other id unchanged.
    const changed = renderFaceSet([E2], (card, style) => renderFace(card, card === '7♦' ? E4 : style));
    const third = await deployEmojis(rest, fake.applicationId, changed);
    expect(third.uploaded).toEqual([changed.names.e2?.['7♦']]);
    expect(third.deleted).toEqual([SET.names.e2?.['7♦']]);
    expect(fake.appEmojis.byId.size).toBe(FACE_CARDS.length);
    for (const card of FACE_CARDS) if (card !== '7♦') expect(third.emojis.styles.e2?.[card]).toEqual(first.emojis.styles.e2?.[card]);
    expect(third.emojis.styles.e2?.['7♦']?.id).not.toBe(first.emojis.styles.e2?.['7♦']?.id);
    expect(fake.violations).toEqual([]);
  });

  it("leaves the application's other emojis alone", async () => {
    const other = fake.appEmojis.create({ name: 'party_parrot', image: `data:image/png;base64,${renderFace('A♠', E2).toString('base64')}` });
    expect(other.status).toBe(201);
    const look_alike = fake.appEmojis.create({ name: 'sc_notours', image: `data:image/png;base64,${renderFace('A♠', E2).toString('base64')}` });
    expect(look_alike.status).toBe(201);
    const report = await deployEmojis(rest, fake.applicationId, SET);
    expect(report.deleted).toEqual([]);
    expect([...fake.appEmojis.byId.values()].map((e) => e.name)).toEqual(expect.arrayContaining(['party_parrot', 'sc_notours']));
  });
});

describe("the fake's application emojis keep Discord's limits", () => {
  const png = `data:image/png;base64,${renderFace('A♠', E2).toString('base64')}`;
  const errorsOf = (r: { body?: unknown }): unknown => (r.body as { errors?: unknown }).errors;

  it('refuses bad names, a taken name, a non-data-URI image and one over 256 KiB, and unknown ids', () => {
    const emojis = fake.appEmojis;
    expect(emojis.create({ name: 'a', image: png })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(errorsOf(emojis.create({ name: 'x'.repeat(33), image: png }))).toEqual({
      name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 2 and 32 in length.' }] },
    });
    expect(errorsOf(emojis.create({ name: 'ten♥', image: png }))).toMatchObject({ name: { _errors: [{ code: 'STRING_TYPE_REGEX' }] } });
    expect(emojis.create({ name: 'ace', image: png }).status).toBe(201);
    expect(errorsOf(emojis.create({ name: 'ace', image: png }))).toMatchObject({
      name: { _errors: [{ code: 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN' }] },
    });
    expect(errorsOf(emojis.create({ name: 'raw', image: 'iVBORw0KGgo=' }))).toMatchObject({ image: { _errors: [{ code: 'IMAGE_INVALID' }] } });
    const big = `data:image/png;base64,${Buffer.alloc(256 * 1024 + 1).toString('base64')}`;
    expect(emojis.create({ name: 'big', image: big })).toMatchObject({ status: 400, body: { code: 50138 } });
    expect(emojis.get('1')).toMatchObject({ status: 404, body: { code: 10014, message: 'Unknown Emoji' } });
    expect(emojis.remove('1')).toMatchObject({ status: 404, body: { code: 10014 } });
    expect(emojis.byId.size).toBe(1);
  });

  it('renames and deletes over REST, and stops at 2,000 emojis', async () => {
    const made = (await rest.post(`/applications/${fake.applicationId}/emojis`, { body: { name: 'ace', image: png } })) as { id: string };
    const renamed = (await rest.patch(`/applications/${fake.applicationId}/emojis/${made.id}`, { body: { name: 'ace_two' } })) as { name: string };
    expect(renamed.name).toBe('ace_two');
    expect(((await rest.get(`/applications/${fake.applicationId}/emojis/${made.id}`)) as { name: string }).name).toBe('ace_two');
    await rest.delete(`/applications/${fake.applicationId}/emojis/${made.id}`);
    expect(((await rest.get(`/applications/${fake.applicationId}/emojis`)) as { items: unknown[] }).items).toEqual([]);
    for (let i = 0; i < 2000; i++) fake.appEmojis.create({ name: `e${i}`, image: png });
    expect(fake.appEmojis.create({ name: 'one_more', image: png })).toMatchObject({ status: 400, body: { code: 30008 } });
    await expect(rest.get(`/applications/1/emojis`)).rejects.toMatchObject({ status: 404, code: 10002 });
  });
});

it('npm run deploy-emojis uploads all faces and writes no file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stammtisch-emojis-'));
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_TOKEN: fake.token,
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      DATA_FILE: join(dir, 'data', 'stammtisch.sqlite'),
    };
    const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'src', 'deploy-emojis.ts')], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, out).toBe(0);
    const all = renderFaceSet();
    expect(out).toContain(`Card emojis: ${all.faces.length} uploaded, 0 already there, 0 stale deleted. Restart the bot to use them.`);
    // The application holds every face under its name; no file to copy (the bot lists them at start).
    expect(new Set([...fake.appEmojis.byId.values()].map((e) => e.name))).toEqual(new Set(all.faces.map((f) => f.name)));
    expect(existsSync(cardEmojisFile(env.DATA_FILE))).toBe(false);
    expect(fake.violations).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
