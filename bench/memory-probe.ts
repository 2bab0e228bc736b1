/**
 * Preloaded into the bot process by the load benchmark (bench/load.ts) with `--import`: answers the message
 * `'memory'` on the IPC channel with `process.memoryUsage()`, so the bench can report the bot's heap as well
 * as its RSS. Changes nothing else; the channel is unref'd so it never keeps the bot alive.
 */
process.on('message', (message) => {
  if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
});
process.channel?.unref();
