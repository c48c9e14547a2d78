/**
 * Runs the real server (src/main.ts) as a child process on a free port, for tests of what only a
 * process shows: start-up, signals, shutdown, restarts on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(SERVER_DIR, '../..');

/** How to start the server: by default as `npm start -w @assay/server` does. */
export interface Command {
  cwd: string;
  args: string[];
}
const DEV_COMMAND: Command = { cwd: SERVER_DIR, args: ['src/main.ts'] };

/** The image's command, read from the Dockerfile (run from the repository root, its WORKDIR). */
export async function dockerCommand(): Promise<Command> {
  const dockerfile = await readFile(path.join(REPO_DIR, 'Dockerfile'), 'utf8');
  const line = dockerfile.split('\n').findLast((l) => l.startsWith('CMD '));
  const [program, ...args] = JSON.parse(line?.slice(4) ?? '[]') as string[];
  if (program !== 'node') throw new Error(`unexpected CMD: ${line}`);
  return { cwd: REPO_DIR, args };
}

function baseEnvironment(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_DOMAIN: `localhost:${port}`,
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'process-test-secret-0123456789abcdef0123',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_GATEWAY_PER_MINUTE: '100000',
    ...env,
  };
}

/** Runs the server expecting it to stop by itself (a bad setting); answers its code and output. */
export async function runUntilExit(
  env: Record<string, string>,
  command: Command = DEV_COMMAND,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: baseEnvironment(await freePort(), env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
}

/** Sends SIGTERM and answers the exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return server.exited;
}

export async function startServer(
  env: Record<string, string>,
  port: number,
  command: Command = DEV_COMMAND,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: baseEnvironment(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    const health = await request({ port, method: 'GET', path: '/api/health' }).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, output: () => output, exited };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request over its own connection (a Host header is allowed, unlike fetch). */
export function request(options: {
  port: number;
  method: string;
  path: string;
  host?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: {
          host: options.host ?? `app.localhost:${options.port}`,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs a new user up through the dev inbox and answers their session cookie. */
export async function signUpThroughDevInbox(port: number, email: string): Promise<string> {
  const started = await request({
    port,
    method: 'POST',
    path: '/api/auth/signups',
    body: { email },
  });
  if (started.status !== 202) throw new Error(`sign-up refused: ${started.body}`);
  const mail = JSON.parse((await request({ port, method: 'GET', path: '/api/dev/mail' })).body) as {
    to: string;
    text: string;
  }[];
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.find((m) => m.to === email)?.text ?? '')?.[1];
  const created = await request({
    port,
    method: 'POST',
    path: '/api/auth/users',
    body: { token, firstName: 'Grace', lastName: 'Hopper', password: 'Correct_horse1' },
  });
  if (created.status !== 201) throw new Error(`user not created: ${created.body}`);
  const cookies = [created.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}

/**
 * A new organisation of the signed-in user, through checkout: Garage AI has no projects before a
 * plan (#30), so it subscribes with the sandbox's test card, as a newcomer would.
 */
export async function createPaidOrganization(
  port: number,
  cookie: string,
  organization: { name: string; slug: string },
): Promise<{ id: string }> {
  const created = await request({
    port,
    method: 'POST',
    path: '/api/org/organizations',
    cookie,
    body: organization,
  });
  if (created.status !== 201) throw new Error(`organization not created: ${created.body}`);
  const { id } = JSON.parse(created.body) as { id: string };
  const host = `${organization.slug}.localhost:${port}`;
  const token = await request({
    port,
    method: 'POST',
    path: '/api/payments/sandbox/js/v1/token',
    host,
    cookie,
    body: {
      first_name: 'Grace',
      last_name: 'Hopper',
      number: '4111111111111111',
      month: '12',
      year: String(new Date().getFullYear() + 2),
      cvv: '123',
    },
  });
  const paid = await request({
    port,
    method: 'POST',
    path: `/api/org/organizations/${id}/subscription`,
    host,
    cookie,
    body: { planCode: 'aiMonthly', paymentToken: (JSON.parse(token.body) as { id: string }).id },
  });
  if (paid.status !== 201) throw new Error(`checkout refused: ${paid.body}`);
  return { id };
}
