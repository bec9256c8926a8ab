import { existsSync, readFileSync } from 'node:fs';
import { waitUntil } from './browser.ts';

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
 * The reset link of the newest reset mail to `email` in the server's outbox (mail without SMTP). The
 * mail is sent in the background after the answer, so this polls the file until the link is there.
 */
export async function resetLinkFor(outboxFile: string, email: string): Promise<URL> {
  return newestLink(outboxFile, email, /https?:\/\/\S+\/reset-password\?token=\S+/);
}

/**
 * The verification link of the newest verification mail to `email` (sent at sign-up and by "Resend
 * verification email"). With `after`, waits for a link other than that one (the resent mail).
 */
export async function verificationLinkFor(outboxFile: string, email: string, after?: URL): Promise<URL> {
  return newestLink(outboxFile, email, /https?:\/\/\S+\/verify-email\?token=\S+/, after);
}

async function newestLink(outboxFile: string, email: string, pattern: RegExp, after?: URL): Promise<URL> {
  let link: string | undefined;
  await waitUntil(
    () => {
      const links = mailsTo(outboxFile, email).flatMap((mail) => mail.text.match(pattern)?.[0] ?? []);
      link = links.at(-1);
      return link !== undefined && link !== after?.href;
    },
    `a new link in a mail to ${email}`,
  );
  return new URL(link!);
}
