import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test helper: a real SMTP server (the `smtp-server` package) on a free local port. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Starts the server; `next()` resolves with the next message received (no polling). */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; next: () => Promise<ReceivedMail>; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () => {
      const ready = received.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
