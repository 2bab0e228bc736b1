/**
 * The embedded store: keyv-file (a JSON file kept in memory and written back), made durable.
 * keyv-file hands a write that arrives while the file is being saved the promise of that save, which does
 * not contain the new value, and it writes the file in place. Here every write waits for the one before it,
 * so an awaited write is on disk, and the file is written to a temporary name and renamed over the old one,
 * so a crash mid-write leaves the previous file whole. (Relies on keyv-file 5.3.5's `saveToDisk`, `_data`,
 * `_lastExpire` and `keys`; the version is pinned in package.json.)
 */
import { rename, writeFile } from 'node:fs/promises';
import { KeyvFile } from 'keyv-file';

type Internals = { _data: Map<string, unknown>; _lastExpire: number; opts: { filename: string; serialize: (v: unknown) => string } };

export class DurableKeyvFile extends KeyvFile {
  private queue: Promise<unknown> = Promise.resolve();

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const done = this.queue.then(write, write);
    this.queue = done.catch(() => undefined);
    return done;
  }

  override set(key: string, value: unknown, ttl?: number) {
    return this.serially(() => super.set(key, value, ttl));
  }

  override delete(key: string) {
    return this.serially(() => super.delete(key));
  }

  override clear() {
    return this.serially(() => super.clear());
  }

  /** Every key as an array (keyv-file 5.3.5 returns a Map iterator here, which breaks its own `iterator`). */
  override async keys(): Promise<string[]> {
    return [...(await super.keys())];
  }

  constructor(...args: ConstructorParameters<typeof KeyvFile>) {
    super(...args);
    // keyv-file declares saveToDisk private; replace it on the instance with an atomic write.
    Object.assign(this, { saveToDisk: () => saveAtomically(this as unknown as Internals) });
  }
}

/** Write the store to a temporary file, then rename it over the old one. */
async function saveAtomically(store: Internals): Promise<void> {
  const data = store.opts.serialize({ cache: [...store._data.entries()], lastExpire: store._lastExpire });
  const temporary = `${store.opts.filename}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, store.opts.filename);
}
