/** The worker thread that reads an import's project.json (#47 item 3): off the event loop. */
import { serveThread } from '../../platform/threads/index.ts';
import { readGraph } from './project-graph-read.ts';

void serveThread(readGraph);
