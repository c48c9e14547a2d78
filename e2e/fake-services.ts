/**
 * Playwright global set-up: a local stand-in for Slack's incoming webhooks (answers "ok", or
 * "channel_is_archived" for a webhook ending in /archived), so journeys can connect Slack and see
 * what the app posted (GET /received).
 */
import { createServer } from 'node:http';

export const FAKE_SERVICES_PORT = Number(process.env.E2E_FAKE_PORT ?? 3199);

export default async function startFakeServices() {
  const received: { path: string; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method === 'GET' && path === '/received') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(received));
        return;
      }
      if (path.startsWith('/services/')) {
        received.push({ path, body: JSON.parse(body || 'null') as unknown });
        if (path.endsWith('/archived')) response.writeHead(410).end('channel_is_archived');
        else response.writeHead(200).end('ok');
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(FAKE_SERVICES_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
