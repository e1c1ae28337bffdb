// Child processes of the local runner: prefixed, readable log lines; health waits; orderly stop.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLOURS = { identity: 35, therapy: 36, billing: 33, gateway: 32, migrate: 34, build: 90, runner: 37 };
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const useColour = process.stdout.isTTY;

export function prefix(name) {
  const label = `[${name}]`.padEnd(11);
  const colour = COLOURS[name.split(/[:#]/)[0]] ?? 37;
  return useColour ? `\u001b[${colour}m${label}\u001b[0m` : label;
}

/** A pino JSON line as "LEVEL message (request)"; anything else unchanged. */
export function formatLine(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    const level = LEVELS[entry.level] ?? entry.level;
    const request = entry.req ? ` ${entry.req.method} ${entry.req.url} → ${entry.res?.statusCode ?? ''} ${entry.responseTime ?? ''}ms` : '';
    const error = entry.err?.message ? ` (${entry.err.message})` : '';
    return `${level} ${entry.msg ?? ''}${request}${error}`;
  } catch {
    return line;
  }
}

export function log(name, message) {
  for (const line of String(message).split('\n')) console.log(`${prefix(name)} ${line}`);
}

function pipe(stream, name, output = log) {
  createInterface({ input: stream }).on('line', (line) => output(name, formatLine(line)));
}

/**
 * Runs a command to completion with prefixed output; rejects on a non-zero exit. `options` are spawn's, plus
 * `output(name, line)` to send the output lines elsewhere than the console.
 */
export function run(name, command, args, { output, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    pipe(child.stdout, name, output);
    pipe(child.stderr, name, output);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with code ${code}`))));
  });
}

/** Starts a long-running process (options as `run`'s); `stop()` sends SIGTERM and waits (SIGKILL after 10 s). */
export function start(name, command, args, { output, ...options } = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  pipe(child.stdout, name, output);
  pipe(child.stderr, name, output);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls a health URL until it answers 200, the process dies, or the time is up. */
export async function waitHealthy(processHandle, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let died = false;
  processHandle.exited.then(() => (died = true));
  while (Date.now() < deadline) {
    if (died) throw new Error(`${processHandle.name} exited during start-up`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${processHandle.name} did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}
