/**
 * The project a request names (x-project-id) is read with the session, in the identity statement:
 * it saves the project's own look-up, and must change nothing of who may do what.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PgliteStatements } from '../platform/db/pglite-statements.ts';
import { CARD_FIELDS, createProjectIn } from '../../test/cards.ts';
import { addMember, ownerWithOrganization } from '../../test/organization.ts';

const built = await buildTestApp();
const CREATE = `mutation($input: JSON!) { createCard(input: $input) { ${CARD_FIELDS} } }`;

type Agent = Awaited<ReturnType<typeof ownerWithOrganization>>['owner']['agent'];

async function createIn(agent: Agent, slug: string, projectId: string, header?: string) {
  const response = await agent.post(
    '/api/gateway/query',
    {
      query: CREATE,
      variables: {
        input: {
          type: 'hypothesis',
          projectId,
          section: 'channels',
          title: 'Students pick up parcels at the library',
          draft: false,
        },
      },
    },
    { host: `${slug}.assay.test`, ...(header ? { 'x-project-id': header } : {}) },
  );
  const body = response.json() as { data?: { createCard?: { id: string } }; errors?: unknown[] };
  return body.data?.createCard?.id ?? null;
}

/** The SQL texts the database is sent while `run` runs (on PGlite or on PostgreSQL). */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const text = (query: unknown) =>
    String(typeof query === 'string' ? query : ((query as { text?: string })?.text ?? ''));
  const pglite = built.services.database.pglite;
  if (pglite) {
    const original = pglite.query.bind(pglite);
    const spy = vi.spyOn(pglite, 'query').mockImplementation(((
      ...args: Parameters<typeof original>
    ) => {
      seen.push(text(args[0]));
      return original(...args);
    }) as typeof pglite.query);
    // The statements the code names run prepared, past PGlite's own query.
    const named = PgliteStatements.prototype.query;
    const namedSpy = vi.spyOn(PgliteStatements.prototype, 'query').mockImplementation(function (
      this: PgliteStatements,
      ...args: Parameters<typeof named>
    ) {
      seen.push(text(args[0]));
      return named.apply(this, args);
    } as typeof named);
    try {
      await run();
    } finally {
      spy.mockRestore();
      namedSpy.mockRestore();
    }
    return seen;
  }
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    seen.push(text(args[0]));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('the project a request names', () => {
  it('is read with the session: a card is created without the project’s own look-up', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const lookUp = (s: string) => /from "projects" left join "project_members"/.test(s);
    const named = await statementsDuring(() =>
      createIn(owner.agent, org.slug, projectId, projectId),
    );
    expect(named.some(lookUp)).toBe(false);
    expect(named.some((s) => s.includes('"sessions"') && s.includes('"project_members"'))).toBe(
      true,
    );
    const unnamed = await statementsDuring(() => createIn(owner.agent, org.slug, projectId));
    expect(unnamed.some(lookUp)).toBe(true);
  });

  it("reads neither the account's secrets nor the project's write-ups with the session", async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const seen = await statementsDuring(() =>
      createIn(owner.agent, org.slug, projectId, projectId),
    );
    const identity = seen.find((s) => s.includes('"sessions"') && s.includes('"project_members"'));
    expect(identity).toBeDefined();
    // The statement every request makes: no password hash or two-step secret (only signing in
    // and changing the account read those), and none of a drafted project's long write-ups.
    for (const column of ['password_hash', 'mfa_secret', 'mfa_pending_secret', 'mfa_last_step'])
      expect(identity).not.toContain(`"users"."${column}"`);
    for (const column of ['dashboard', 'market', 'investment', 'petal', 'generated'])
      expect(identity).not.toContain(`"projects"."${column}"`);
    // What it does read is enough to say who asks and to open the project.
    expect(identity).toContain('"users"."email"');
    expect(identity).toContain('"projects"."settings"');
  });

  it('changes nothing of who may do what', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const other = await ownerWithOrganization(built, { license: 'enterprise' });
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const open = await createProjectIn(owner.agent, org.slug, 'Open');
    const secret = await createProjectIn(owner.agent, org.slug, 'Secret');
    const elsewhere = await createProjectIn(other.owner.agent, other.org.slug, 'Elsewhere');
    const host = { host: `${org.slug}.assay.test` };
    await owner.agent.put(`/api/proj/projects/${secret}/settings`, { private: true }, host);

    // Another organisation's project, named and asked for: not found, as without the header.
    expect(await createIn(owner.agent, org.slug, elsewhere, elsewhere)).toBeNull();
    // A private project the collaborator is not in: refused with or without naming it.
    expect(await createIn(collaborator.agent, org.slug, secret, secret)).toBeNull();
    expect(await createIn(collaborator.agent, org.slug, secret)).toBeNull();
    // Naming one project and writing to another reads the other.
    expect(await createIn(collaborator.agent, org.slug, open, secret)).not.toBeNull();
    expect(await createIn(collaborator.agent, org.slug, secret, open)).toBeNull();
  });

  it('is read once: a change the request makes to the project is in its answer', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const changed = await owner.agent.put(
      `/api/proj/projects/${projectId}/settings`,
      { private: true, timeline: false },
      { host: `${org.slug}.assay.test`, 'x-project-id': projectId },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().settings).toMatchObject({ private: true, timeline: false });
  });
});
