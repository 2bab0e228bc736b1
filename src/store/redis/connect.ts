/**
 * The node-redis clients the store uses: one server, or a Redis Cluster.
 */
import { createClient, createCluster } from '@keyv/redis';

/** Reconnect after a lost connection: 50 ms, doubling, at most 1 s between attempts, for as long as it takes. */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

/**
 * The client for one Redis server. Commands sent before the first connection wait for it (as usual); once
 * connected, commands sent while the connection is down fail at once instead of waiting in node-redis's offline
 * queue: a click is then refused within Discord's 3 s ("…nothing was changed"), and a move
 * clicked during an outage is never applied later, when nobody waits for it any more. The client reconnects by
 * itself when the server is back.
 */
export function singleNode(url: string) {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy } });
  client.once('ready', () => {
    (client.options as { disableOfflineQueue?: boolean }).disableOfflineQueue = true;
  });
  return client;
}

/** The client of a Redis Cluster, from the URLs of some of its nodes (it discovers the rest). */
export function clusterOf(urls: readonly string[]) {
  return createCluster({ rootNodes: urls.map((url) => ({ url })) });
}

/**
 * A new, unconnected client for a pub/sub subscription, named `name` (CLIENT SETNAME: it shows in CLIENT LIST):
 * a `duplicate()` of `node` on one server; on a Cluster a client of its first seed node `clusterSeed` (a PUBLISH
 * reaches every node of a cluster). It reconnects like `singleNode`, and subscribes again when it does.
 */
export function subscriberFor(node: NodeRedis, name: string, clusterSeed?: string): ReturnType<typeof singleNode> {
  if (clusterSeed) return createClient({ url: clusterSeed, name, socket: { connectTimeout: 2000, reconnectStrategy } });
  return (node as ReturnType<typeof singleNode>).duplicate({ name });
}

/** A node-redis client of one server or of a cluster. */
export type NodeRedis = ReturnType<typeof singleNode> | ReturnType<typeof clusterOf>;
