import http from 'node:http';

/** One server-sent event as read off the wire (a comment has `comment` set and nothing else). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/**
 * A minimal event-stream reader for the live-update specs (node's http client: supertest waits for a
 * response's end, a stream does not end). Messages are parsed as they arrive; `next` waits for one
 * matching a predicate, `ended` for the server to close the stream.
 */
export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message so far, comments included. */
  messages: SseMessage[];
  /** The body when the answer was not a stream. */
  body: () => string;
  next(predicate: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  ended: Promise<void>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const messages: SseMessage[] = [];
      const waiters: { predicate: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void; from: number }[] = [];
      let buffer = '';
      let raw = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      let consumed = 0;
      const check = () => {
        for (const w of [...waiters]) {
          const found = messages.slice(w.from).find(w.predicate);
          if (found) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(found);
          }
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: SseMessage = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) message.comment = line.slice(1).trim();
            else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') message.id = value;
              else if (field === 'event') message.event = value;
              else if (field === 'data') message.data = message.data === undefined ? value : `${message.data}\n${value}`;
              else if (field === 'retry') message.retry = Number(value);
            }
          }
          messages.push(message);
        }
        check();
      });
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        body: () => raw,
        next(predicate, timeoutMs = 5000) {
          const from = consumed;
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(() => rejectNext(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
            waiters.push({
              predicate,
              from,
              resolve: (m) => {
                clearTimeout(timer);
                consumed = messages.indexOf(m) + 1;
                resolveNext(m);
              },
            });
            check();
          });
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
