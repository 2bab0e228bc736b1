/**
 * A TCP forwarder the test can cut: connections to `url` are piped to `target` (host:port) until `cut()`, which
 * drops every open connection and closes new ones at once until `mend()`. Lets a test take one client's connection
 * away (and keep it away) while the others go on.
 */
import { createServer, type Socket, connect } from 'node:net';

export interface TcpCut {
  /** redis://127.0.0.1:<port> of the forwarder. */
  url: string;
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

/** Start a forwarder to `target` (`host:port`). */
export async function tcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      down = true;
      for (const s of open) s.destroy();
    },
    mend: () => {
      down = false;
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
