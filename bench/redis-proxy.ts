/**
 * A TCP proxy in front of a Redis server that counts what its clients send: the commands (a Lua script is one
 * command: EVALSHA) and the round trips — per connection, each time a client sends after the server has answered
 * everything sent before; commands sent together (pipelined, or while an earlier one is still in flight) count once,
 * as they cost one wait. Used by the moves bench and the load run (bench/moves.ts, bench/load.ts).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sparePort } from '../test/support/redis-server.ts';

/** Counts the commands in a client's RESP stream (arrays of bulk strings), by name. */
class RequestCounter {
  private buffer = Buffer.alloc(0);
  readonly byName = new Map<string, number>();

  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const parsed = this.next();
      if (!parsed) return;
      this.buffer = this.buffer.subarray(parsed.end);
      this.byName.set(parsed.name, (this.byName.get(parsed.name) ?? 0) + 1);
    }
  }

  /** The first whole command in the buffer: its name and where it ends, or null when it is not all there yet. */
  private next(): { name: string; end: number } | null {
    const line = (from: number) => {
      const eol = this.buffer.indexOf('\r\n', from);
      return eol < 0 ? null : { text: this.buffer.toString('latin1', from, eol), end: eol + 2 };
    };
    const head = line(0);
    if (!head) return null;
    if (!head.text.startsWith('*')) throw new Error(`not a RESP request: ${head.text.slice(0, 20)}`);
    let at = head.end;
    let name = '';
    for (let i = 0; i < Number(head.text.slice(1)); i++) {
      const size = line(at);
      if (!size) return null;
      const len = Number(size.text.slice(1));
      if (this.buffer.length < size.end + len + 2) return null;
      if (i === 0) name = this.buffer.toString('latin1', size.end, size.end + len).toLowerCase();
      at = size.end + len + 2;
    }
    return { name, end: at };
  }
}

/** A TCP proxy to `port` that counts round trips and the commands sent (see the file's comment). */
export async function countingProxy(
  port: number,
): Promise<{ url: string; roundTrips: () => number; sent: Map<string, number>; close: () => Promise<void> }> {
  let trips = 0;
  const counter = new RequestCounter();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    const requests = new RequestCounter();
    let waiting = false;
    client.on('data', (chunk) => {
      if (!waiting) trips++;
      waiting = true;
      requests.push(chunk);
      for (const [name, n] of requests.byName) counter.byName.set(name, (counter.byName.get(name) ?? 0) + n);
      requests.byName.clear();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      waiting = false;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  const own = await sparePort();
  await new Promise<void>((resolve) => server.listen(own, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${own}`,
    roundTrips: () => trips,
    sent: counter.byName,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
