import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  messageId: string | undefined;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedEmail[];
  /** Answer the next `count` messages (or all, with Infinity) with a temporary failure (421). */
  refuse(count: number): void;
  /** Hold the next message's DATA without answering until released; resolves once a message is being held. */
  stallNext(): { started: Promise<void>; release: () => void };
  /**
   * Accept (record) the next message, then hold its 250 until released: the message is delivered, but its sender
   * does not know yet. `accepted` resolves with the message once it is recorded.
   */
  acceptAndHoldNext(): { accepted: Promise<ReceivedEmail>; release: () => void };
  /** Messages sent to this address. */
  to(address: string): ReceivedEmail[];
  waitFor(predicate: (messages: ReceivedEmail[]) => boolean, timeoutMs?: number): Promise<ReceivedEmail[]>;
  attempts: number;
  close(): Promise<void>;
}

const addresses = (value: ParsedMail['to']): string[] => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
};

/** A promise with its `resolve` exposed (`Promise.withResolvers`). */
type Deferred<T> = ReturnType<typeof Promise.withResolvers<T>>;

/** A real SMTP server on loopback that records every message it accepts (the `smtp-server` package). */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedEmail[] = [];
  let refusals = 0;
  /** A message to hold before it is accepted: `started` once it is being held, until `released`. */
  let stall: { started: Deferred<void>; released: Deferred<void> } | null = null;
  /** A message to accept, then hold before answering: `accepted` once it is recorded, until `released`. */
  let hold: { accepted: Deferred<ReceivedEmail>; released: Deferred<void> } | null = null;
  const state = { attempts: 0 };
  // Sessions whose client went away: a message held (stalled) in such a session was never acknowledged, so it was
  // never accepted, as with a real SMTP server that loses its client before answering 250.
  const closedSessions = new Set<string>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onMailFrom(_address, _session, callback) {
      state.attempts++;
      if (refusals > 0) {
        refusals--;
        const error = Object.assign(new Error('Service temporarily unavailable, try again later'), {
          responseCode: 421,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const current = stall;
      stall = null;
      const held = hold;
      hold = null;
      const parse = simpleParser(stream);
      const finish = async () => {
        const parsed = await parse;
        if (current) {
          current.started.resolve();
          await current.released.promise;
          await new Promise((r) => setTimeout(r, 100));
          if (closedSessions.has(session.id)) throw new Error('client went away before the message was accepted');
        }
        const received: ReceivedEmail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          parsed,
          to: addresses(parsed.to),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          replyTo: parsed.replyTo?.value[0]?.address?.toLowerCase(),
          messageId: parsed.messageId,
        };
        messages.push(received);
        if (held) {
          held.accepted.resolve(received);
          await held.released.promise;
        }
      };
      finish().then(
        () => callback(),
        (error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const api: TestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}?tls=off`,
    messages,
    get attempts() {
      return state.attempts;
    },
    refuse(count) {
      refusals = count;
    },
    stallNext() {
      stall = { started: Promise.withResolvers(), released: Promise.withResolvers() };
      return { started: stall.started.promise, release: stall.released.resolve };
    },
    acceptAndHoldNext() {
      hold = { accepted: Promise.withResolvers(), released: Promise.withResolvers() };
      return { accepted: hold.accepted.promise, release: hold.released.resolve };
    },
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline)
          throw new Error(
            `Timed out waiting for e-mails; received ${messages.length}: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ')}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
