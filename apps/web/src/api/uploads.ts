/**
 * The upload flow: a signed upload for the subject, the file sent to it with progress, then the
 * caller records it on the subject. Problems the spec names are refused before anything is sent.
 */
import { MESSAGES, uploadProblem, uploadProblemMessage } from '@assay/domain';
import { ApiError, restBodyToApiError } from './errors.ts';
import { restRequest } from './rest.ts';

export interface SignedUpload {
  url: string;
  key: string;
  filename: string;
  fileType: string;
}

/** Uploads one file for a subject; answers the storage key to record. */
export async function uploadFile(
  file: File,
  target: { collection: string; locationId: string },
  onProgress?: (percent: number) => void,
): Promise<string> {
  const problem = uploadProblem({ name: file.name, size: file.size, type: file.type });
  if (problem)
    throw new ApiError({ statusCode: 400, message: uploadProblemMessage(problem), kind: 'rest' });
  const query = new URLSearchParams({
    filename: file.name,
    collection: target.collection,
    locationId: target.locationId,
    size: String(file.size),
  });
  const signed = await restRequest<SignedUpload>(`/api/media/sign?${query.toString()}`);
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', signed.url);
    // The app's own upload route wants the session; a presigned bucket URL does not.
    request.withCredentials = signed.url.startsWith('/');
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        resolve();
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = null;
      }
      reject(restBodyToApiError(body, request.status));
    };
    request.onerror = () =>
      reject(new ApiError({ statusCode: 0, message: MESSAGES.uploadErrorBody, kind: 'network' }));
    request.send(file);
  });
  return signed.key;
}
