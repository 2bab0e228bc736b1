/**
 * The REST proxy as a child process of `npm run start:sharded` (when REST_PROXY_PORT is set): src/rest-proxy.ts,
 * forked with the manager's environment, started before the shards and stopped after them. If it exits while the
 * shards run it is started again on the same port after a second (the shards' bot-token requests wait meanwhile,
 * see src/proxy/route.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { entryPoint } from '../entry.ts';
import type { Logger } from '../logger.ts';

const ENTRY = entryPoint('rest-proxy');
const RESTART_AFTER_MS = 1_000;

export interface ProxyChild {
  /** Where the proxy listens: `http://host:port/api`. */
  url: string;
  /** Stop it (SIGTERM, it finishes the requests in flight) and do not start it again. */
  stop(): Promise<void>;
}

/** Fork src/rest-proxy.ts with `env` and resolve with its address once it listens. Rejects if it exits first. */
function forkProxy(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(ENTRY.file, [], { env, execArgv: ENTRY.execArgv, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the REST proxy exited with code ${code} before it listened`));
    child.once('exit', onExit);
    child.on('message', (message: { restProxy?: string }) => {
      if (typeof message?.restProxy !== 'string') return;
      child.off('exit', onExit);
      resolve({ child, url: message.restProxy });
    });
  });
}

/**
 * Start the proxy on REST_PROXY_PORT (from `env`) and keep it running until `stop`. Rejects when the first start
 * fails (e.g. the port is taken).
 */
export async function startProxyChild(env: NodeJS.ProcessEnv, log: Logger): Promise<ProxyChild> {
  const first = await forkProxy(env);
  let child = first.child;
  const url = first.url;
  const port = new URL(url).port;
  let stopped = false;
  const restart = (): void => {
    setTimeout(() => {
      if (stopped) return;
      forkProxy({ ...env, REST_PROXY_PORT: port }).then(
        (next) => {
          child = next.child;
          if (stopped) child.kill('SIGTERM');
          else watch(child);
        },
        (err: unknown) => {
          log.error({ err }, 'the REST proxy did not start again');
          restart();
        },
      );
    }, RESTART_AFTER_MS).unref();
  };
  const watch = (current: ChildProcess): void => {
    current.once('exit', (code, signal) => {
      if (stopped) return;
      log.error({ code, signal }, 'the REST proxy exited: starting it again');
      restart();
    });
  };
  watch(child);
  return {
    url,
    stop: () => {
      stopped = true;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
