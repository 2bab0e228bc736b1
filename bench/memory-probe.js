/**
 * Preloaded into the bot process by the load benchmark (bench/load.ts) with `--import`: answers the message
 * `'memory'` on the IPC channel with `process.memoryUsage()`, so the bench can report the bot's heap as well
 * as its RSS, and `{ heapSnapshot: file }` by writing a V8 heap snapshot there (`--heap-snapshot=FILE`) and answering
 * `{ written: file }`. Changes nothing else; the channel is unref'd so it never keeps the bot alive.
 */
import { writeHeapSnapshot } from 'node:v8';

process.on('message', (message) => {
  if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
  else if (typeof message === 'object' && message !== null && 'heapSnapshot' in message)
    process.send?.({ written: writeHeapSnapshot(String(message.heapSnapshot)) });
});
process.channel?.unref();
