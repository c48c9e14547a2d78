/**
 * What happens to a file once uploaded: images get a medium copy (long side at most 800, only
 * above 100,000 bytes) and a thumbnail (fit 500×500, only above 50,000 bytes); PDFs are checked
 * and trimmed to their first 100 pages (part 2 §5).
 */
import type { PDFDocument } from 'pdf-lib';
import { AppError, LIMITS } from '@assay/domain';

export interface ProcessedFile {
  data: Buffer;
  contentType: string;
  medium?: Buffer;
  thumb?: Buffer;
  isPdf: boolean;
}

const IMAGE_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
  heif: 'image/heif',
};

function looksLikePdf(data: Buffer) {
  return data.subarray(0, 5).toString('latin1') === '%PDF-';
}

function looksLikeSvg(data: Buffer) {
  const head = data.subarray(0, 1000).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

/** Checks and trims a PDF; the spec's messages for each failure. */
export async function processPdf(data: Buffer): Promise<Buffer> {
  if (!looksLikePdf(data)) throw new AppError('pdfInvalidType');
  // pdf-lib and sharp load with the first file that needs them, not with the server.
  const { PDFDocument } = await import('pdf-lib');
  let document: PDFDocument;
  let pages: number;
  try {
    document = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    pages = document.getPageCount();
  } catch {
    throw new AppError('pdfInvalidStructure');
  }
  if (pages === 0) throw new AppError('pdfNoPages');
  if (pages <= LIMITS.pdfPageCap) return data;
  try {
    // Copy the first pages into a new document (removing pages leaves their objects behind).
    const trimmed = await PDFDocument.create();
    const copied = await trimmed.copyPages(document, [...Array(LIMITS.pdfPageCap).keys()]);
    for (const page of copied) trimmed.addPage(page);
    return Buffer.from(await trimmed.save());
  } catch {
    throw new AppError('pdfProcessing');
  }
}

export async function processUpload(data: Buffer, filename: string): Promise<ProcessedFile> {
  if (data.length === 0) throw new AppError('uploadEmpty');
  if (data.length > LIMITS.uploadMaxBytes) throw new AppError('uploadTooLarge');
  if (/\.svg$/i.test(filename) || looksLikeSvg(data)) throw new AppError('uploadSvg');
  if (/\.pdf$/i.test(filename) || looksLikePdf(data)) {
    return { data: await processPdf(data), contentType: 'application/pdf', isPdf: true };
  }
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  const imageType = format ? IMAGE_TYPES[format] : undefined;
  if (!imageType) return { data, contentType: 'application/octet-stream', isPdf: false };
  const out: ProcessedFile = { data, contentType: imageType, isPdf: false };
  if (data.length > LIMITS.imageMediumMinBytes) {
    out.medium = await sharp(data)
      .rotate()
      .resize({
        width: LIMITS.imageMediumLongSide,
        height: LIMITS.imageMediumLongSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp()
      .toBuffer();
  }
  if (data.length > LIMITS.imageThumbMinBytes) {
    out.thumb = await sharp(data)
      .rotate()
      .resize({
        width: LIMITS.imageThumbBox,
        height: LIMITS.imageThumbBox,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp()
      .toBuffer();
  }
  return out;
}
