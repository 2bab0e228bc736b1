/**
 * Where the bot finds the deployed card emojis: `card-emojis.json` beside the data file (DATA_FILE's folder, default
 * data/), written by `npm run deploy-emojis` and read once at start. It holds, for the application it was deployed
 * to, each style's (`e2`, `e4`, `d2`, `d4`, src/faces/style.ts) emoji per card label. A missing or unreadable file
 * means no emojis: the hands show text labels.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

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

/** The file's path for the data file `dataFile` (DATA_FILE): `card-emojis.json` in the same folder. */
export const cardEmojisFile = (dataFile: string): string => join(dirname(dataFile), 'card-emojis.json');

/** Write `emojis` to `file` (creating its folder), pretty-printed so a diff shows what changed. */
export function writeCardEmojis(file: string, emojis: CardEmojis): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(emojis, null, 2)}\n`);
}

/**
 * The emojis in `file`, or why there are none: `missing` (no file: never deployed here) or `invalid` (not the shape
 * the deploy writes). Never throws.
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
