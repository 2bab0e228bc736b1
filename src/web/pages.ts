/**
 * The web table's pages and card faces on the web server: the built client (dist/web/, made by `npm ci`'s `prepare`
 * script from src/web/client/) with its index.html as the page of `/` (the Activity's entry, Discord's URL mapping
 * points there), of every `/table/<channel>` and of every `/replay/<guild>/<id>`; and the card faces, one sprite per
 * style with its index (src/faces/sprite.ts) — `/faces/index.json` and `/faces/<style>.png`, so that no card ever
 * appears in a URL.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { renderSprite, spriteIndex, styleOfCode } from '../faces/sprite.ts';
import { replayParams } from './protocol.ts';

/** Where the built client is (dist/web/, made by `npm run build:web`): beside the sources, or under the working directory (a bundled build). */
export const CLIENT_DIR = ((): string => {
  const beside = fileURLToPath(new URL('../../dist/web/', import.meta.url));
  return existsSync(beside) ? beside : join(process.cwd(), 'dist', 'web');
})();

/** The page every route of the client answers with. */
const INDEX = 'index.html';

/** The faces' URL paths. */
export const FACES_PATHS = { index: '/faces/index.json', sprite: (style: string) => `/faces/${style}.png` } as const;

/** Register the client's files, its pages and the faces on `app`. */
export async function clientRoutes(app: FastifyInstance, clientDir: string): Promise<void> {
  const built = existsSync(`${clientDir}/index.html`);
  if (built) await app.register(fastifyStatic, { root: clientDir, prefix: '/', index: false, wildcard: false });
  const page = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (!built) return reply.code(503).send({ error: 'not_built' });
    return reply.type('text/html;charset=utf-8').header('cache-control', 'no-cache').sendFile(INDEX);
  };
  app.get('/', page);
  app.get('/table/:channel', async (req, reply) => {
    const { channel } = req.params as { channel: string };
    if (!/^\d{17,20}$/.test(channel)) return reply.code(404).send({ error: 'not_found' });
    return page(req, reply);
  });
  app.get('/replay/:guild/:id', async (req, reply) => {
    if (!replayParams.safeParse(req.params).success) return reply.code(404).send({ error: 'not_found' });
    return page(req, reply);
  });

  const index = spriteIndex();
  const sprites = new Map<string, Buffer>();
  app.get(FACES_PATHS.index, async (_req, reply) => reply.header('cache-control', 'public,max-age=3600').send(index));
  app.get('/faces/:file', async (req, reply) => {
    const { file } = req.params as { file: string };
    const style = /^([a-z]\d)\.png$/.exec(file)?.[1];
    const look = style ? styleOfCode(style) : null;
    if (!style || !look) return reply.code(404).send({ error: 'not_found' });
    let png = sprites.get(style);
    if (!png) sprites.set(style, (png = renderSprite(look)));
    return reply.type('image/png').header('cache-control', 'public,max-age=3600').send(png);
  });
}
