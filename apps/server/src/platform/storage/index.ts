/**
 * File storage behind one interface: local disk with HMAC-signed URLs (the embedded default), or
 * an S3-compatible store with presigned URLs (s3.ts) when S3_* settings are given.
 */
import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { AppError, LIMITS } from '@assay/domain';
import { safeEqual } from '../crypto.ts';

export interface SignedUpload {
  url: string;
  method: 'PUT';
  expiresAt: string;
}

export interface FileStorage {
  /** A URL the browser may PUT the file to, once, within the expiry. */
  signUpload(key: string, options: { expiresInSeconds?: number }): Promise<SignedUpload>;
  /** Checks a signed upload URL's parameters. */
  verifyUpload(key: string, expires: string, signature: string): boolean;
  /** Stores a stream, refusing more than the upload limit (or `maxBytes`) and empty files. */
  writeStream(key: string, source: Readable, options?: { maxBytes?: number }): Promise<number>;
  write(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** A stored file as a stream (large files: never whole in memory), or null. */
  readStream(key: string): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-zA-Z0-9/_.-]{1,300}$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.startsWith('/')) throw new AppError('badRequest');
  return key;
}

/** Local disk under `<dataDir>/files` (a temporary folder for in-memory data). */
export function createLocalStorage(options: { dataDir: string; secret: string }): FileStorage {
  const root =
    options.dataDir === 'memory://'
      ? mkdtempSync(path.join(tmpdir(), 'assay-files-'))
      : path.join(options.dataDir, 'files');
  const file = (key: string) => path.join(root, checkKey(key));
  const sign = (key: string, expires: string) =>
    createHmac('sha256', `uploads:${options.secret}`)
      .update(`${key}\n${expires}`)
      .digest('base64url');

  return {
    async signUpload(key, { expiresInSeconds = 15 * 60 } = {}) {
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({
        key: checkKey(key),
        expires,
        signature: sign(key, expires),
      });
      return {
        url: `/api/media/upload?${query.toString()}`,
        method: 'PUT',
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },
    verifyUpload(key, expires, signature) {
      if (!KEY.test(key) || !/^\d+$/.test(expires)) return false;
      if (Number(expires) * 1000 < Date.now()) return false;
      return safeEqual(sign(key, expires), signature);
    },
    async writeStream(key, source, options = {}) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      let bytes = 0;
      const max = options.maxBytes ?? LIMITS.uploadMaxBytes;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > max) done(new AppError('uploadTooLarge'));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(source, limit, createWriteStream(target));
      } catch (error) {
        await rm(target, { force: true });
        throw error instanceof AppError ? error : new AppError('uploadTooLarge');
      }
      if (bytes === 0) {
        await rm(target, { force: true });
        throw new AppError('uploadEmpty');
      }
      return bytes;
    },
    async write(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async read(key) {
      try {
        return await readFile(file(key));
      } catch {
        return null;
      }
    },
    async readStream(key) {
      try {
        await stat(file(key));
        return createReadStream(file(key));
      } catch {
        return null;
      }
    },
    async size(key) {
      try {
        return (await stat(file(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}
