/**
 * A local server speaking the OpenAI chat-completions protocol: it answers each structured
 * request with the fixture named by its json_schema, or with a scripted failure, so the LLM
 * provider and the generation jobs are tested against the real wire format.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Scripted = { status: number; body: string } | { raw: string } | { delayMs: number };

export interface FakeLlm {
  baseUrl: string;
  /** The requests received, newest last. */
  requests: { schemaName: string; messages: { role: string; content: string }[] }[];
  /** Answers to give before the fixtures (a failure, a non-JSON reply, a delay). */
  script: Scripted[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as {
    messages: { role: string; content: string }[];
    response_format?: { json_schema?: { name?: string } };
  };
}

export async function startFakeLlm(fixtures: Record<string, unknown>): Promise<FakeLlm> {
  const fake: Omit<FakeLlm, 'baseUrl' | 'close'> = { requests: [], script: [] };
  const server: Server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const schemaName = body.response_format?.json_schema?.name ?? '';
      fake.requests.push({ schemaName, messages: body.messages });
      const next = fake.script.shift();
      const reply = (content: string) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }),
        );
      };
      if (next && 'delayMs' in next) {
        await new Promise((resolve) => setTimeout(resolve, next.delayMs));
        if (!response.destroyed) reply('{}');
        return;
      }
      if (next && 'status' in next) {
        response.writeHead(next.status, { 'content-type': 'application/json' });
        response.end(next.body);
        return;
      }
      if (next && 'raw' in next) return reply(next.raw);
      reply(JSON.stringify(fixtures[schemaName] ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Answers a model might give, one per generation schema. */
export const LLM_FIXTURES = {
  project_data: {
    hypotheses: [
      {
        section: 'customerSegments',
        title: 'Independent restaurant owners count stock by hand every week',
        description: 'From the description.',
      },
      {
        section: 'valuePropositions',
        title: 'Owners value automatic reordering over manual counts',
        description: 'Test with a concierge.',
      },
      {
        section: 'revenueStreams',
        title: 'Owners pay a monthly subscription',
        description: 'Test with a pre-sale.',
      },
    ],
    dashboard: {
      description: 'An inventory app for independent restaurants.',
      whoFor: 'Independent restaurant owners.',
      problemStatement: 'Counting stock takes hours and food is wasted.',
      solutionStatement: 'Invoices are scanned and orders predicted.',
      whyNot: 'Switching costs and trust in predictions.',
      whyNow: 'Food prices are rising.',
    },
    experiments: [
      {
        title: 'Problem interviews with restaurant owners',
        experimentType: 'generative',
        statement: 'Owners count stock by hand every week',
        description: 'Ten interviews.',
        successCriteria: [
          { measurement: 'Owners who describe the problem unprompted', expectation: '6 of 10' },
        ],
      },
    ],
  },
  market_data: {
    target: null,
    served: null,
    total: null,
    notes: 'Count restaurants from the census.',
    analysis: 'Find spend per restaurant.',
  },
  petal_diagram: {
    categories: [
      {
        title: 'Spreadsheets',
        description: 'What owners use now.',
        marketAnalysis: 'Ask.',
        value: 'Free',
        companies: [],
      },
    ],
  },
  interview_questions: {
    questions: [
      'When did you last count stock?',
      'How long did it take?',
      'What did you do about it?',
    ],
  },
  key_insights: { insights: ['Counting stock takes four hours every Sunday.'] },
  value_proposition_canvas: {
    customerJobs: ['Keep the kitchen stocked'],
    pains: ['Hours of counting'],
    gains: ['Less waste'],
    productsAndServices: ['Inventory app'],
    painRelievers: ['Scans invoices'],
    gainCreators: ['Predicts orders'],
  },
  hypotheses: {
    hypotheses: [
      {
        section: 'channels',
        title: 'Owners find tools through their suppliers',
        description: 'Ask suppliers.',
      },
    ],
  },
  experiment: {
    title: 'Pre-sale to ten owners',
    experimentType: 'evaluative',
    statement: 'Owners pay a monthly subscription',
    description: 'Offer early access.',
    successCriteria: [{ measurement: 'Owners who pay a deposit', expectation: '3 of 10' }],
  },
  file_summary: { summary: 'The report says restaurants waste 10% of food.' },
  assistant_answer: {
    answer: 'Owners pay monthly, according to the revenue hypothesis.',
    citations: [],
  },
};
