/**
 * Zoom against a local server speaking the parts of its API the client uses: Server-to-Server
 * OAuth (POST /oauth/token, Basic client credentials), the meeting's cloud recordings
 * (GET /v2/meetings/{uuid}/recordings, a double-encoded UUID when it holds a slash) and the
 * recording's download, which the interview keeps as media and sends to transcription.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn } from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const BASIC = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
// Zoom asks for UUIDs starting with / or holding // to be encoded twice.
const UUID = '/aB//cD+eF==';
const seen: string[] = [];
const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const zoom = createServer((request, response) => {
  const url = request.url ?? '';
  seen.push(`${request.method} ${url}`);
  if (url.startsWith('/oauth/token')) {
    if (
      request.method !== 'POST' ||
      request.headers.authorization !== BASIC ||
      !url.includes('grant_type=account_credentials&account_id=acct-1')
    )
      return json(response, 401, { reason: 'Invalid client_id or client_secret' });
    return json(response, 200, {
      access_token: 'zoom-access',
      token_type: 'bearer',
      expires_in: 3600,
    });
  }
  if (request.headers.authorization !== 'Bearer zoom-access')
    return json(response, 401, { code: 124 });
  if (url === `/v2/meetings/${encodeURIComponent(encodeURIComponent(UUID))}/recordings`)
    return json(response, 200, {
      uuid: UUID,
      recording_files: [
        {
          id: 'v',
          file_type: 'MP4',
          status: 'completed',
          download_url: `http://${request.headers.host}/rec/download/video`,
        },
        {
          id: 'a',
          file_type: 'M4A',
          status: 'completed',
          download_url: `http://${request.headers.host}/rec/download/audio`,
        },
      ],
    });
  if (url === '/rec/download/audio')
    return response
      .writeHead(200, { 'content-type': 'audio/mp4' })
      .end(Buffer.from('ftypM4A audio bytes'));
  return json(response, 404, { code: 3301, message: 'This recording does not exist.' });
});
await new Promise<void>((resolve) => zoom.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(zoom.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => zoom.close(() => resolve())));

const built = await buildTestApp({
  env: { ZOOM_API_URL: base, ZOOM_OAUTH_URL: `${base}/oauth/token` },
});

describe('Zoom', () => {
  it('keeps an interview’s meeting and brings its recording in as media', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Clinics');
    const { card } = await createCardAs(owner.agent, org.slug, {
      projectId,
      type: 'interview',
      title: 'Call',
    });
    const interview = card!;

    const linked = await owner.agent.put(
      `/api/canvas/cards/${interview.id}/meeting`,
      { meetingUUID: UUID },
      host,
    );
    expect(linked.json()).toMatchObject({ videoMeeting: { meetingUUID: UUID, playURL: null } });
    const shown = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { evidence { videoMeeting { meetingUUID } } } }',
      {
        id: interview.id,
      },
    );
    expect(shown.data?.card).toEqual({ evidence: { videoMeeting: { meetingUUID: UUID } } });

    const importIt = () =>
      owner.agent.post(`/api/canvas/cards/${interview.id}/meeting/recording`, {}, host);
    expect((await importIt()).json()).toMatchObject({
      message: 'Add the Zoom app credentials in the project’s settings to import recordings.',
    });
    const wrong = await owner.agent.put(
      `/api/proj/projects/${projectId}/zoom`,
      { accountId: 'acct-1', clientId: 'client-id', clientSecret: 'nope' },
      host,
    );
    expect(wrong.json()).toMatchObject({
      message:
        'Zoom refused the app credentials. Please check the account ID, client ID and secret.',
    });
    const connected = await owner.agent.put(
      `/api/proj/projects/${projectId}/zoom`,
      { accountId: 'acct-1', clientId: 'client-id', clientSecret: 'client-secret' },
      host,
    );
    expect(connected.json()).toMatchObject({ connected: true, settings: { recordings: true } });
    expect(connected.body).not.toContain('client-secret');

    const imported = await importIt();
    expect(imported.json()).toMatchObject({ filename: 'zoom-recording.m4a' });
    // The audio file was chosen over the video.
    expect(seen).toContain('GET /rec/download/audio');
    expect(seen).not.toContain('GET /rec/download/video');
    const media = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { card(cardId: $id) { media { filename fileType } } }',
      {
        id: interview.id,
      },
    );
    expect(media.data?.card).toEqual({
      media: [{ filename: 'zoom-recording.m4a', fileType: 'audio' }],
    });

    // Only interviews keep a meeting.
    const { card: idea } = await createCardAs(owner.agent, org.slug, { projectId, title: 'Idea' });
    const refused = await owner.agent.put(
      `/api/canvas/cards/${idea!.id}/meeting`,
      { meetingUUID: 'x' },
      host,
    );
    expect(refused.json()).toMatchObject({ message: 'Only interviews keep a video meeting.' });
  });
});
