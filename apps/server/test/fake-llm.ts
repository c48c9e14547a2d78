/**
 * A local server speaking two documented protocols — OpenAI chat completions
 * (`POST /v1/chat/completions`, the schema's name in `response_format.json_schema.name`) and the
 * Anthropic Messages API (`POST /v1/messages`, the schema offered as the forced tool) — answering
 * each structured request with the fixture named by its schema, or with a scripted failure, so the
 * LLM provider and the generation jobs are tested against the real wire formats.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Scripted = { status: number; body: string } | { raw: string } | { delayMs: number };

export interface FakeLlm {
  /** The OpenAI-compatible base URL (…/v1). */
  baseUrl: string;
  /** The Anthropic base URL (the SDK adds /v1/messages). */
  anthropicBaseUrl: string;
  /** The requests received, newest last (Anthropic's system prompt comes first as a message). */
  requests: {
    protocol: 'openai' | 'anthropic';
    schemaName: string;
    messages: { role: string; content: string }[];
    headers: Record<string, string | string[] | undefined>;
  }[];
  /** Answers to give before the fixtures (a failure, a non-JSON reply, a delay). */
  script: Scripted[];
  close(): Promise<void>;
}

interface Body {
  messages: { role: string; content: string | Record<string, unknown>[] }[];
  system?: string;
  response_format?: { json_schema?: { name?: string } };
  tool_choice?: { name?: string };
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as Body;
}

/** Anthropic content blocks as one text (tool results and tool calls included). */
function flatten(content: string | Record<string, unknown>[]): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) =>
      typeof block.text === 'string'
        ? block.text
        : typeof block.content === 'string'
          ? block.content
          : JSON.stringify(block.input ?? block),
    )
    .join('\n');
}

let toolCalls = 0;

function anthropicReply(name: string, text: string) {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    input = undefined;
  }
  return {
    id: `msg_${(toolCalls += 1)}`,
    type: 'message',
    role: 'assistant',
    model: 'test-model',
    content:
      input === undefined
        ? [{ type: 'text', text }]
        : [{ type: 'tool_use', id: `toolu_${toolCalls}`, name, input }],
    stop_reason: input === undefined ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

export async function startFakeLlm(fixtures: Record<string, unknown>): Promise<FakeLlm> {
  const fake: Omit<FakeLlm, 'baseUrl' | 'anthropicBaseUrl' | 'close'> = {
    requests: [],
    script: [],
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const protocol = request.url?.endsWith('/messages') ? 'anthropic' : 'openai';
      const schemaName =
        protocol === 'anthropic'
          ? (body.tool_choice?.name ?? '')
          : (body.response_format?.json_schema?.name ?? '');
      fake.requests.push({
        protocol,
        schemaName,
        headers: request.headers,
        messages: [
          ...(body.system ? [{ role: 'system', content: body.system }] : []),
          ...body.messages.map((m) => ({ role: m.role, content: flatten(m.content) })),
        ],
      });
      const next = fake.script.shift();
      const reply = (content: string) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            protocol === 'anthropic'
              ? anthropicReply(schemaName, content)
              : { choices: [{ index: 0, message: { role: 'assistant', content } }] },
          ),
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
    anthropicBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
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
