import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/**
 * Child processes of the local cloud and `npm start`: each runs in its own process group
 * (detached), so stopping it also stops whatever it spawned (tsx watch → node, java threads).
 * A synchronous exit hook kills every group still alive, so a crashed parent leaves no orphans.
 */
export type ChildHandle = {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** The last ~8 KB of its combined output, for error messages. */
  tail(): string;
  stop(timeoutMs?: number): Promise<void>;
};

const alive = new Set<ChildHandle>();
let hooked = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const handle of alive) killGroup(handle.child, 'SIGKILL');
  });
}

export type SpawnGroupOptions = SpawnOptions & {
  /** Called with each complete output line (stdout and stderr). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
};

export function spawnGroup(
  name: string,
  command: string,
  args: string[],
  options: SpawnGroupOptions = {},
): ChildHandle {
  hookExit();
  const { onLine, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions, detached: true });
  let buffer = '';
  const collect = (stream: 'stdout' | 'stderr') => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      buffer = (buffer + text).slice(-8192);
      if (!onLine) return;
      partial += text;
      const lines = partial.split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line, stream);
    };
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.once('error', (error) => {
      buffer += `\n${error.message}`;
      resolve(null);
    });
  });
  const handle: ChildHandle = {
    name,
    child,
    exited,
    tail: () => buffer.trim(),
    async stop(timeoutMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
        alive.delete(handle);
        return;
      }
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
      // The group leader may be gone while its children linger (e.g. tsx watch's node).
      killGroup(child, 'SIGKILL');
      alive.delete(handle);
    },
  };
  alive.add(handle);
  return handle;
}

function tryListen(port: number, host: string): Promise<'free' | 'used' | 'n/a'> {
  return new Promise((resolve) => {
    const server: Server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? 'used' : 'n/a');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}

/** True if nothing listens on the port on 127.0.0.1 nor on ::1 (Vite's `localhost` may bind either). */
export async function isPortFree(port: number): Promise<boolean> {
  if ((await tryListen(port, '127.0.0.1')) === 'used') return false;
  return (await tryListen(port, '::1')) !== 'used';
}

/** A port the OS considers free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns true; fails with `what` after `timeoutMs` or if `exited` settles first. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    handle,
  }: { timeoutMs?: number; intervalMs?: number; handle?: ChildHandle } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly: number | string | null | undefined;
  let done = false;
  void handle?.exited.then((code) => {
    if (!done) exitedEarly = code;
  });
  try {
    while (Date.now() < deadline) {
      if (exitedEarly !== undefined) {
        const tail = handle?.tail().split('\n').slice(-15).join('\n') ?? '';
        throw new Error(`${what} exited (${String(exitedEarly)}) before it was ready.${tail ? `\n${tail}` : ''}`);
      }
      try {
        if (await probe()) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s.`);
  } finally {
    done = true;
  }
}

/** Any HTTP answer at all (even 4xx) means the server is up. */
export async function answers(url: string, init?: RequestInit): Promise<boolean> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer().catch(() => undefined);
  return true;
}
