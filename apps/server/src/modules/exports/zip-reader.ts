/**
 * Reading an export zip without trusting it (#29 item 2): a zip bomb (more declared than an
 * import may unpack, or entries that grow past what they declare), paths that leave the archive,
 * too many entries, a project.json of another format or version — each refused with its message
 * before anything is written.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError, IMPORT_LIMITS, IMPORT_MESSAGES, isAppError } from '@assay/domain';

export interface ExportArchive {
  projectJson: Buffer;
  /** Entries under media/, by their path in the archive. */
  media: Map<string, Buffer>;
}

const refuse = (message: string) => new AppError('validation', { message });

/** A path that stays inside the archive: relative, no `..` segment, no drive or backslash. */
export function safeEntryPath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

async function readAll(stream: Readable, most: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > most) throw refuse(IMPORT_MESSAGES.tooBig);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readExportArchive(
  bytes: Buffer,
  mostPerFile: { media: number; projectJson: number },
): Promise<ExportArchive> {
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
  const archive: ExportArchive = { projectJson: Buffer.alloc(0), media: new Map() };
  let declared = 0;
  let found = false;
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
          const name = entry.fileName;
          if (!safeEntryPath(name)) throw refuse(IMPORT_MESSAGES.outsidePath);
          declared += entry.uncompressedSize;
          if (declared > IMPORT_LIMITS.totalBytes) throw refuse(IMPORT_MESSAGES.tooBig);
          const isMedia = name.startsWith('media/') && !name.endsWith('/');
          if (name === 'project.json') {
            if (entry.uncompressedSize > mostPerFile.projectJson)
              throw refuse(IMPORT_MESSAGES.tooBig);
            archive.projectJson = await readAll(
              await zip.openReadStreamPromise(entry),
              mostPerFile.projectJson,
            );
            found = true;
          } else if (isMedia) {
            const filename = name.slice(name.lastIndexOf('/') + 1);
            if (entry.uncompressedSize > mostPerFile.media)
              throw refuse(IMPORT_MESSAGES.fileTooLarge(filename));
            archive.media.set(
              name,
              await readAll(await zip.openReadStreamPromise(entry), mostPerFile.media),
            );
          }
          // The spreadsheets and anything else are for people: the import reads the JSON.
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
  if (!found) throw refuse(IMPORT_MESSAGES.noProject);
  return archive;
}
