import { type ReceivedEmail, startTestSmtpServer, type TestSmtpServer } from '@app/testing/smtp';

export interface TimedSmtpServer extends TestSmtpServer {
  /** performance.now() at which each recorded message arrived, in the order of `messages`. */
  arrivals: number[];
}

/** The test SMTP server of testing/smtp.ts, with the moment each message arrived recorded next to it. */
export async function startTimedSmtpServer(): Promise<TimedSmtpServer> {
  const server = await startTestSmtpServer();
  const arrivals: number[] = [];
  const push = server.messages.push.bind(server.messages);
  server.messages.push = (...items: ReceivedEmail[]) => {
    for (const _ of items) arrivals.push(performance.now());
    return push(...items);
  };
  return Object.assign(server, { arrivals });
}

/** Waits until `count` messages arrived or `timeoutMs` passed; returns how many arrived. */
export async function waitForCount(server: TestSmtpServer, count: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (server.messages.length < count && performance.now() < deadline) await Bun.sleep(20);
  return server.messages.length;
}
