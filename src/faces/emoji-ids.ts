/**
 * The card emojis as the hands use them: for one application, each style's (`e2`, `e4`, `d2`, `d4`,
 * src/faces/style.ts) emoji per card label. The bot finds them at start among the application's own emojis, by the
 * names `npm run deploy-emojis` gives them (`cardEmojisOf`); `card-emojis.json` beside the data file (DATA_FILE's
 * folder, default data/), in the same shape, overrides that when present (docs/card-faces.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { FaceSet } from './set.ts';

/** One deployed emoji, as a button's `emoji` takes it. */
export interface CardEmoji {
  id: string;
  name: string;
}

/** The deployed emojis: the application's id, and per style code, per card label, its emoji. */
export interface CardEmojis {
  application: string;
  styles: Record<string, Record<string, CardEmoji>>;
}

const SCHEMA = z.object({
  application: z.string().regex(/^\d+$/),
  styles: z.record(z.string(), z.record(z.string(), z.object({ id: z.string().regex(/^\d+$/), name: z.string().regex(/^\w{2,32}$/) }))),
});

/** The override file's path for the data file `dataFile` (DATA_FILE): `card-emojis.json` in the same folder. */
export const cardEmojisFile = (dataFile: string): string => join(dirname(dataFile), 'card-emojis.json');

/**
 * The card emojis of application `appId` among its emojis `byName` (name → id): for each style and card of `set`, the
 * emoji named as that face (src/faces/set.ts). A face the application does not have is left out (its card shows as
 * text).
 */
export function cardEmojisOf(appId: string, set: FaceSet, byName: ReadonlyMap<string, string>): CardEmojis {
  const styles: CardEmojis['styles'] = {};
  for (const [style, cards] of Object.entries(set.names)) {
    const row: Record<string, CardEmoji> = {};
    for (const [card, name] of Object.entries(cards)) {
      const id = byName.get(name);
      if (id) row[card] = { id, name };
    }
    styles[style] = row;
  }
  return { application: appId, styles };
}

/**
 * The emojis in `file`, or why there are none: `missing` (no file) or `invalid` (not the shape described above).
 * Never throws.
 */
export function readCardEmojis(file: string): { emojis: CardEmojis } | { emojis: null; why: 'missing' | 'invalid' } {
  if (!existsSync(file)) return { emojis: null, why: 'missing' };
  try {
    const parsed = SCHEMA.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? { emojis: parsed.data } : { emojis: null, why: 'invalid' };
  } catch {
    return { emojis: null, why: 'invalid' };
  }
}
