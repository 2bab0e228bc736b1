/**
 * The web table's build (`npm run build:web`, run by `npm ci` through `prepare`): vite bundles src/web/client/ (preact
 * components in TSX, compiled by vite's own oxc transform) into dist/web/. The Discord SDK is a chunk of its own,
 * loaded only inside Discord. `npm run dev:web` serves the client with hot reload (the socket still needs a bot).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('src/web/client'),
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    assetsDir: 'assets',
  },
  logLevel: 'warn',
});
