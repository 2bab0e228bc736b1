/**
 * Where a process entry point of the bot is and how node runs it. Compiled (`npm run build`, which `npm ci` runs:
 * this code then runs from dist/), it is dist/NAME.js under plain `node` with the bot's V8 flags; from the sources (tests, `tsx`), it is
 * src/NAME.ts under tsx's loader. Used by src/shard.ts for its shards and by src/proxy/child.ts for the REST proxy.
 */
import { fileURLToPath } from 'node:url';

/**
 * The V8 flags of the compiled bot (also in package.json's `start`): none. A small young generation
 * (`--max-semi-space-size=1`) saved nothing at one table and cost a fifth more CPU a move under load
 * (docs/scale.md#a-lean-process).
 */
export const V8_FLAGS: string[] = [];

/** An entry point's file and the node flags that run it. */
export interface EntryPoint {
  file: string;
  execArgv: string[];
}

/** The entry point `name` (src/NAME.ts, or dist/NAME.js when this code is the compiled build). */
export function entryPoint(name: 'index' | 'rest-proxy'): EntryPoint {
  const compiled = import.meta.url.endsWith('.js');
  return {
    file: fileURLToPath(new URL(`./${name}.${compiled ? 'js' : 'ts'}`, import.meta.url)),
    execArgv: compiled ? V8_FLAGS : ['--import', 'tsx'],
  };
}
