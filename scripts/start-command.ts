/**
 * The server command of `npm start`, read from package.json: what the benches and the server's
 * child-process specs run, so they measure and test the server exactly as users start it (issue 30).
 * The `start` script's last command (after the last `&&`) is `[NAME=value ...] node [--flag ...] <script>`;
 * the environment assignments, the Node flags and the script are taken from it, never written here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../services/http/config.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface StartCommand {
  /** The environment the script sets before `node` (e.g. MALLOC_ARENA_MAX). */
  env: Record<string, string>;
  /** Node's flags (e.g. --max-semi-space-size=16). */
  nodeFlags: string[];
  /** The server script, an absolute path. */
  script: string;
  /** The script's own arguments (absolute paths where they name a file of the repository). */
  scriptArgs: string[];
}

/** package.json's `start` script. */
export function startScript(root = ROOT): string {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.['start'];
  if (!script) throw new Error('package.json has no start script');
  return script;
}

/** Parses the server command of a `start` script (default: package.json's). */
export function startCommand(script = startScript(), root = ROOT): StartCommand {
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`npm start does not end with a node command: ${script}`);
  const nodeFlags: string[] = [];
  while (words.length > 0 && words[0]!.startsWith('-')) nodeFlags.push(words.shift()!);
  const file = words.shift();
  if (!file) throw new Error(`npm start names no script: ${script}`);
  return { env, nodeFlags, script: path.join(root, file), scriptArgs: words };
}

/** `node` arguments for the command: the flags, `extraFlags` (a bench's or a spec's own), the script and its arguments. */
export function nodeArgs(command: StartCommand, extraFlags: readonly string[] = []): string[] {
  return [...command.nodeFlags, ...extraFlags, command.script, ...command.scriptArgs];
}

/**
 * The log level the server runs at under `npm start`: LOG_LEVEL where the script sets it, else the
 * configuration's default (services/http/config.ts), so a bench reports the level users get.
 */
export function startLogLevel(command = startCommand()): string {
  return loadConfig(command.env).logLevel;
}
