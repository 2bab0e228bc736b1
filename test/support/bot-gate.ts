/**
 * Preload for a warm child bot (`node --import <bundle>/test/support/bot-gate.js <bundle>/src/index.js`, see
 * `prepareBot` in bot-process.ts): evaluates the bot's modules (the slow part of a start-up: discord.js and our
 * sources), writes `ready` on stdout and holds the entry point back until a line arrives on stdin. Nothing of the
 * bot runs before that line: configuration, storage, the deadline index and the gateway login all happen after it,
 * exactly as in a cold start.
 */
await import('../../src/bot.ts');
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
process.stdin.unref?.();
