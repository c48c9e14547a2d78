import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { ApiError } from '../../../api/errors.ts';
import { paymentDuePath } from './card-detail-host.tsx';

describe('a card that reports payment due', () => {
  it('sends the viewer to the cohort leaderboard named in the error', () => {
    const due = new ApiError({
      statusCode: 402,
      message: ERRORS.paymentDue.message,
      ref: ERRORS.paymentDue.ref,
      context: 'c0ffee00-0000-4000-8000-000000000000',
      kind: 'gateway',
    });
    expect(paymentDuePath(due)).toBe('/cohort/c0ffee00-0000-4000-8000-000000000000/leaderboard');
  });

  it('leaves other errors to the 404 dialog', () => {
    const missing = new ApiError({
      statusCode: 404,
      message: ERRORS.cardNotFound.message,
      ref: ERRORS.cardNotFound.ref,
      kind: 'gateway',
    });
    expect(paymentDuePath(missing)).toBeNull();
    expect(
      paymentDuePath(
        new ApiError({
          statusCode: 402,
          message: 'x',
          ref: ERRORS.paymentDue.ref,
          kind: 'gateway',
        }),
      ),
    ).toBeNull();
  });
});
