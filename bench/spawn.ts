/** Starts the benchmark server (server.ts) in its own process and waits for its seed. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export async function startBenchServer<T>(env: Record<string, string>) {
  const server = spawn(
    process.execPath,
    [
      // BENCH_NODE_FLAGS: flags for the server's Node (V8's heap settings, say) to compare.
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      new URL('./server.ts', import.meta.url).pathname,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const seed = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /SEED=(.+)\n/.exec(buffer);
      if (match?.[1]) resolve(JSON.parse(match[1]) as T);
    });
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    seed,
    async stop() {
      server.kill('SIGTERM');
      await once(server, 'exit');
    },
  };
}
