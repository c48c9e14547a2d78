import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type FileStorage } from './index.ts';
import { createS3Storage } from './s3.ts';

// A local server speaking the S3 protocol (s3rver), so the adapter is tested against real S3 calls.
let server: S3rver;
let endpoint = '';
beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'assay-s3-')),
    configureBuckets: [{ name: 'assay-files', configs: [] }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
});

const storages: [string, () => FileStorage][] = [
  ['local disk', () => createLocalStorage({ dataDir: 'memory://', secret: 'x'.repeat(32) })],
  [
    'S3-compatible',
    () =>
      createS3Storage({
        endpoint,
        bucket: 'assay-files',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(storages)('%s storage', (_name, make) => {
  it('writes, reads, sizes and removes files, and refuses empty streams', async () => {
    const storage = make();
    await storage.write('org/cards/a/file.txt', Buffer.from('hello'));
    expect((await storage.read('org/cards/a/file.txt'))?.toString()).toBe('hello');
    expect(await storage.size('org/cards/a/file.txt')).toBe(5);
    await storage.remove('org/cards/a/file.txt');
    expect(await storage.read('org/cards/a/file.txt')).toBeNull();
    await expect(storage.writeStream('org/x/empty.bin', Readable.from([]))).rejects.toMatchObject({
      message: 'cannot upload an empty file',
    });
    const written = await storage.writeStream(
      'org/x/stream.bin',
      Readable.from([Buffer.from('ab'), Buffer.from('c')]),
    );
    expect(written).toBe(3);
    // Read back as a stream (large files: an organisation export), none for a missing key.
    const stream = await storage.readStream('org/x/stream.bin');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('abc');
    expect(await storage.readStream('org/x/missing.bin')).toBeNull();
    // A limit of the caller's own instead of the upload limit.
    await expect(
      storage.writeStream('org/x/big.bin', Readable.from([Buffer.from('abcd')]), { maxBytes: 3 }),
    ).rejects.toMatchObject({ code: 'uploadTooLarge' });
    // Keys that leave their folder are never read.
    expect(await storage.read('../escape').catch(() => null)).toBeNull();
  });
});

describe('S3 presigned uploads', () => {
  it('lets a browser PUT straight to the bucket with the signed URL, with the terms of the signature in the URL', async () => {
    const storage = storages[1]![1]();
    const signed = await storage.signUpload('org/cards/b/photo.png', {});
    expect(signed.url).toContain('X-Amz-Signature=');
    const put = await fetch(signed.url, {
      method: 'PUT',
      body: 'PNGDATA',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.ok).toBe(true);
    expect((await storage.read('org/cards/b/photo.png'))?.toString()).toBe('PNGDATA');
    // The signature covers the host only and expires after 15 minutes (s3rver does not check
    // signatures, so the URL's terms are what can be checked here).
    const terms = new URL(signed.url).searchParams;
    expect(terms.get('X-Amz-Expires')).toBe('900');
    expect(terms.get('X-Amz-SignedHeaders')).toBe('host');
    // The app's own upload route is for local disk only.
    expect(storage.verifyUpload('org/cards/b/photo.png', '9999999999', 'x')).toBe(false);
  });
});
