/**
 * Project import (#29 item 2): an export comes back as a new project of any organisation, with
 * new ids and the graph intact (export → import → export gives the same graph), and a file that
 * is not one — another version, a bomb, a path outside the archive, an oversize file — is refused
 * with its message, leaving nothing behind. The plan's project limit holds under forty at once.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, IMPORT_MESSAGES, LIMITS, type ProjectExportFile } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { richProject } from '../../../test/rich-project.ts';
import { TINY_PNG } from '../../../test/uploads.ts';
import { importZip, tamper, unzip, zipOf } from '../../../test/zip.ts';

const built = await buildTestApp();

async function exported(agent: Agent, slug: string, projectId: string) {
  const answer = await agent.get(`/api/proj/projects/${projectId}/export/project.zip`, {
    host: `${slug}.assay.test`,
  });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

/** The graph without what an import renews: ids, times, versions — cards known by title. */
function comparable(graph: ProjectExportFile, files: Map<string, Buffer>) {
  const title = new Map(graph.cards.map((c) => [c.id, c.title]));
  return {
    project: { ...graph.project, id: undefined, createdAt: undefined },
    boardSections: graph.boardSections.map(({ id: _id, ...s }) => s),
    cards: graph.cards
      .map(({ id: _id, createdAt: _c, updatedAt: _u, version: _v, ...c }) => ({
        ...c,
        evidence: c.evidence && {
          ...c.evidence,
          interviewees: c.evidence.interviewees.map(({ id: _i, ...p }) => p),
        },
      }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    connections: graph.connections
      .map((c) => ({
        cards: [title.get(c.firstCardId), title.get(c.secondCardId)].sort(),
        rating: c.rating,
      }))
      .sort((a, b) => String(a.cards).localeCompare(String(b.cards))),
    comments: graph.comments.map((c) => ({
      on: c.subjectType === 'card' ? title.get(c.subjectId) : 'project',
      body: c.body,
    })),
    media: graph.media.map((m) => ({
      card: title.get(m.cardId),
      filename: m.filename,
      contentType: m.contentType,
      bytes: files.get(m.path)?.toString('base64'),
    })),
  };
}

describe('project import', () => {
  it('brings an export into another organisation as a new project, and its export is the same graph', async () => {
    const first = await ownerWithOrganization(built, { license: 'enterprise' });
    const { projectId } = await richProject(built, first.owner, first.org);
    const zip = await exported(first.owner.agent, first.org.slug, projectId);

    const second = await ownerWithOrganization(built, { license: 'enterprise' });
    const answer = await importZip(built, second.owner.agent, second.org.slug, zip);
    expect(answer.statusCode).toBe(201);
    const made = answer.json() as {
      projectId: string;
      cards: number;
      connections: number;
      files: number;
    };
    expect(made).toMatchObject({ name: 'Laveries à Lisboa', cards: 3, connections: 1, files: 1 });
    expect(made.projectId).not.toBe(projectId);

    // The canvas and the card's connections open there, with new ids.
    const canvas = await onOrg(
      second.owner.agent,
      second.org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { id title } } }',
      { p: made.projectId },
    );
    const cards = (canvas.data?.canvas as { cards: { id: string; title: string }[] }).cards;
    expect(cards.map((c) => c.title)).toEqual(['Estudantes odeiam a lavandaria']);
    const card = await onOrg(
      second.owner.agent,
      second.org.slug,
      `query($id: ID!) { card(cardId: $id) { associations { evidence { title rating } } media { filename url } } }`,
      { id: cards[0]!.id },
    );
    const detail = card.data?.card as {
      associations: { evidence: { title: string; rating: number }[] };
      media: { filename: string; url: string }[];
    };
    expect(detail.associations.evidence).toEqual([
      expect.objectContaining({ title: 'Forum thread', rating: 2 }),
    ]);
    const file = await second.owner.agent.get(detail.media[0]!.url, {
      host: `${second.org.slug}.assay.test`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);

    // Round trip: the second export is the first, but for ids and times.
    const again = await exported(second.owner.agent, second.org.slug, made.projectId);
    const [before, after] = await Promise.all([unzip(zip), unzip(again)]);
    const graph = (entries: Map<string, Buffer>) =>
      JSON.parse(entries.get('project.json')!.toString('utf8')) as ProjectExportFile;
    expect(comparable(graph(after), after)).toEqual(comparable(graph(before), before));
  });

  it('refuses what is not an export of this version, a bomb, a path outside, an oversize file — and keeps nothing', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const { projectId } = await richProject(built, owner, org);
    const zip = await exported(owner.agent, org.slug, projectId);
    const entries = await unzip(zip);
    const graph = JSON.parse(entries.get('project.json')!.toString('utf8')) as ProjectExportFile;
    const mediaPath = graph.media[0]!.path;
    const refused = async (bytes: Buffer, message: string) => {
      const answer = await importZip(built, owner.agent, org.slug, bytes);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toMatchObject({ message });
    };

    await refused(Buffer.from('not a zip at all'), IMPORT_MESSAGES.notAZip);
    await refused(
      await zipOf(new Map([['notes.txt', Buffer.from('hello')]])),
      IMPORT_MESSAGES.noProject,
    );
    const withJson = (json: unknown) =>
      zipOf(new Map([...entries, ['project.json', Buffer.from(JSON.stringify(json))]]));
    await refused(await withJson({ ...graph, schemaVersion: 2 }), IMPORT_MESSAGES.otherVersion(2));
    await refused(
      await withJson({ ...graph, cards: [{ ...graph.cards[0], title: 42 }] }),
      IMPORT_MESSAGES.badProject('cards.0.title: Invalid input: expected string, received number'),
    );
    // A bomb: project.json unpacks to more than it declares.
    await refused(tamper(zip, 'project.json', { uncompressedSize: 100 }), IMPORT_MESSAGES.tooBig);
    // A path that leaves the archive.
    const outside = mediaPath.replace(/^media/, '../..');
    expect(outside).toHaveLength(mediaPath.length);
    await refused(tamper(zip, mediaPath, { rename: outside }), IMPORT_MESSAGES.outsidePath);
    // A file larger than an upload may be.
    await refused(
      tamper(zip, mediaPath, { uncompressedSize: LIMITS.uploadMaxBytes + 1 }),
      IMPORT_MESSAGES.fileTooLarge(mediaPath.slice(mediaPath.lastIndexOf('/') + 1)),
    );

    // Nothing half-imported: the organisation has its one project still.
    const list = await onOrg(owner.agent, org.slug, '{ projects { counts { active } } }');
    expect(list.data?.projects).toEqual({ counts: { active: 1 } });
  });

  it('imports one at a time per organisation, keeps to the plan, and leaves no file of a refused import', async () => {
    // Garage: three projects a month.
    const { owner, org } = await ownerWithOrganization(built);
    const { projectId } = await richProject(built, owner, org);
    const zip = await exported(owner.agent, org.slug, projectId);
    const written: string[] = [];
    const storage = built.services.storage;
    const write = storage.write.bind(storage);
    storage.write = async (key, data) => {
      if (key.startsWith(`${org.id}/`)) written.push(key);
      return write(key, data);
    };
    try {
      // Forty at once: one import runs, the others are told to wait (#47 item 3).
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => importZip(built, owner.agent, org.slug, zip)),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 201))
        expect(a.json()).toMatchObject({ ref: ERRORS.importBusy.ref });
      expect((await importZip(built, owner.agent, org.slug, zip)).statusCode).toBe(201);
      // The month's three projects are made: the next import is refused before its archive is
      // read, and nothing of it is stored.
      const stored = written.length;
      const over = await importZip(built, owner.agent, org.slug, zip);
      expect(over.json()).toMatchObject({ message: ERRORS.projectAllocationExceeded.message });
      expect(written).toHaveLength(stored);
      const kept = (await Promise.all(written.map((k) => storage.read(k)))).filter(Boolean);
      expect(kept).toHaveLength(2);
    } finally {
      storage.write = write;
    }
    const colleague = await addMember(built, owner.agent, org, 'limitedContributor');
    const forbidden = await importZip(built, colleague.agent, org.slug, zip);
    expect(forbidden.statusCode).toBe(403);
  });
});
