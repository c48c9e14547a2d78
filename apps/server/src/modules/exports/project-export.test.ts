/**
 * Project export (#29 item 1): the whole graph in one zip a team can take anywhere, in the
 * documented shape; only those who manage the project take it; drafts and the trash stay behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  projectExportJsonSchema,
  projectExportSchema,
  type ProjectExportFile,
} from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { addMember, ownerWithOrganization } from '../../../test/organization.ts';
import { richProject } from '../../../test/rich-project.ts';
import { unzip } from '../../../test/zip.ts';
import { TINY_PNG } from '../../../test/uploads.ts';
import { REPO_ROOT } from '../../config.ts';

const built = await buildTestApp();

describe('project export', () => {
  it('is one zip with the graph in the documented shape, the spreadsheets and the files', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const { projectId, host, idea, post, commentId, key } = await richProject(built, owner, org);

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
