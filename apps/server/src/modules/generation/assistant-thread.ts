/** The worker thread that ranks a topic question's cards (issue #47): off the event loop. */
import { serveThread } from '../../platform/threads/index.ts';
import { retrievePassages } from './assistant-retrieval.ts';

void serveThread(retrievePassages);
