/** What counts as the database out of reach for a moment, and what is a bug (#54). */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './outage.ts';

describe('a database outage', () => {
  it('is told by its SQLSTATE, a socket error or the driver’s words, down a chain of causes', () => {
    expect(isDatabaseUnavailable({ code: '57P01', message: 'terminating connection' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED', message: 'connect' })).toBe(true);
    expect(
      isDatabaseUnavailable({
        message: 'Failed query',
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ).toBe(true);
  });

  it('is told through PgBouncer, whose outage errors are SQLSTATE 08P01', () => {
    for (const message of [
      'server conn crashed?',
      'server login has been failing, try again later (server_login_retry)',
      'query_wait_timeout',
      'client_login_timeout (server down)',
    ])
      expect(
        isDatabaseUnavailable({ message: 'Failed query', cause: { code: '08P01', message } }),
      ).toBe(true);
  });

  it('is not a bug: a protocol violation, a syntax error or a broken constraint', () => {
    expect(isDatabaseUnavailable({ code: '08P01', message: 'invalid message format' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '42601', message: 'syntax error' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('duplicate key value'))).toBe(false);
  });
});
