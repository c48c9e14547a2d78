/**
 * The Model Context Protocol server (issue #52): the tools, the canvas as a resource and two
 * prompts, made for one request and bound to its token's person. Refusals come back as tool
 * errors carrying the catalogue's message and reference.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AppError, RATINGS, type AccessLevel } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { canvasMarkdown } from './markdown.ts';
import {
  canvasRead,
  evidenceListRead,
  evidenceRead,
  hypothesisRead,
  projectsRead,
  searchRead,
  testNextRead,
  timelineRead,
} from './reads.ts';
import { addEvidence, connectEvidence, createHypothesis, planExperiment } from './writes.ts';

export interface McpCaller {
  services: AppServices;
  member: MemberContext;
  access: AccessLevel;
  context: RequestContext;
  /** Notes a use of the token (the organisation's access log). */
  used(what: string): Promise<void>;
  /** Refuses a write when the organisation's plan has expired (read-only, as in the app). */
  mayWrite(): void;
}

const id = (what: string) => z.string().uuid().describe(what);
const projectId = id('The project’s id (list_projects)');

function failure(error: unknown) {
  if (error instanceof AppError) {
    const ref = error.ref ? ` (ref ${error.ref})` : '';
    return {
      isError: true,
      content: [{ type: 'text' as const, text: `${error.message}${ref}` }],
    };
  }
  throw error;
}

const answer = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value) }],
});

export function mcpServer(caller: McpCaller): McpServer {
  const { services, member, context } = caller;
  const server = new McpServer(
    { name: 'assay', version: services.config.appVersion },
    {
      instructions:
        'Assay holds a team’s business model canvas (hypotheses by section, with confidence from ' +
        'rated evidence), its evidence (interviews, posts, notes, customer chats) and experiments. ' +
        'Ratings run from -2 (the evidence disconfirms) to 2 (it confirms); past behaviour and ' +
        'money spent count, compliments and "I would buy" do not. Quote the evidence word for word.',
    },
  );

  const read =
    <A>(name: string, run: (args: A) => Promise<unknown>) =>
    async (args: A) => {
      try {
        const value = await run(args);
        await caller.used(name);
        return answer(value);
      } catch (error) {
        return failure(error);
      }
    };
  const write = <A>(name: string, run: (args: A) => Promise<unknown>) =>
    read<A>(name, async (args) => {
      if (caller.access !== 'write') throw new AppError('accessTokenReadOnly');
      caller.mayWrite();
      return run(args);
    });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  /** A read of one project: its id in, the answer out. */
  const projectRead = (
    name: string,
    description: string,
    run: (projectId: string) => Promise<unknown>,
  ) =>
    server.registerTool(
      name,
      { description, inputSchema: { projectId }, annotations: readOnly },
      read(name, (a: { projectId: string }) => run(a.projectId)),
    );
  const writes = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

  server.registerTool(
    'list_projects',
    {
      description: 'The projects you can see in this organisation.',
      annotations: readOnly,
    },
    read('list_projects', () => projectsRead(services, member)),
  );
  projectRead(
    'get_canvas',
    'A project’s business model canvas: each section’s hypotheses with confidence, risky and result.',
    (p) => canvasRead(services, member, p),
  );
  server.registerTool(
    'get_hypothesis',
    {
      description:
        'One hypothesis: its evidence with ratings and quotes, its experiments and its history.',
      inputSchema: { hypothesisId: id('The hypothesis card’s id') },
      annotations: readOnly,
    },
    read('get_hypothesis', (a: { hypothesisId: string }) =>
      hypothesisRead(services, member, a.hypothesisId),
    ),
  );
  server.registerTool(
    'search',
    {
      description: 'Finds projects, hypotheses, evidence and experiments by their words.',
      inputSchema: { text: z.string().min(1).max(200).describe('Words to look for') },
      annotations: readOnly,
    },
    read('search', (a: { text: string }) => searchRead(services, member, a.text)),
  );
  projectRead('list_evidence', 'A project’s published evidence, newest first.', (p) =>
    evidenceListRead(services, member, p),
  );
  server.registerTool(
    'get_evidence',
    {
      description:
        'One piece of evidence (or an experiment’s results): its own words and the hypotheses it is connected to.',
      inputSchema: { evidenceId: id('The evidence card’s id') },
      annotations: readOnly,
    },
    read('get_evidence', (a: { evidenceId: string }) =>
      evidenceRead(services, member, a.evidenceId),
    ),
  );
  projectRead(
    'what_to_test_next',
    'The hypotheses that matter with little, weak or disputed evidence and no experiment under way, ranked, each with its reason.',
    (p) => testNextRead(services, member, p),
  );
  server.registerTool(
    'project_timeline',
    {
      description:
        'What the team learned since a date (default: a week ago): evidence added, ratings, results.',
      inputSchema: {
        projectId,
        since: z.string().datetime().optional().describe('An ISO date-time to look back to'),
      },
      annotations: readOnly,
    },
    read('project_timeline', (a: { projectId: string; since?: string | undefined }) =>
      timelineRead(services, member, a.projectId, a.since),
    ),
  );
  server.registerTool(
    'add_evidence',
    {
      description:
        'Adds an interview’s notes or a note as a draft piece of evidence of yours, for you to publish in Assay.',
      inputSchema: {
        projectId,
        kind: z.enum(['interview', 'note']),
        title: z.string().min(1).max(200),
        text: z.string().min(1).max(20_000).describe('The notes, as plain text'),
      },
      annotations: writes,
    },
    write(
      'add_evidence',
      (a: { projectId: string; kind: 'interview' | 'note'; title: string; text: string }) =>
        addEvidence(services, member, a, context),
    ),
  );
  server.registerTool(
    'connect_evidence',
    {
      description:
        'Rates what a piece of evidence says about a hypothesis, with the passage it rests on (found word for word in the evidence).',
      inputSchema: {
        evidenceId: id('The evidence card’s id'),
        hypothesisId: id('The hypothesis card’s id'),
        rating: z
          .number()
          .int()
          .min(-2)
          .max(2)
          .describe(RATINGS.map((r) => `${r.value}: ${r.label}`).join('; ')),
        quote: z.string().min(1).max(1000).describe('The evidence’s own words'),
      },
      annotations: writes,
    },
    write(
      'connect_evidence',
      (a: { evidenceId: string; hypothesisId: string; rating: number; quote: string }) =>
        connectEvidence(services, member, a, context),
    ),
  );
  server.registerTool(
    'create_hypothesis',
    {
      description:
        'Adds a hypothesis to a canvas section as a draft of yours, for you to publish in Assay.',
      inputSchema: {
        projectId,
        section: z.string().min(1).max(64).describe('A section key from get_canvas'),
        title: z.string().min(1).max(200),
        description: z.string().max(5000).optional(),
      },
      annotations: writes,
    },
    write(
      'create_hypothesis',
      (a: {
        projectId: string;
        section: string;
        title: string;
        description?: string | undefined;
      }) => createHypothesis(services, member, a, context),
    ),
  );
  server.registerTool(
    'plan_experiment',
    {
      description:
        'Plans an experiment that tests a published hypothesis: in Plan, connected to it, as "Plan an experiment" does in Assay.',
      inputSchema: {
        hypothesisId: id('The hypothesis card’s id'),
        title: z.string().max(200).optional(),
        description: z.string().max(5000).optional().describe('How the team will test it'),
        successCriteria: z
          .array(
            z.object({
              measurement: z.string().min(1).max(200),
              expectation: z.string().min(1).max(200),
            }),
          )
          .max(10)
          .optional(),
      },
      annotations: writes,
    },
    write(
      'plan_experiment',
      (a: {
        hypothesisId: string;
        title?: string | undefined;
        description?: string | undefined;
        successCriteria?: { measurement: string; expectation: string }[] | undefined;
      }) => planExperiment(services, member, a, context),
    ),
  );

  server.registerResource(
    'canvas',
    new ResourceTemplate('assay://projects/{projectId}/canvas', {
      list: async () => ({
        resources: (await projectsRead(services, member))
          .filter((p) => p.canOpen)
          .map((p) => ({
            uri: `assay://projects/${p.id}/canvas`,
            name: `${p.name}: canvas`,
            mimeType: 'text/markdown',
          })),
      }),
    }),
    {
      title: 'A project’s business model canvas',
      description: 'The canvas as Markdown: sections, hypotheses, confidence and results.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const projectIdValue = String(variables.projectId ?? '');
      const canvas = await canvasRead(services, member, projectIdValue);
      await caller.used('canvas resource');
      return {
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: canvasMarkdown(canvas) }],
      };
    },
  );

  server.registerPrompt(
    'weekly_learning_review',
    {
      title: 'Weekly learning review',
      description: 'What this week’s evidence changed, and what to test next.',
      argsSchema: { projectId },
    },
    ({ projectId: p }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Review what my team learned this week in the Assay project ${p}. ` +
              'Call project_timeline for the week, get_evidence for each new piece of evidence and ' +
              'get_hypothesis for each hypothesis it touched. Then tell me, quoting the evidence: which ' +
              'hypotheses gained or lost confidence and why, which ratings look too generous (compliments ' +
              'or "I would buy" rated as confirmation), and end with what_to_test_next.',
          },
        },
      ],
    }),
  );
  server.registerPrompt(
    'plan_next_experiment',
    {
      title: 'Plan the next experiment',
      description: 'An experiment for the riskiest hypothesis with the weakest evidence.',
      argsSchema: { projectId },
    },
    ({ projectId: p }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Help me plan the next experiment for the Assay project ${p}. Call what_to_test_next, pick ` +
              'the first hypothesis, read it with get_hypothesis, and propose the cheapest experiment ' +
              'that would change our confidence: what we do, what we measure, and the result that would ' +
              'count as success, stated before we run it. When I agree, save it with plan_experiment.',
          },
        },
      ],
    }),
  );
  return server;
}
