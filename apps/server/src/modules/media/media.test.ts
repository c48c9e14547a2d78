import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

async function noisyPng(width: number, height: number): Promise<Buffer> {
  // Random pixels do not compress, so the file stays large.
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pdfWithPages(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) document.addPage([200, 200]).drawText(`Page ${i + 1}`);
  return Buffer.from(await document.save());
}

type Signed = { url: string; key: string; filename: string; fileType: string };

async function sign(agent: Agent, slug: string, query: Record<string, string>) {
  const response = await agent.get(`/api/media/sign?${new URLSearchParams(query).toString()}`, {
    host: `${slug}.assay.test`,
  });
  return { status: response.statusCode, body: response.json() as Signed & { message?: string } };
}

async function upload(url: string, data: Buffer) {
  return built.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: data,
  });
}

describe('uploads', () => {
  it('signs, uploads and records an organisation image with its variants, downloadable by members only', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const png = await noisyPng(1000, 750);
    expect(png.length).toBeGreaterThan(100_000);
    const signed = await sign(owner.agent, org.slug, {
      filename: 'Logo & Mark é.png',
      collection: 'organizations',
      locationId: org.id,
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ filename: 'Logo_and_Mark_e.png', fileType: 'image' });
    expect((await upload(signed.body.url, png)).statusCode).toBe(201);

    const recorded = await owner.agent.post(
      `/api/org/organizations/${org.id}/media`,
      { key: signed.body.key },
      host,
    );
    expect(recorded.statusCode).toBe(200);
    const mediaRow = recorded.json() as {
      id: string;
      thumbUrl: string;
      mediumUrl: string;
      url: string;
    };
    expect(mediaRow.thumbUrl).toContain(mediaRow.id);
    const organization = await onOrg(owner.agent, org.slug, '{ fullOrganization { image } }');
    expect((organization.data?.fullOrganization as { image: string }).image).toBe(
      mediaRow.thumbUrl,
    );

    const thumb = await owner.agent.get(mediaRow.thumbUrl, host);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(500);
    const medium = await sharp(
      (await owner.agent.get(mediaRow.mediumUrl, host)).rawPayload,
    ).metadata();
    expect(Math.max(medium.width ?? 0, medium.height ?? 0)).toBe(800);
    const full = await owner.agent.get(mediaRow.url, host);
    expect(full.rawPayload.equals(png)).toBe(true);

    const stranger = await ownerWithOrganization(built);
    const theirs = await stranger.owner.agent.get(mediaRow.url, {
      host: `${stranger.org.slug}.assay.test`,
    });
    expect(theirs.statusCode).toBe(404);

    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await sign(collaborator.agent, org.slug, {
      filename: 'x.png',
      collection: 'organizations',
      locationId: org.id,
    });
    expect(refused.status).toBe(403);
    // Members still see the image.
    expect((await collaborator.agent.get(mediaRow.thumbUrl, host)).statusCode).toBe(200);

    const removed = await owner.agent.delete(
      `/api/org/organizations/${org.id}/media/${mediaRow.id}`,
      undefined,
      host,
    );
    expect(removed.statusCode).toBe(200);
    expect((await owner.agent.get(mediaRow.url, host)).statusCode).toBe(404);
  });

  it('makes no variants for small images, and sets and removes a profile picture', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const small = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const profileId = (
      (await onOrg(owner.agent, org.slug, '{ profile { id } }')).data?.profile as { id: string }
    ).id;
    const signed = await sign(owner.agent, org.slug, {
      filename: 'me.png',
      collection: 'profiles',
      locationId: profileId,
    });
    await upload(signed.body.url, small);
    const recorded = (
      await owner.agent.post(
        `/api/users/profiles/${profileId}/media`,
        { key: signed.body.key },
        host,
      )
    ).json() as { thumbUrl: string | null; mediumUrl: string | null; url: string };
    expect(recorded).toMatchObject({ thumbUrl: null, mediumUrl: null });
    const profile = await onOrg(owner.agent, org.slug, '{ profile { image } }');
    expect((profile.data?.profile as { image: string }).image).toBe(recorded.url);
    expect(
      (await owner.agent.delete(`/api/users/profiles/${profileId}/media`, undefined, host))
        .statusCode,
    ).toBe(200);
    const after = await onOrg(owner.agent, org.slug, '{ profile { image } }');
    expect((after.data?.profile as { image: string | null }).image).toBeNull();
  });

  it('refuses SVGs, empty files, files over 100 MB and forged signatures with the spec messages', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const svg = await sign(owner.agent, org.slug, {
      filename: 'logo.svg',
      collection: 'organizations',
      locationId: org.id,
    });
    expect(svg).toMatchObject({ status: 400, body: { message: ERRORS.uploadSvg.message } });
    const big = await sign(owner.agent, org.slug, {
      filename: 'film.mov',
      collection: 'organizations',
      locationId: org.id,
      size: String(104_857_601),
    });
    expect(big).toMatchObject({
      status: 413,
      body: { message: 'uploads must be less than 100mb' },
    });

    const signed = await sign(owner.agent, org.slug, {
      filename: 'empty.png',
      collection: 'organizations',
      locationId: org.id,
    });
    const empty = await upload(signed.body.url, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'cannot upload an empty file' });

    // An SVG under another name is found by its content when recorded.
    const disguised = await sign(owner.agent, org.slug, {
      filename: 'logo.png',
      collection: 'organizations',
      locationId: org.id,
    });
    await upload(disguised.body.url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    const recorded = await owner.agent.post(
      `/api/org/organizations/${org.id}/media`,
      { key: disguised.body.key },
      host,
    );
    expect(recorded.json()).toMatchObject({ message: ERRORS.uploadSvg.message });

    const forged = await upload(
      signed.body.url.replace(/signature=[^&]+/, 'signature=forged'),
      Buffer.from('x'),
    );
    expect(forged.statusCode).toBe(403);
    // A key of another organisation cannot be recorded here.
    const other = await ownerWithOrganization(built, { license: 'enterprise' });
    const theirs = await owner.agent.post(
      `/api/org/organizations/${org.id}/media`,
      { key: `${other.org.id}/organizations/${other.org.id}/abc/logo.png` },
      host,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('signs card uploads only for those who may edit the card, and checks and trims PDFs', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const card = await publishedHypothesis(owner.agent, org.slug, projectId, 'With a report');
    const allowed = await sign(owner.agent, org.slug, {
      filename: 'report.pdf',
      collection: 'cards',
      locationId: card.id,
    });
    expect(allowed).toMatchObject({ status: 200, body: { fileType: 'pdf' } });
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const refused = await sign(limited.agent, org.slug, {
      filename: 'report.pdf',
      collection: 'cards',
      locationId: card.id,
    });
    expect(refused.status).toBe(403);

    const { processPdf, processUpload } = await import('./processing.ts');
    const trimmed = await processUpload(await pdfWithPages(120), 'report.pdf');
    expect(trimmed.isPdf).toBe(true);
    expect((await PDFDocument.load(trimmed.data)).getPageCount()).toBe(100);
    const short = await pdfWithPages(3);
    expect((await processPdf(short)).equals(short)).toBe(true);
    await expect(processPdf(Buffer.from('hello'))).rejects.toMatchObject({
      message: ERRORS.pdfInvalidType.message,
    });
    await expect(processPdf(Buffer.from('%PDF-1.7 nonsense'))).rejects.toMatchObject({
      message: ERRORS.pdfInvalidStructure.message,
    });
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    await expect(processPdf(empty)).rejects.toMatchObject({ message: ERRORS.pdfNoPages.message });
  });

  it('attaches files to a card, which count for a post and show on the card, and removes them', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const made = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: JSON!) { createCard(input: $i) { id version } }',
      {
        i: { projectId, type: 'post', title: 'Whiteboard photo', isEvidence: false },
      },
    );
    const post = made.data?.createCard as { id: string; version: number };
    const png = await noisyPng(700, 500);
    const signed = await sign(owner.agent, org.slug, {
      filename: 'board.png',
      collection: 'cards',
      locationId: post.id,
    });
    await upload(signed.body.url, png);
    const attached = await owner.agent.post(
      `/api/canvas/cards/${post.id}/media`,
      { key: signed.body.key },
      host,
    );
    expect(attached.statusCode).toBe(200);
    const file = attached.json() as { id: string; thumbUrl: string };
    const card = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { version media { id filename fileType thumbUrl } } }',
      { id: post.id },
    );
    expect(card.data?.card).toMatchObject({
      media: [{ id: file.id, filename: 'board.png', fileType: 'image' }],
    });
    // A non-evidence post publishes with an attachment and no summary.
    const published = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { draft } }',
      {
        id: post.id,
        v: (card.data?.card as { version: number }).version,
      },
    );
    expect(published.data?.publishCard).toEqual({ draft: false });
    expect((await owner.agent.get(file.thumbUrl, host)).statusCode).toBe(200);
    const removed = await owner.agent.delete(
      `/api/canvas/cards/${post.id}/media`,
      { mediaId: file.id },
      host,
    );
    expect(removed.statusCode).toBe(200);
    const after = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { media { id } } }',
      { id: post.id },
    );
    expect(after.data?.card).toEqual({ media: [] });
  });
});
