import { describe, expect, it } from 'vitest';
import { uploadSummary } from './upload-progress.tsx';

describe('upload progress', () => {
  it('averages file progress, starts at 10, and is complete when every file is', () => {
    expect(uploadSummary({})).toMatchObject({ isComplete: false, totalProgress: 10 });
    const files = {
      a: { name: 'a', progress: 0, done: false, failed: false },
      b: { name: 'b', progress: 0, done: false, failed: false },
    };
    expect(uploadSummary(files).totalProgress).toBe(10);
    expect(uploadSummary({ ...files, a: { ...files.a, progress: 60 } }).totalProgress).toBe(30);
    const done = {
      a: { ...files.a, progress: 100, done: true },
      b: { ...files.b, progress: 100, done: true },
    };
    expect(uploadSummary(done)).toMatchObject({
      isComplete: true,
      completeCount: 2,
      hasFailed: false,
    });
    expect(uploadSummary({ ...done, b: { ...done.b, failed: true } }).hasFailed).toBe(true);
  });
});
