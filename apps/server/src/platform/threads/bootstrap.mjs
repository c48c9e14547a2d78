// A worker thread's first module (issue #47): plain JavaScript, so it loads whether or not the
// server strips TypeScript types itself; it registers the tsx loader in this thread when Node
// does not strip types, then imports the thread's TypeScript entry. (Node applies --import
// loaders to a worker's own entry file only from a .js/.mjs one: tsx issue #354.)
import { workerData } from 'node:worker_threads';

if (!process.features?.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
