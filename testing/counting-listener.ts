/**
 * A TCP listener on loopback that counts every connection made to it and answers nothing (D35's tests): a request the
 * outbound guard refuses must leave it at ZERO. `spellings` are the ways a test can write its address that the guard
 * must all see through: decimal, octal, hexadecimal, short, IPv6-mapped, a name that resolves to it.
 */
export interface CountingListener {
  port: number;
  /** Connections accepted so far (on 127.0.0.1 and, when it could listen there, on [::1]). */
  connections(): number;
  /** https URLs of this listener in every spelling of loopback (path `/x`). */
  spellings(): string[];
  stop(): void;
}

export function startCountingListener(): CountingListener {
  let count = 0;
  const socket = {
    open(s: { end(): void }) {
      count += 1;
      s.end();
    },
    data() {},
  };
  const v4 = Bun.listen({ hostname: '127.0.0.1', port: 0, socket });
  let v6: { stop(closeActive?: boolean): void } | null = null;
  try {
    v6 = Bun.listen({ hostname: '::1', port: v4.port, socket });
  } catch {}
  const port = v4.port;
  return {
    port,
    connections: () => count,
    spellings: () => [
      `https://127.0.0.1:${port}/x`,
      `https://2130706433:${port}/x`,
      `https://0177.0.0.1:${port}/x`,
      `https://0x7f.0.0.1:${port}/x`,
      `https://127.1:${port}/x`,
      `https://0x7f000001:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      `https://[::1]:${port}/x`,
      `https://[0:0:0:0:0:0:0:1]:${port}/x`,
      `https://localhost:${port}/x`,
      `https://LOCALHOST.:${port}/x`,
      `http://127.0.0.1:${port}/x`,
      `http://localhost:${port}/x`,
    ],
    stop() {
      v4.stop(true);
      v6?.stop(true);
    },
  };
}
