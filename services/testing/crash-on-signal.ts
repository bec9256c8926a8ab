/**
 * A test-only hook, never imported by the app: preloaded into a server child process with
 * `node --import <this file> ...` (services/gateway/server-log.int.spec.ts), it throws an uncaught
 * exception when the process receives SIGUSR2, so a spec can crash a real server at a moment it chooses
 * and look for the crash's line in the log.
 */
process.once('SIGUSR2', () => {
  setImmediate(() => {
    throw new Error('injected crash (test hook)');
  });
});
