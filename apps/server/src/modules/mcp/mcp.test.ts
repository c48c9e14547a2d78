/**
 * Assay in the team's own AI assistant (issue #52): personal access tokens and the MCP server,
 * driven by the MCP SDK's own client over streamable HTTP against the listening server.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createCardAs, createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { accessLogs } from '../organizations/schema.ts';
import { apiTokens } from '../integrations/schema.ts';

const built = await buildTestApp();
await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

// Enterprise: seats for every member the tests add.
const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
const projectId = await createProjectIn(owner.agent, org.slug, 'Dog walking');
const hypothesis = await publishedHypothesis(
  owner.agent,
  org.slug,
  projectId,
  'Busy owners pay for midday walks',
  { section: 'customerSegments' },
);

async function makeToken(
  agent: Agent,
  body: { access: 'read' | 'write'; name?: string; organizationId?: string },
) {
  const response = await agent.post('/api/auth/tokens', {
    name: body.name ?? `Assistant ${body.access}`,
    organizationId: body.organizationId ?? org.id,
    access: body.access,
  });
  return response;
}

async function connect(token: string) {
  const client = new Client({ name: 'assay-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const text = (result: unknown) =>
  ((result as { content: { type: string; text: string }[] }).content[0]?.text ?? '') as string;
const json = <T>(result: unknown) => JSON.parse(text(result)) as T;

const readResponse = await makeToken(owner.agent, { access: 'read' });
const writeResponse = await makeToken(owner.agent, { access: 'write' });
const readToken = (readResponse.json() as { token: string }).token;
const writeToken = (writeResponse.json() as { token: string }).token;
const readClient = await connect(readToken);
const writeClient = await connect(writeToken);
afterAll(async () => {
  await readClient.close();
  await writeClient.close();
});

describe('personal access tokens', () => {
  it('shows a new token once and keeps only its hash', async () => {
    expect(readResponse.statusCode).toBe(201);
    expect(readToken).toMatch(/^assay_pat_[\w-]{40,}$/);
    const listed = (await owner.agent.get('/api/auth/tokens')).json() as {
      tokens: { id: string; name: string; access: string; expiresAt: string }[];
    };
    expect(listed.tokens.map((t) => t.access).sort()).toEqual(['read', 'write']);
    expect(JSON.stringify(listed)).not.toContain(readToken);
    const [row] = await built.services.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, listed.tokens[0]!.id));
    expect(row?.sealed).toBeNull();
    expect(row?.tokenHash).not.toContain(readToken);
    // Ninety days by default.
    const days = (new Date(listed.tokens[0]!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it('refuses a token for an organisation the person is not in, and a year-and-a-day expiry', async () => {
    const stranger = await ownerWithOrganization(built);
    const other = await makeToken(owner.agent, {
      access: 'read',
      organizationId: stranger.org.id,
    });
    expect(other.statusCode).toBe(404);
    const tooLong = await owner.agent.post('/api/auth/tokens', {
      name: 'Forever',
      organizationId: org.id,
      access: 'read',
      expiresInDays: 366,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ ref: ERRORS.validation.ref });
  });

  it('holds at most 20 live tokens a person, even when 40 are asked for at once', async () => {
    const person = await addMember(built, owner.agent, org, 'collaborator');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        makeToken(person.agent, { access: 'read', name: `Burst ${i}` }),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(made).toHaveLength(20);
    expect(refused).toHaveLength(20);
    expect(refused[0]?.json()).toMatchObject({
      ref: ERRORS.accessTokenLimit.ref,
      message: ERRORS.accessTokenLimit.message,
    });
    // A revoked one frees a place.
    const mine = (await person.agent.get('/api/auth/tokens')).json() as {
      tokens: { id: string }[];
    };
    expect(mine.tokens).toHaveLength(20);
    expect((await person.agent.delete(`/api/auth/tokens/${mine.tokens[0]!.id}`)).statusCode).toBe(
      200,
    );
    expect((await makeToken(person.agent, { access: 'read' })).statusCode).toBe(201);
  });

  it("lets owners and admins see and revoke the organisation's tokens, and no one else", async () => {
    const admin = await addMember(built, owner.agent, org, 'admin');
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const theirs = (await makeToken(collaborator.agent, { access: 'write' })).json() as {
      token: string;
      accessToken: { id: string };
    };
    const onOrgHost = { host: `${org.slug}.assay.test` };
    expect((await collaborator.agent.get('/api/org/access-tokens', onOrgHost)).statusCode).toBe(
      403,
    );
    const seen = (await admin.agent.get('/api/org/access-tokens', onOrgHost)).json() as {
      tokens: { id: string; person: { profileId: string } }[];
    };
    expect(seen.tokens.find((t) => t.id === theirs.accessToken.id)?.person.profileId).toBe(
      collaborator.profileId,
    );
    const client = await connect(theirs.token);
    expect(json<unknown[]>(await client.callTool({ name: 'list_projects' }))).toBeInstanceOf(Array);
    const revoked = await admin.agent.delete(
      `/api/org/access-tokens/${theirs.accessToken.id}`,
      undefined,
      onOrgHost,
    );
    expect(revoked.statusCode).toBe(200);
    await expect(client.callTool({ name: 'list_projects' })).rejects.toThrow(/401/);
  });
});

describe('the MCP server', () => {
  it('offers the tools, the canvas resource and the prompts', async () => {
    const { tools } = await readClient.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'add_evidence',
        'connect_evidence',
        'create_hypothesis',
        'get_canvas',
        'get_evidence',
        'get_hypothesis',
        'list_evidence',
        'list_projects',
        'plan_experiment',
        'project_timeline',
        'search',
        'what_to_test_next',
      ].sort(),
    );
    const connectTool = tools.find((t) => t.name === 'connect_evidence');
    expect(connectTool?.inputSchema.required).toEqual(
      expect.arrayContaining(['evidenceId', 'hypothesisId', 'rating', 'quote']),
    );
    const { resources } = await readClient.listResources();
    expect(resources.map((r) => r.uri)).toContain(`assay://projects/${projectId}/canvas`);
    const canvas = await readClient.readResource({ uri: `assay://projects/${projectId}/canvas` });
    const markdown = String((canvas.contents[0] as { text?: string } | undefined)?.text);
    expect(markdown).toContain('# Dog walking: business model canvas');
    expect(markdown).toContain('Busy owners pay for midday walks (untested');
    const { prompts } = await readClient.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'plan_next_experiment',
      'weekly_learning_review',
    ]);
    const review = await readClient.getPrompt({
      name: 'weekly_learning_review',
      arguments: { projectId },
    });
    expect(JSON.stringify(review.messages)).toContain('project_timeline');
  });

  it('reads the canvas, a hypothesis, the search and what to test next as the token’s person', async () => {
    const projects = json<{ id: string; name: string }[]>(
      await readClient.callTool({ name: 'list_projects' }),
    );
    expect(projects.map((p) => p.name)).toContain('Dog walking');
    const canvas = json<{ sections: { key: string; hypotheses: { id: string }[] }[] }>(
      await readClient.callTool({ name: 'get_canvas', arguments: { projectId } }),
    );
    const section = canvas.sections.find((s) => s.hypotheses.some((h) => h.id === hypothesis.id));
    expect(section).toBeDefined();
    const found = json<{ id: string }[]>(
      await readClient.callTool({ name: 'search', arguments: { text: 'midday walks' } }),
    );
    expect(found.map((f) => f.id)).toContain(hypothesis.id);
    const next = json<{ id: string; reason: string }[]>(
      await readClient.callTool({ name: 'what_to_test_next', arguments: { projectId } }),
    );
    expect(next[0]).toMatchObject({ id: hypothesis.id });
    expect(next[0]?.reason).toBeTruthy();
  });

  it('refuses writes with a read-only token, as a tool error carrying the catalogue’s message', async () => {
    const refused = await readClient.callTool({
      name: 'create_hypothesis',
      arguments: { projectId, section: 'customerSegments', title: 'Should not be made' },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(
      `${ERRORS.accessTokenReadOnly.message} (ref ${ERRORS.accessTokenReadOnly.ref})`,
    );
  });

  it('adds evidence as a draft and rates it only with a quote found word for word', async () => {
    const added = json<{ id: string; draft: boolean }>(
      await writeClient.callTool({
        name: 'add_evidence',
        arguments: {
          projectId,
          kind: 'interview',
          title: 'Call with Priya',
          text: 'Priya works 10-hour shifts.\nShe paid a neighbour’s kid $15 a walk all last summer.',
        },
      }),
    );
    expect(added.draft).toBe(true);
    const invented = await writeClient.callTool({
      name: 'connect_evidence',
      arguments: {
        evidenceId: added.id,
        hypothesisId: hypothesis.id,
        rating: 2,
        quote: 'she would happily pay $30 a walk',
      },
    });
    expect(invented.isError).toBe(true);
    expect(text(invented)).toContain(ERRORS.quoteNotInEvidence.message);
    const rated = await writeClient.callTool({
      name: 'connect_evidence',
      arguments: {
        evidenceId: added.id,
        hypothesisId: hypothesis.id,
        rating: 1,
        // Typographic quotes and spacing differ; the words are the evidence's own.
        quote: "She paid a neighbour's kid  $15 a walk",
      },
    });
    expect(rated.isError).toBeFalsy();
    const read = json<{ evidence: { id: string; rating: number; quote: string }[] }>(
      await writeClient.callTool({
        name: 'get_hypothesis',
        arguments: { hypothesisId: hypothesis.id },
      }),
    );
    expect(read.evidence).toContainEqual(
      expect.objectContaining({
        id: added.id,
        rating: 1,
        quote: 'She paid a neighbour’s kid $15 a walk',
      }),
    );
    const evidence = json<{ text: string; connections: { hypothesisId: string }[] }>(
      await writeClient.callTool({ name: 'get_evidence', arguments: { evidenceId: added.id } }),
    );
    expect(evidence.text).toContain('Priya works 10-hour shifts.');
    expect(evidence.connections.map((c) => c.hypothesisId)).toEqual([hypothesis.id]);
  });

  it('creates a draft hypothesis and plans an experiment as the app does', async () => {
    const created = json<{ id: string; draft: boolean }>(
      await writeClient.callTool({
        name: 'create_hypothesis',
        arguments: {
          projectId,
          section: 'channels',
          title: 'Building managers refer new owners',
          description: 'Managers hand a flyer to every new tenant with a dog.',
        },
      }),
    );
    expect(created.draft).toBe(true);
    const planned = json<{ id: string; phase: string }>(
      await writeClient.callTool({
        name: 'plan_experiment',
        arguments: {
          hypothesisId: hypothesis.id,
          title: 'Pre-sell ten walks',
          successCriteria: [{ measurement: 'Owners who prepay', expectation: 'At least 5 of 20' }],
        },
      }),
    );
    expect(planned.phase).toBe('plan');
    const read = json<{ experiments: { id: string; phase: string; title: string }[] }>(
      await writeClient.callTool({
        name: 'get_hypothesis',
        arguments: { hypothesisId: hypothesis.id },
      }),
    );
    expect(read.experiments).toContainEqual({
      id: planned.id,
      phase: 'plan',
      title: 'Pre-sell ten walks',
    });
  });

  it('puts each use in the organisation’s access log', async () => {
    const entries = await built.services.database.db
      .select()
      .from(accessLogs)
      .where(eq(accessLogs.organizationId, org.id));
    const uses = entries.filter((e) => e.action === 'accessTokenUse');
    expect(uses.map((e) => (e.optionals as { call?: string }).call)).toEqual(
      expect.arrayContaining(['list_projects', 'get_canvas', 'add_evidence', 'canvas resource']),
    );
  });

  it('follows the person: a disabled member’s token stops at once, a signed-in cookie opens nothing', async () => {
    const person = await addMember(built, owner.agent, org, 'collaborator');
    const token = ((await makeToken(person.agent, { access: 'write' })).json() as { token: string })
      .token;
    const client = await connect(token);
    const ok = await client.callTool({ name: 'list_projects' });
    expect(ok.isError).toBeFalsy();
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { disableMember(profileId: $id) { id } }',
      {
        id: person.profileId,
      },
    );
    await expect(client.callTool({ name: 'list_projects' })).rejects.toThrow(/401/);
    // The app's session cookie is no credential here: only a token in the Authorization header.
    const withCookie = await owner.agent.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { accept: 'application/json, text/event-stream' },
    );
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.headers['www-authenticate']).toContain('Bearer');
  });

  it('follows a role that drops: what the new role may not do is refused at the next call', async () => {
    const person = await addMember(built, owner.agent, org, 'collaborator');
    const token = ((await makeToken(person.agent, { access: 'write' })).json() as { token: string })
      .token;
    const client = await connect(token);
    const create = (title: string) =>
      client.callTool({
        name: 'create_hypothesis',
        arguments: { projectId, section: 'channels', title },
      });
    const before = await create('Vets recommend us');
    expect(before.isError).toBeFalsy();
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { updateMemberRole(profileId: $id, role: "limitedContributor") { id } }',
      { id: person.profileId },
    );
    const after = await create('Groomers recommend us');
    expect(after.isError).toBe(true);
    expect(text(after)).toBe(`${ERRORS.forbidden.message} (ref ${ERRORS.forbidden.ref})`);
    await client.close();
  });

  it('answers a project the person may not see as a tool error, not its data', async () => {
    const stranger = await ownerWithOrganization(built);
    const theirProject = await createProjectIn(stranger.owner.agent, stranger.org.slug, 'Secret');
    const card = await createCardAs(stranger.owner.agent, stranger.org.slug, {
      projectId: theirProject,
      type: 'hypothesis',
      title: 'Their secret',
    });
    const canvas = await readClient.callTool({
      name: 'get_canvas',
      arguments: { projectId: theirProject },
    });
    expect(canvas.isError).toBe(true);
    const hypothesisRead = await readClient.callTool({
      name: 'get_hypothesis',
      arguments: { hypothesisId: card.card!.id },
    });
    expect(hypothesisRead.isError).toBe(true);
    expect(text(hypothesisRead)).not.toContain('Their secret');
  });
});

describe('assay-mcp, the local entry', () => {
  it('speaks MCP over stdio and forwards to the server with the token', async () => {
    const script = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../scripts/assay-mcp.ts',
    );
    const client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [script, '--url', base, '--token', readToken],
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(12);
      const projects = json<{ name: string }[]>(await client.callTool({ name: 'list_projects' }));
      expect(projects.map((p) => p.name)).toContain('Dog walking');
      // The server's refusals come through as they are.
      const refused = await client.callTool({
        name: 'add_evidence',
        arguments: { projectId, kind: 'note', title: 'No', text: 'Read-only token.' },
      });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain(ERRORS.accessTokenReadOnly.message);
      const { prompts } = await client.listPrompts();
      expect(prompts).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});

describe('the gateway’s limits', () => {
  it('answers a tool call over the rate limit with a tool error carrying the catalogue’s message', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_GATEWAY_PER_MINUTE: '3' } });
    const { owner: someone, org: theirs } = await ownerWithOrganization(limited);
    const made = (
      await someone.agent.post('/api/auth/tokens', {
        name: 'Busy assistant',
        organizationId: theirs.id,
        access: 'read',
      })
    ).json() as { token: string };
    const call = (id: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${made.token}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        payload: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_projects' } },
      });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(call));
    const bodies = answers.map(
      (a) => a.json() as { id: number; result: { isError?: boolean; content: { text: string }[] } },
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(bodies.filter((b) => !b.result.isError)).toHaveLength(3);
    const refused = bodies.filter((b) => b.result.isError);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.result.content[0]?.text).toBe(
      `${ERRORS.rateLimited.message} (ref ${ERRORS.rateLimited.ref})`,
    );
    // Each answer keeps its own call's id.
    expect(bodies.map((b) => b.id).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
