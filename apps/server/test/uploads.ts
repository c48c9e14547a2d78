/** Test uploads through the real flow: a signed upload for a subject, then the file itself. */
import type { BuiltApp } from '../src/app.ts';
import type { Agent } from './agent.ts';

/** A 1×1 PNG, the smallest image the media checks accept. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs an upload as the agent and sends the file; answers the storage key to record. */
export async function uploadAs(
  built: BuiltApp,
  agent: Agent,
  target: { host: string; collection: string; locationId: string; filename?: string },
  payload: Buffer = TINY_PNG,
): Promise<string> {
  const query = new URLSearchParams({
    filename: target.filename ?? 'pic.png',
    collection: target.collection,
    locationId: target.locationId,
  });
  const signed = (
    await agent.get(`/api/media/sign?${query.toString()}`, { host: target.host })
  ).json() as { url: string; key: string };
  await built.app.inject({
    method: 'PUT',
    url: signed.url,
    headers: { 'content-type': 'application/octet-stream' },
    payload,
  });
  return signed.key;
}
