/**
 * Project export (#29 item 1): the whole graph in one zip a team can take anywhere, in the
 * documented shape; only those who manage the project take it; drafts and the trash stay behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  projectExportJsonSchema,
  projectExportSchema,
  type ProjectExportFile,
} from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import {
  cardMutation,
  createCardAs,
  createProjectIn,
  publishedEvidence,
  publishedHypothesis,
} from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { TINY_PNG, uploadAs } from '../../../test/uploads.ts';
import { REPO_ROOT } from '../../config.ts';

const built = await buildTestApp();

/** The zip's entries by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      void zip.openReadStreamPromise(entry).then(async (stream: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }, reject);
    });
    zip.readEntry();
  });
  return entries;
}

describe('project export', () => {
  it('is one zip with the graph in the documented shape, the spreadsheets and the files', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Laveries à Lisboa');
    const idea = await publishedHypothesis(
      owner.agent,
      org.slug,
      projectId,
      'Estudantes odeiam a lavandaria',
      {
        section: 'customerSegments',
      },
    );
    await cardMutation(owner.agent, org.slug, 'updateText', {
      cardId: idea.id,
      version: idea.version,
      field: 'description',
      text: '<p>Perché? Façade of convenience.</p>',
      rawText: 'Perché? Façade of convenience.',
      mentions: [],
    });
    const post = await publishedEvidence(owner.agent, org.slug, projectId, 'post', 'Forum thread');
    await owner.agent.post(
      `/api/canvas/cards/${idea.id}/connections`,
      { cardId: post.id, rating: 2 },
      host,
    );
    const test = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'experiment',
        title: 'Pickup pilot',
      })
    ).card!;
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
      { id: test.id, v: test.version },
    );
    expect(published.errors).toBeUndefined();
    const comment = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { addComment(input: $i) { id } }',
      { i: { subjectType: 'card', subjectId: idea.id, body: 'Ask five more students.' } },
    );
    const commentId = (comment.data?.addComment as { id: string }).id;
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { likeComment(commentId: $id, like: true) { id } }',
      {
        id: commentId,
      },
    );
    const key = await uploadAs(built, owner.agent, {
      host: host.host,
      collection: 'cards',
      locationId: idea.id,
      filename: 'mapa da cidade.png',
    });
    await owner.agent.post(`/api/canvas/cards/${idea.id}/media`, { key }, host);
    // A draft and a card in the trash stay behind.
    await createCardAs(owner.agent, org.slug, { projectId, title: 'Half a thought' });
    const binned = await publishedHypothesis(owner.agent, org.slug, projectId, 'Wrong idea');
    await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
      id: binned.id,
    });

    const answer = await owner.agent.get(
      `/api/proj/projects/${projectId}/export/project.zip`,
      host,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(String(answer.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('Laveries à Lisboa')}`,
    );
    const entries = await unzip(answer.rawPayload);
    const graph = JSON.parse(entries.get('project.json')!.toString('utf8')) as ProjectExportFile;
    expect(projectExportSchema.safeParse(graph).error).toBeUndefined();
    expect(graph).toMatchObject({ format: 'assay.project', schemaVersion: 1 });
    expect(graph.project).toMatchObject({ id: projectId, name: 'Laveries à Lisboa' });
    expect(graph.cards.map((c) => c.title).sort()).toEqual([
      'Estudantes odeiam a lavandaria',
      'Forum thread',
      'Pickup pilot',
    ]);
    const exportedIdea = graph.cards.find((c) => c.id === idea.id)!;
    expect(exportedIdea.texts.description?.text).toBe('<p>Perché? Façade of convenience.</p>');
    expect(exportedIdea.hypothesis).toMatchObject({
      type: 'business',
      canvas: { section: 'customerSegments' },
    });
    expect(graph.cards.find((c) => c.title === 'Pickup pilot')?.experiment).toMatchObject({
      phase: 'plan',
    });
    expect(graph.connections).toEqual([
      expect.objectContaining({
        firstCardId: [idea.id, post.id].sort()[0],
        secondCardId: [idea.id, post.id].sort()[1],
        rating: 2,
      }),
    ]);
    expect(graph.comments).toEqual([
      expect.objectContaining({
        id: commentId,
        subjectId: idea.id,
        body: 'Ask five more students.',
        likes: 1,
      }),
    ]);
    expect(graph.media).toEqual([
      expect.objectContaining({ cardId: idea.id, filename: 'mapa_da_cidade.png' }),
    ]);
    expect(entries.get(graph.media[0]!.path)?.equals(TINY_PNG)).toBe(true);
    expect(JSON.stringify(graph)).not.toContain(key);

    const cardsCsv = Papa.parse<Record<string, string>>(
      entries.get('cards.csv')!.toString('utf8'),
      {
        header: true,
      },
    ).data;
    expect(cardsCsv.find((r) => r.id === idea.id)).toMatchObject({
      title: 'Estudantes odeiam a lavandaria',
      type: 'business hypothesis',
      section: 'customerSegments',
    });
    const connectionsCsv = Papa.parse<Record<string, string>>(
      entries.get('connections.csv')!.toString('utf8'),
      { header: true },
    ).data;
    expect(connectionsCsv[0]).toMatchObject({ rating: '2' });
    expect([connectionsCsv[0]!.firstTitle, connectionsCsv[0]!.secondTitle].sort()).toEqual([
      'Estudantes odeiam a lavandaria',
      'Forum thread',
    ]);
    expect(entries.get('experiments.csv')!.toString('utf8')).toContain('Pickup pilot');
  });

  it('is for those who manage the project', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const url = `/api/proj/projects/${projectId}/export/project.zip`;
    const colleague = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await colleague.agent.get(url, host);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: ERRORS.forbidden.message });
    const admin = await addMember(built, owner.agent, org, 'admin');
    expect((await admin.agent.get(url, host)).statusCode).toBe(200);
    // Another organisation's owner does not learn the project exists.
    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const hidden = await stranger.owner.agent.get(url, { host: `${stranger.org.slug}.assay.test` });
    expect([403, 404]).toContain(hidden.statusCode);
  });

  it('keeps its JSON Schema in docs/export/ in step with the code', () => {
    const file = path.join(REPO_ROOT, 'docs/export/project-v1.schema.json');
    const schema = `${JSON.stringify(projectExportJsonSchema(), null, 2)}\n`;
    // UPDATE_EXPORT_SCHEMA=1 writes it after a deliberate change (a new version gets a new file).
    if (process.env.UPDATE_EXPORT_SCHEMA) writeFileSync(file, schema);
    expect(readFileSync(file, 'utf8')).toBe(schema);
  });
});
