import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ERRORS, FILE_SUMMARY_MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { until } from '../../../test/until.ts';

const built = await buildTestApp();

async function reportPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([600, 400]);
  const lines = [
    'Independent restaurants throw away about ten percent of the food they buy.',
    'Most owners count their stock by hand every Sunday evening.',
    'The weather in March was mild.',
    'Owners who order every day waste less food than owners who order weekly.',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 20, size: 11, font }));
  return Buffer.from(await document.save());
}

async function attach(agent: Agent, slug: string, cardId: string, filename: string, data: Buffer) {
  const host = { host: `${slug}.assay.test` };
  const signed = (
    await agent.get(
      `/api/media/sign?${new URLSearchParams({ filename, collection: 'cards', locationId: cardId }).toString()}`,
      host,
    )
  ).json() as { url: string; key: string };
  await built.app.inject({
    method: 'PUT',
    url: signed.url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: data,
  });
  const response = await agent.post(`/api/canvas/cards/${cardId}/media`, { key: signed.key }, host);
  return response.json() as { id: string; processing: boolean; summary: string | null };
}

const messageOf = (error: string | undefined) => error?.match(/message:(.*?);ref:/)?.[1] ?? error;

describe('file summaries', () => {
  it('summarizes a PDF and a text file attached to a card, by itself, on enterprise', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Reports');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Owners waste food');
    const pdf = await attach(owner.agent, org.slug, card.id, 'report.pdf', await reportPdf());
    expect(pdf.processing).toBe(true);
    const notes = await attach(
      owner.agent,
      org.slug,
      card.id,
      'notes.txt',
      Buffer.from(
        'Maria counts stock every Sunday. It takes her about four hours every single week, she says. She would pay to stop.',
      ),
    );
    const read = async () =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          'query($id: ID!) { card(cardId: $id) { media { id summary processing } } }',
          {
            id: card.id,
          },
        )
      ).data?.card as { media: { id: string; summary: string | null; processing: boolean }[] };
    const done = await until(read, (c) => c.media.every((m) => m.summary && !m.processing));
    const pdfSummary = done.media.find((m) => m.id === pdf.id)!.summary!;
    expect(pdfSummary).toMatch(/ten percent of the food/);
    expect(pdfSummary).not.toMatch(/weather/);
    expect(done.media.find((m) => m.id === notes.id)!.summary).toMatch(/four hours/);

    // An image is not a document.
    const png = await attach(
      owner.agent,
      org.slug,
      card.id,
      'photo.png',
      Buffer.from('not really'),
    );
    const refused = await onOrg(
      owner.agent,
      org.slug,
      'mutation($m: ID!) { summarizeFile(mediaId: $m) { id } }',
      {
        m: png.id,
      },
    );
    expect(messageOf(refused.errors?.[0]?.message)).toBe(FILE_SUMMARY_MESSAGES.notDocument);
  });

  it('is an enterprise feature: elsewhere a document is attached without a summary', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'garage' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Reports');
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'Owners waste food');
    const file = await attach(
      owner.agent,
      org.slug,
      card.id,
      'notes.txt',
      Buffer.from('Maria counts stock.'),
    );
    expect(file).toMatchObject({ processing: false, summary: null });
    const refused = await onOrg(
      owner.agent,
      org.slug,
      'mutation($m: ID!) { summarizeFile(mediaId: $m) { id } }',
      { m: file.id },
    );
    expect(messageOf(refused.errors?.[0]?.message)).toBe(ERRORS.featureUnavailable.message);
  });
});
