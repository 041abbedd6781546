import type { Subprocess } from 'bun';
import { ROOT } from './env';

/** A free TCP port on loopback (bound then released). */
export function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

export interface Child {
  proc: Subprocess;
  /** The last lines the child wrote to stderr (to explain a failed start). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `bun <args>` from the repository root with the given environment added. */
export function spawnBun(args: string[], env: Record<string, string>, name = args.join(' ')): Child {
  let tail = '';
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) {
      tail = (tail + decoder.decode(chunk)).slice(-4000);
    }
  })().catch(() => {});
  let stopped = false;
  return {
    proc,
    stderr: () => tail,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
      if (!exited) {
        console.warn(`  ${name} did not stop within 5 s of SIGTERM: killing it`);
        proc.kill('SIGKILL');
        await proc.exited;
      }
    },
  };
}

/** Waits until `url` answers with `status`, or the child exits, or `timeoutMs` passes. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 30_000, status = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) throw new Error(`process exited (${child.proc.exitCode}): ${child.stderr()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === status) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms: ${child.stderr()}`);
}
