/**
 * Reading an export zip without trusting it (#29 item 2, #47 item 3): a zip bomb (more declared
 * than an import may unpack, or entries that grow past what they declare), paths that leave the
 * archive, too many entries, an oversized project.json — each refused with its message before
 * anything is written. The archive is read twice: first project.json alone (capped), then, once
 * the project is checked, only the media entries it names, one at a time, each handed on before
 * the next is read — so memory holds one file, never the archive unpacked.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError, IMPORT_LIMITS, IMPORT_MESSAGES, isAppError } from '@assay/domain';

const refuse = (message: string) => new AppError('validation', { message });

/** A path that stays inside the archive: relative, no `..` segment, no drive or backslash. */
export function safeEntryPath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

async function readAll(stream: Readable, most: number, message: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > most) {
      stream.destroy();
      throw refuse(message);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

type Visit = (
  entry: yauzl.Entry,
  read: (most: number, message: string) => Promise<Buffer>,
) => Promise<void>;

/** Walks every entry once, checking the archive as a whole, and hands each to `visit`. */
async function walk(bytes: Buffer, visit: Visit): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    // validateEntrySizes: an entry that inflates past what it declares fails as it is read.
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch {
    throw refuse(IMPORT_MESSAGES.notAZip);
  }
  if (zip.entryCount > IMPORT_LIMITS.entries) {
    zip.close();
    throw refuse(IMPORT_MESSAGES.tooBig);
  }
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      // yauzl checks each name itself and stops at one that leaves the archive.
      zip.on('error', (error: Error) =>
        reject(
          refuse(
            /relative path|absolute path|invalid characters/i.test(error.message)
              ? IMPORT_MESSAGES.outsidePath
              : IMPORT_MESSAGES.notAZip,
          ),
        ),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (!safeEntryPath(entry.fileName)) throw refuse(IMPORT_MESSAGES.outsidePath);
          declared += entry.uncompressedSize;
          if (declared > IMPORT_LIMITS.totalBytes) throw refuse(IMPORT_MESSAGES.tooBig);
          await visit(entry, async (most, message) => {
            if (entry.uncompressedSize > most) throw refuse(message);
            return readAll(await zip.openReadStreamPromise(entry), most, message);
          });
          zip.readEntry();
        })().catch((error: unknown) =>
          reject(
            isAppError(error)
              ? error
              : // An entry that grew past its declared size, or a broken one.
                refuse(
                  /too many|exceed|size/i.test(String(error))
                    ? IMPORT_MESSAGES.tooBig
                    : IMPORT_MESSAGES.notAZip,
                ),
          ),
        );
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The archive's project.json, at most `most` bytes unpacked. */
export async function readProjectJson(bytes: Buffer, most: number): Promise<Buffer> {
  let found: Buffer | null = null;
  await walk(bytes, async (entry, read) => {
    if (entry.fileName === 'project.json') found = await read(most, IMPORT_MESSAGES.projectTooBig);
  });
  if (!found) throw refuse(IMPORT_MESSAGES.noProject);
  return found;
}

/**
 * The media entries project.json names, one at a time: each is read (at most `most` bytes) and
 * handed to `onFile` before the next; entries it does not name are never unpacked.
 */
export async function forEachNamedMedia(
  bytes: Buffer,
  named: ReadonlySet<string>,
  most: number,
  onFile: (path: string, data: Buffer) => Promise<void>,
): Promise<void> {
  await walk(bytes, async (entry, read) => {
    const name = entry.fileName;
    if (!name.startsWith('media/') || name.endsWith('/') || !named.has(name)) return;
    const filename = name.slice(name.lastIndexOf('/') + 1);
    await onFile(name, await read(most, IMPORT_MESSAGES.fileTooLarge(filename)));
  });
}
