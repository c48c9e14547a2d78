/**
 * Speech to text through an OpenAI-compatible `POST {base}/audio/transcriptions` (multipart: file,
 * model, response_format=verbose_json). Segments may carry a speaker (servers that diarise);
 * otherwise every segment is speaker 0 and people can reassign them.
 */
export interface TranscriptSegment {
  text: string;
  start: number;
  end: number;
  speaker: number;
}

export interface Transcript {
  durationSeconds: number;
  segments: TranscriptSegment[];
}

export interface TranscriptionClient {
  transcribe(
    file: { data: Buffer; filename: string; contentType: string },
    speakerCount: number,
  ): Promise<Transcript>;
}

function speakerIndex(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? /(\d+)/.exec(value) : null;
  return match ? Number(match[1]) : 0;
}

export function createTranscriptionClient(settings: {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}): TranscriptionClient {
  return {
    async transcribe(file, speakerCount) {
      const form = new FormData();
      form.set('file', new Blob([file.data], { type: file.contentType }), file.filename);
      form.set('model', settings.model);
      form.set('response_format', 'verbose_json');
      if (speakerCount > 1) form.set('speaker_count', String(speakerCount));
      const response = await fetch(`${settings.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(10 * 60 * 1000),
      });
      if (!response.ok) {
        throw new Error(
          `transcription service answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      }
      const body = (await response.json()) as {
        text?: string;
        duration?: number;
        segments?: { text?: string; start?: number; end?: number; speaker?: unknown }[];
      };
      const segments = (body.segments ?? [])
        .map((s) => ({
          text: (s.text ?? '').trim(),
          start: Number(s.start ?? 0),
          end: Number(s.end ?? 0),
          speaker: speakerIndex(s.speaker),
        }))
        .filter((s) => s.text);
      if (segments.length === 0 && body.text?.trim()) {
        segments.push({
          text: body.text.trim(),
          start: 0,
          end: Number(body.duration ?? 0),
          speaker: 0,
        });
      }
      return { durationSeconds: Number(body.duration ?? segments.at(-1)?.end ?? 0), segments };
    },
  };
}
