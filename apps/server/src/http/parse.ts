import { AppError } from '@assay/domain';

/** A zod result, or the catalogue's 400 with the first problem's message (never a 500). */
export function parse<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success) {
    throw new AppError('validation', {
      message: result.error.issues[0]?.message ?? 'Please check the form.',
    });
  }
  return result.data;
}
