import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRateLimits } from './rate-limits.ts';

describe('rate limits', () => {
  it('let the first requests through when they all reach the limiter in the same turn', async () => {
    const app = Fastify();
    await registerRateLimits(app, { writesPerMinute: 3, gatewayPerMinute: 100 });
    app.post('/api/things', async () => ({ ok: true }));
    await app.ready();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/things' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    await app.close();
  });
});
