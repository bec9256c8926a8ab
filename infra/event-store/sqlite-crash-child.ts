/**
 * Child process of the SQLite crash-safety test (event-store.int.spec.ts), killed with SIGKILL mid-run.
 * Usage: node sqlite-crash-child.ts <file> <appenders>
 *
 * Each appender owns a stream and appends 1 to 3 events at a time with exact expected revisions.
 * After an append resolved it prints `ack <append> <stream> <revision> <position> <count>`: the
 * parent then checks that every acknowledged append is in the file, whole.
 */
import type { ExpectedRevision } from './port.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';

const [file, appendersArg] = process.argv.slice(2);
if (!file) throw new Error('usage: sqlite-crash-child.ts <file> <appenders>');
const appenders = Number(appendersArg ?? 16);

const store = await openSqliteEventStore(file);
let nextAppend = 0;

async function appender(index: number): Promise<void> {
  const stream = `crash-${process.pid}x${index}`;
  let expected: ExpectedRevision = 'no_stream';
  for (;;) {
    const append = nextAppend++;
    const count = 1 + (append % 3);
    const events = Array.from({ length: count }, (_, part) => ({
      type: 'CrashTested.v1',
      data: { append, part, count },
      metadata: { actor: 'system', correlationId: `crash-${append}` },
    }));
    const result = await store.append(stream, events, expected);
    expected = result.nextExpectedRevision;
    process.stdout.write(`ack ${append} ${stream} ${result.nextExpectedRevision} ${result.position} ${count}\n`);
  }
}

process.stdout.write('started\n');
await Promise.all(Array.from({ length: appenders }, (_, i) => appender(i)));
