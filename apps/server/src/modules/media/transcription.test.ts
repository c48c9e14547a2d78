import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createCardAs, createProjectIn } from '../../../test/cards.ts';
import { academicWorld, makeCohort } from '../../../test/cohorts.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { transcriptions } from './schema.ts';

// A local server speaking the OpenAI-compatible /audio/transcriptions call.
const requests: string[] = [];
const provider = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('latin1');
    requests.push(
      `${request.method} ${request.url} ${request.headers.authorization ?? ''}\n${body}`,
    );
    if (request.url !== '/v1/audio/transcriptions' || !body.includes('name="model"')) {
      response.writeHead(400).end('{"error":"bad request"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        text: 'Hello. We queue a lot.',
        duration: 125.4,
        segments: [
          { text: ' Hello.', start: 0, end: 2, speaker: 'SPEAKER_00' },
          { text: ' We queue a lot.', start: 2, end: 5.5, speaker: 'SPEAKER_01' },
        ],
      }),
    );
  });
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;

const built = await buildTestApp({
  env: { TRANSCRIPTION_URL: base, TRANSCRIPTION_API_KEY: 'sk-test' },
});
const unconfigured = await buildTestApp();

const TRANSCRIPTION = `query($id: ID!) { transcription(cardId: $id) { id status seconds error conversation { id speakerIdx name body } } }`;
type Transcription = {
  id: string;
  status: string;
  seconds: number;
  conversation: { id: string; speakerIdx: number; name: string; body: string }[];
};

async function interviewWithFile(agent: Agent, slug: string, filename: string, inProject?: string) {
  const host = { host: `${slug}.assay.test` };
  const projectId = inProject ?? (await createProjectIn(agent, slug));
  const card = (await createCardAs(agent, slug, { projectId, type: 'interview', title: 'Call' }))
    .card!;
  const signed = (
    await agent.get(
      `/api/media/sign?${new URLSearchParams({ filename, collection: 'cards', locationId: card.id }).toString()}`,
      host,
    )
  ).json() as { url: string; key: string };
  await built.app.inject({
    method: 'PUT',
    url: signed.url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from('ID3 fake audio bytes'),
  });
  const file = (
    await agent.post(`/api/canvas/cards/${card.id}/media`, { key: signed.key }, host)
  ).json() as { id: string };
  return { card, file, host };
}

describe('transcription', () => {
  it('transcribes an interview recording in the background and lets people correct text and speakers', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const { card, file, host } = await interviewWithFile(owner.agent, org.slug, 'call.mp3');
    const started = await owner.agent.post(
      `/api/media/cards/${card.id}/transcribe`,
      { mediaId: file.id, speakerCount: 2 },
      host,
    );
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'processing', processing: true });

    let transcription: Transcription | undefined;
    await expect
      .poll(async () => {
        transcription = (await onOrg(owner.agent, org.slug, TRANSCRIPTION, { id: card.id })).data
          ?.transcription as Transcription;
        return transcription?.status;
      })
      .toBe('complete');
    expect(transcription).toMatchObject({
      seconds: 126,
      conversation: [
        { speakerIdx: 0, name: 'Speaker 1', body: 'Hello.' },
        { speakerIdx: 1, name: 'Speaker 2', body: 'We queue a lot.' },
      ],
    });
    expect(requests.at(-1)).toContain('Bearer sk-test');
    expect(requests.at(-1)).toContain('verbose_json');

    const entry = transcription!.conversation[1]!;
    const text = await onOrg(
      owner.agent,
      org.slug,
      'mutation($e: ID!) { updateTranscriptionText(entryId: $e, body: "We queue a lot at noon.") { conversation { body } } }',
      { e: entry.id },
    );
    expect((text.data?.updateTranscriptionText as Transcription).conversation[1]?.body).toBe(
      'We queue a lot at noon.',
    );
    const speaker = await onOrg(
      owner.agent,
      org.slug,
      'mutation($e: ID!) { updateTranscriptionSpeaker(entryId: $e, speakerIdx: 0, name: "Priya") { conversation { speakerIdx name } } }',
      { e: entry.id },
    );
    expect((speaker.data?.updateTranscriptionSpeaker as Transcription).conversation[1]).toEqual({
      speakerIdx: 0,
      name: 'Priya',
    });
    const removed = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { deleteTranscription(cardId: $id) }',
      { id: card.id },
    );
    expect(removed.data?.deleteTranscription).toBe(true);
    expect(
      (await onOrg(owner.agent, org.slug, TRANSCRIPTION, { id: card.id })).data?.transcription,
    ).toBeNull();

    const stranger = await ownerWithOrganization(built, { license: 'business' });
    const theirs = await onOrg(
      stranger.owner.agent,
      stranger.org.slug,
      'mutation($e: ID!) { updateTranscriptionText(entryId: $e, body: "x") { id } }',
      { e: entry.id },
    );
    expect(theirs.errors?.[0]?.message).toContain('statusCode:404');
  });

  it('refuses images, plans without hours, and a server without a transcription service, with clear messages', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const image = await interviewWithFile(owner.agent, org.slug, 'photo.png');
    const wrong = await owner.agent.post(
      `/api/media/cards/${image.card.id}/transcribe`,
      { mediaId: image.file.id },
      image.host,
    );
    expect(wrong.json()).toMatchObject({ message: ERRORS.transcriptionWrongFile.message });

    const garage = await ownerWithOrganization(built);
    const free = await interviewWithFile(garage.owner.agent, garage.org.slug, 'call.m4a');
    const noHours = await garage.owner.agent.post(
      `/api/media/cards/${free.card.id}/transcribe`,
      { mediaId: free.file.id },
      free.host,
    );
    expect(noHours.json()).toMatchObject({ message: ERRORS.transcriptionNotInPlan.message });

    const audio = await interviewWithFile(owner.agent, org.slug, 'call.wav');
    const plain = await unconfigured.app.inject({
      method: 'POST',
      url: `/api/media/cards/${audio.card.id}/transcribe`,
      headers: {
        'content-type': 'application/json',
        host: `${org.slug}.assay.test`,
        cookie: [...owner.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: JSON.stringify({ mediaId: audio.file.id }),
    });
    expect(plain.statusCode).toBe(503);
    expect(plain.json()).toMatchObject({ message: ERRORS.transcriptionNotConfigured.message });
  });

  it('counts a cohort team against the cohort’s own hours, given by the organisation', async () => {
    const w = await academicWorld(built);
    const { cohort } = await makeCohort<{ id: string; teams: { id: string }[] }>(
      w,
      'id teams { id }',
    );
    const teamId = cohort!.teams[0]!.id;
    const call = await interviewWithFile(w.owner, w.org.slug, 'lab.mp3', teamId);
    const start = () =>
      w.owner.post(
        `/api/media/cards/${call.card.id}/transcribe`,
        { mediaId: call.file.id },
        call.host,
      );
    // The academic plan has no hours of its own.
    expect((await start()).json()).toMatchObject({
      message: ERRORS.transcriptionNotInPlan.message,
    });
    const given = await w.run(
      w.owner,
      'mutation($i: JSON!) { updateCohort(input: $i) { limits { transcriptionHours } } }',
      { i: { cohortId: cohort!.id, limits: { transcriptionHours: 1 } } },
    );
    expect(given.data?.updateCohort).toEqual({ limits: { transcriptionHours: 1 } });
    expect((await start()).statusCode).toBe(202);
    await expect
      .poll(async () => {
        const t = (await w.run(w.owner, TRANSCRIPTION, { id: call.card.id })).data
          ?.transcription as Transcription;
        return t?.status;
      })
      .toBe('complete');
    // An hour used across the cohort's teams: no more.
    await built.services.database.db
      .update(transcriptions)
      .set({ seconds: 3600 })
      .where(eq(transcriptions.cardId, call.card.id));
    expect((await start()).json()).toMatchObject({
      message: ERRORS.transcriptionHoursUsed.message,
    });
  });
});
