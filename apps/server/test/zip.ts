/** Reading and tampering with zips in tests (project export and import, #29). */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { BuiltApp } from '../src/app.ts';
import type { Agent } from './agent.ts';

/** The zip's entries by name. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      void zip.openReadStreamPromise(entry).then(async (stream: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }, reject);
    });
    zip.readEntry();
  });
  return entries;
}

/** A zip of the given entries, as the export writes them. */
export async function zipOf(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Rewrites an entry in the zip's central directory: its name (same length) or the size it
 * declares once unpacked — what a crafted archive would do.
 */
export function tamper(
  zip: Buffer,
  name: string,
  change: { rename?: string; uncompressedSize?: number },
): Buffer {
  const out = Buffer.from(zip);
  const target = Buffer.from(name);
  for (let i = 0; i < out.length - 4; i += 1) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x02014b50 && out.subarray(i + 46, i + 46 + target.length).equals(target)) {
      if (change.uncompressedSize !== undefined) out.writeUInt32LE(change.uncompressedSize, i + 24);
      if (change.rename) out.write(change.rename, i + 46);
    }
    if (
      change.rename &&
      signature === 0x04034b50 &&
      out.subarray(i + 30, i + 30 + target.length).equals(target)
    )
      out.write(change.rename, i + 30);
  }
  return out;
}

/** Posts a zip to the project import as the agent, on the organisation's subdomain. */
export function importZip(app: BuiltApp, agent: Agent, slug: string, zip: Buffer) {
  return app.app.inject({
    method: 'POST',
    url: '/api/proj/projects/import',
    remoteAddress: '10.0.0.1',
    headers: {
      host: `${slug}.assay.test`,
      'content-type': 'application/zip',
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: zip,
  });
}
