import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { WAIT_MS } from './browser.ts';

interface OutboxLine {
  to: string;
  subject: string;
  text: string;
}

function mailsTo(outboxFile: string, email: string): OutboxLine[] {
  if (!existsSync(outboxFile)) return [];
  return readFileSync(outboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/**
 * The reset link of the newest mail to `email` in the server's outbox (mail without SMTP). The mail is
 * sent in the background after the answer, so this polls the file until the link is there.
 */
export async function resetLinkFor(outboxFile: string, email: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(outboxFile, email);
        link = mails.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
        return link;
      },
      { timeout: WAIT_MS, interval: 200 },
    )
    .toBeDefined();
  return new URL(link!);
}
