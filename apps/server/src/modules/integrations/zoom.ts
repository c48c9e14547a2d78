/**
 * Zoom (part 2 §3 Interview video-meeting info; part 1 §2.1 the embedded entry screens): an
 * interview keeps the meeting it was held in (meeting UUID, play URL, password, who held it). With
 * a project's Server-to-Server OAuth app (POST https://zoom.us/oauth/token, grant_type
 * account_credentials) the meeting's cloud recording (GET /v2/meetings/{uuid}/recordings) is
 * brought onto the interview as media and offered for transcription.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, isAppError, meetingInfoSchema, zoomCredentialsSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { editableCardAccess } from '../cards/ports.ts';
import { evidence } from '../cards/schema.ts';
import { recordCardEvent } from '../cards/ports.ts';
import { recordMedia } from '../media/ports.ts';
import { startTranscription } from '../media/ports.ts';
import { parse } from '../../http/parse.ts';
import { integrationOf, managedIntegration, openSecret, saveIntegration } from './service.ts';

interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

/** An access token for the account (Server-to-Server OAuth). */
async function zoomToken(services: AppServices, credentials: ZoomCredentials): Promise<string> {
  let response: Response;
  try {
    response = await fetch(
      `${services.config.integrations.zoomOAuthUrl}?grant_type=account_credentials&account_id=${encodeURIComponent(credentials.accountId)}`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
        },
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      },
    );
  } catch {
    throw new AppError('validation', { message: 'Zoom did not answer. Please try again.' });
  }
  if (!response.ok)
    throw new AppError('validation', {
      message:
        'Zoom refused the app credentials. Please check the account ID, client ID and secret.',
    });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token)
    throw new AppError('validation', { message: 'Zoom gave no access token.' });
  return body.access_token;
}

/** PUT …/zoom: turns Zoom on; with app credentials, recordings can be imported. */
export async function connectZoom(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { project } = await managedIntegration(services, member, projectId, 'zoom');
  const data = parse(zoomCredentialsSchema.safeParse(input ?? {}));
  const credentials =
    data.accountId && data.clientId && data.clientSecret ? (data as ZoomCredentials) : null;
  if (credentials) await zoomToken(services, credentials);
  return saveIntegration(
    services,
    member,
    project,
    'zoom',
    {
      settings: { recordings: !!credentials, accountId: credentials?.accountId ?? null },
      secret: credentials ? { ...credentials } : undefined,
    },
    context,
  );
}

/** PUT /api/canvas/cards/{cardId}/meeting: the meeting an interview was held in. */
export async function setInterviewMeeting(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  input: unknown,
  context: RequestContext,
) {
  const access = await editableCardAccess(services, member, cardId);
  if (access.card.type !== 'interview')
    throw new AppError('validation', { message: 'Only interviews keep a video meeting.' });
  const data = parse(meetingInfoSchema.safeParse(input));
  const meeting = data.meetingUUID
    ? {
        profileId: member.profileId,
        meetingUUID: data.meetingUUID,
        playURL: data.playURL ?? null,
        meetingPassword: data.meetingPassword ?? null,
      }
    : null;
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(evidence)
        .set({ videoMeeting: meeting })
        .where(eq(evidence.cardId, access.card.id));
      await recordCardEvent(unit, member, access.card, 'update', { videoMeeting: !!meeting });
    },
    { context },
  );
  return { videoMeeting: meeting };
}

/** Zoom's UUIDs that start with / or hold // are encoded twice in paths. */
function meetingPath(uuid: string) {
  const once = encodeURIComponent(uuid);
  return uuid.startsWith('/') || uuid.includes('//') ? encodeURIComponent(once) : once;
}

interface RecordingFile {
  id?: string;
  file_type?: string;
  file_extension?: string;
  download_url?: string;
  status?: string;
  recording_type?: string;
}

/**
 * POST /api/canvas/cards/{cardId}/meeting/recording: the meeting's audio (or video) recording
 * becomes the interview's media, and its transcription starts when the server can transcribe.
 */
export async function importMeetingRecording(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  const access = await editableCardAccess(services, member, cardId);
  const [detail] = await services.database.db
    .select({ videoMeeting: evidence.videoMeeting })
    .from(evidence)
    .where(eq(evidence.cardId, access.card.id));
  const meeting = detail?.videoMeeting;
  if (!meeting)
    throw new AppError('validation', { message: 'Link the interview to its Zoom meeting first.' });
  const row = await integrationOf(services, access.project.id, 'zoom');
  const credentials = row?.enabled ? openSecret<ZoomCredentials>(services, row) : null;
  if (!credentials)
    throw new AppError('validation', {
      message: 'Add the Zoom app credentials in the project’s settings to import recordings.',
    });
  const token = await zoomToken(services, credentials);
  const api = services.config.integrations.zoomBaseUrl;
  const listed = await fetch(`${api}/v2/meetings/${meetingPath(meeting.meetingUUID)}/recordings`, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!listed || listed.status === 404)
    throw new AppError('validation', {
      message: 'Zoom has no cloud recording of this meeting yet.',
    });
  if (!listed.ok)
    throw new AppError('validation', { message: 'Zoom could not list the recordings.' });
  const files =
    ((await listed.json()) as { recording_files?: RecordingFile[] }).recording_files ?? [];
  const done = files.filter((f) => f.status === undefined || f.status === 'completed');
  const pick = done.find((f) => f.file_type === 'M4A') ?? done.find((f) => f.file_type === 'MP4');
  if (!pick?.download_url)
    throw new AppError('validation', {
      message: 'Zoom has no cloud recording of this meeting yet.',
    });
  // Only Zoom's own addresses (or the configured API's) are fetched.
  const from = new URL(pick.download_url);
  const apiHost = new URL(api).host;
  if (from.host !== apiHost && !/(^|\.)zoom\.us$/.test(from.hostname))
    throw new AppError('validation', {
      message: 'Zoom gave a recording address Assay does not trust.',
    });
  const download = await fetch(pick.download_url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(120_000),
  }).catch(() => null);
  if (!download?.ok)
    throw new AppError('validation', { message: 'Zoom could not give the recording.' });
  const data = Buffer.from(await download.arrayBuffer());
  const extension = pick.file_type === 'M4A' ? 'm4a' : 'mp4';
  const key = `${member.organization.id}/cards/${access.card.id}/${randomBytes(9).toString('base64url')}/zoom-recording.${extension}`;
  await services.storage.write(key, data);
  const file = await recordMedia(
    services,
    member,
    { collection: 'cards', subjectId: access.card.id, key },
    context,
  );
  let transcription: string | null = null;
  try {
    const started = await startTranscription(
      services,
      member,
      access.card.id,
      { mediaId: file.id, speakerCount: 2 },
      context,
    );
    transcription = (started as { status?: string }).status ?? 'processing';
  } catch (error) {
    // Without transcription on the plan or the server, the recording is still kept.
    if (!isAppError(error)) throw error;
  }
  return { mediaId: file.id, filename: file.filename, transcription };
}
