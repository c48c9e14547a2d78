/** The face of media: what other modules may use (decision 009). */
export { copyCardFiles } from './copy.ts';
export {
  insertImportedMedia,
  removeStored,
  storeImportedFiles,
  type ImportedFile,
  type StoredFiles,
} from './import.ts';
export { organizationFileKeys } from './purge.ts';
export { processUpload } from './processing.ts';
export { deleteMedia, listCardMedia, presentMedia, recordMedia, writeVariants } from './service.ts';
export { startTranscription } from './transcription.ts';
export { signedImageUrl } from './signed-images.ts';
