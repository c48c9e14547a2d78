/**
 * An S3-compatible store (AWS S3, MinIO, R2…) through presigned URLs: the browser uploads straight
 * to the bucket; the server reads, writes and deletes with signed requests. Path-style addressing
 * (`{endpoint}/{bucket}/{key}`) works with every S3-compatible server.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { AppError, LIMITS } from '@assay/domain';
import type { FileStorage } from './index.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const KEY = /^[a-zA-Z0-9/_.-]{1,300}$/;

export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const url = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new AppError('badRequest');
    return `${settings.endpoint}/${settings.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  };
  const send = async (key: string, init: RequestInit) => client.fetch(url(key), init);

  return {
    async signUpload(key, { expiresInSeconds = 15 * 60 } = {}) {
      const target = new URL(url(key));
      target.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
      const signed = await client.sign(target.toString(), {
        method: 'PUT',
        aws: { signQuery: true },
      });
      return {
        url: signed.url,
        method: 'PUT',
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
      };
    },
    verifyUpload() {
      // Uploads go to the bucket itself, never through the app.
      return false;
    },
    async writeStream(key, source: Readable, options = {}) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const max = options.maxBytes ?? LIMITS.uploadMaxBytes;
      for await (const chunk of source) {
        bytes += (chunk as Buffer).length;
        if (bytes > max) throw new AppError('uploadTooLarge');
        chunks.push(chunk as Buffer);
      }
      if (bytes === 0) throw new AppError('uploadEmpty');
      await this.write(key, Buffer.concat(chunks));
      return bytes;
    },
    async write(key, data) {
      const response = await send(key, { method: 'PUT', body: data });
      if (!response.ok) throw new Error(`S3 put failed with ${response.status}`);
    },
    async read(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 get failed with ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async readStream(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new Error(`S3 get failed with ${response.status}`);
      return Readable.fromWeb(response.body as WebReadableStream);
    },
    async size(key) {
      const response = await send(key, { method: 'HEAD' });
      if (!response.ok) return null;
      return Number(response.headers.get('content-length') ?? 0);
    },
    async remove(key) {
      const response = await send(key, { method: 'DELETE' });
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 delete failed with ${response.status}`);
    },
  };
}
