/**
 * Work that would hold the event loop runs on a worker thread instead (issue #47): the
 * assistant's ranking, an import's project.json. One thread per kind of work, started on first
 * use and kept; its calls wait their turn in it, so one heavy call never stops /api/health or
 * another tenant's request. The thread has a heap limit of its own: work that outgrows it fails
 * alone (the thread is made anew), it never takes the server's memory.
 *
 * The thread runs its TypeScript entry as the server does, on Node's own type stripping.
 */
import { Worker } from 'node:worker_threads';

export interface ThreadOptions {
  /** The thread's heap limit (old generation), in MiB. */
  maxHeapMb: number;
  /** A call that has not answered by then fails (and the thread is made anew). */
  timeoutMs: number;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class ThreadFailed extends Error {}

/** A function that runs `entry`'s handler on its thread: input in, output out (structured clone). */
export function threadRunner<I, O>(entry: URL, options: ThreadOptions) {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const [id, w] of waiting) {
      clearTimeout(w.timer);
      w.reject(error);
      waiting.delete(id);
    }
  };
  const start = () => {
    const made = new Worker(entry, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    made.unref();
    made.on('message', (message: { id: number; output?: unknown; error?: string }) => {
      const w = waiting.get(message.id);
      if (!w) return;
      waiting.delete(message.id);
      clearTimeout(w.timer);
      if (message.error !== undefined) w.reject(new ThreadFailed(message.error));
      else w.resolve(message.output);
    });
    made.on('error', (error) => {
      if (worker === made) worker = null;
      failAll(new ThreadFailed(error.message));
    });
    made.on('exit', () => {
      if (worker === made) worker = null;
      failAll(new ThreadFailed('the thread stopped'));
    });
    return made;
  };

  return (input: I): Promise<O> => {
    worker ??= start();
    const thread = worker;
    const id = (next += 1);
    return new Promise<O>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new ThreadFailed('the thread took too long'));
        // What it is doing may never end: the next call gets a new thread.
        if (worker === thread) worker = null;
        void thread.terminate();
      }, options.timeoutMs);
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      thread.postMessage({ id, input });
    });
  };
}

/** In a thread's entry file: answers each call with the handler's output. */
export async function serveThread<I, O>(handler: (input: I) => O | Promise<O>) {
  const { parentPort } = await import('node:worker_threads');
  if (!parentPort) throw new Error('serveThread runs in a worker thread');
  const port = parentPort;
  port.on('message', (message: { id: number; input: I }) => {
    void (async () => {
      try {
        port.postMessage({ id: message.id, output: await handler(message.input) });
      } catch (error) {
        port.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    })();
  });
}
