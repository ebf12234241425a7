// npm start: the local platform and the console together; prints where to go once both answer.
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

const platformPort = process.env.PLATFORM_PORT ?? '8080';
const platformOrigin = `http://localhost:${platformPort}`;
const consoleUrl = 'http://localhost:5173';
const children = [];

function run(name, command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (data) => {
      const lines = (rest + data.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(prefix(line));
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await delay(250);
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

run('platform', process.execPath, ['--import', 'tsx', 'platform/main.ts']);
run('console', process.execPath, ['node_modules/vite/bin/vite.js', '--port', '5173', '--strictPort']);

try {
  await Promise.all([
    waitFor(`${platformOrigin}/auth/realms/local/.well-known/openid-configuration`, 'The local platform'),
    waitFor(consoleUrl, 'The console'),
  ]);
  console.log(`
  Assistant Console is ready:  ${consoleUrl}

  Demo logins (local identity provider):
    analyst  / analyst   may use every assistant and workflow
    viewer   / viewer    lacks permission for "Finance Auditor" and "Payroll audit"
    reviewer / reviewer  a second account like analyst, with conversations of its own

  Local platform:  ${platformOrigin}
    issuer   ${platformOrigin}/auth/realms/local
    API      ${platformOrigin}/code-assistant-api/v1   (the console reaches it as ${consoleUrl}/code-assistant-api, through Vite's proxy, as real deployments must be reached)
    MCP      http://localhost:${process.env.MCP_PORT ?? '8090'}/mcp   (tool server of the Header Inspector and Tenant Data assistants)

  Press Ctrl+C to stop both.
`);
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  stop(1);
}
