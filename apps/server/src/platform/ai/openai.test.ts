import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError, createOpenAiClient } from './openai.ts';

/** A local server speaking the chat-completions protocol, answering from a script. */
let server: Server;
let base = '';
const received: { body: Record<string, unknown>; auth: string | undefined }[] = [];
let answers: (string | { status: number; body: string } | { delayMs: number })[] = [];

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      received.push({ body, auth: request.headers.authorization });
      const next = answers.shift() ?? '{}';
      if (typeof next === 'object' && 'delayMs' in next) {
        await new Promise((resolve) => setTimeout(resolve, next.delayMs));
        if (!response.destroyed) response.end('{}');
        return;
      }
      if (typeof next === 'object') {
        response.writeHead(next.status, { 'content-type': 'application/json' });
        response.end(next.body);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: next } }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Hypotheses = z.object({
  hypotheses: z.array(z.object({ section: z.string(), title: z.string().min(5) })).min(1),
});

const client = (timeoutMs = 2000) =>
  createOpenAiClient({ baseUrl: base, apiKey: 'sk-test', model: 'test-model', timeoutMs });

const request = {
  name: 'canvas_hypotheses',
  system: 'You write testable hypotheses.',
  prompt: 'A food truck for office workers.',
  schema: Hypotheses,
};

describe('OpenAI-compatible client', () => {
  it('asks for JSON matching the schema and returns the validated answer', async () => {
    received.length = 0;
    answers = [
      JSON.stringify({
        hypotheses: [{ section: 'customerSegments', title: 'Office workers eat lunch fast' }],
      }),
    ];
    const answer = await client().generate(request);
    expect(answer.hypotheses[0]?.title).toBe('Office workers eat lunch fast');
    const sent = received[0]!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'You write testable hypotheses.' },
        { role: 'user', content: 'A food truck for office workers.' },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'canvas_hypotheses', strict: true },
      },
    });
    const schema = (
      sent.body.response_format as { json_schema: { schema: { required: string[] } } }
    ).json_schema.schema;
    expect(schema.required).toEqual(['hypotheses']);
  });

  it('sends an invalid answer back with the validation error and takes the corrected one', async () => {
    received.length = 0;
    answers = [
      '```json\n{"hypotheses": [{"section": "channels", "title": "Hi"}]}\n```',
      'not json at all',
      '{"hypotheses": [{"section": "channels", "title": "Lunch by bike delivery"}]}',
    ];
    const answer = await client().generate(request);
    expect(answer.hypotheses[0]?.title).toBe('Lunch by bike delivery');
    expect(received).toHaveLength(3);
    const retry = received[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-1)?.content).toMatch(/did not match the schema \(hypotheses\.0\.title: /);
    const again = received[2]!.body.messages as { role: string; content: string }[];
    expect(again.at(-1)?.content).toBe('That was not valid JSON. Answer again with JSON only.');
  });

  it('gives up after the attempts allowed, and reports HTTP errors, timeouts and cancellation', async () => {
    answers = ['{}', '{}'];
    await expect(client().generate({ ...request, attempts: 2 })).rejects.toMatchObject({
      kind: 'invalid',
    });
    answers = [{ status: 429, body: '{"error":"slow down"}' }];
    await expect(client().generate(request)).rejects.toMatchObject({ kind: 'http', status: 429 });
    answers = [{ delayMs: 400 }];
    await expect(client(150).generate(request)).rejects.toMatchObject({ kind: 'timeout' });
    answers = [{ delayMs: 400 }];
    const controller = new AbortController();
    const pending = client().generate({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AiError);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
