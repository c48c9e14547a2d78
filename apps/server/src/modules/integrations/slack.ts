/**
 * Slack incoming webhooks (https://api.slack.com/messaging/webhooks): a POST of a JSON message to
 * the webhook address. Slack answers 200 "ok", or an error word with a status; each maps to the
 * spec's Slack codes (part 2 §8: 29 invalid webhook, 30 invalid channel, 33 contact us, 34 and 35
 * cannot post to the channel, 36 a Slack problem, 47 the server's message).
 */
import { AppError } from '@assay/domain';

export interface SlackMessage {
  text: string;
  channel?: string;
  blocks?: unknown[];
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The spec's Slack error for what Slack answered. */
export function slackError(status: number, body: string): AppError {
  const word = body.trim();
  switch (word) {
    case 'invalid_token':
    case 'no_service':
    case 'no_service_id':
      return new AppError('slackInvalidWebhook');
    case 'channel_not_found':
    case 'user_not_found':
      return new AppError('slackInvalidChannel');
    case 'no_team':
    case 'team_disabled':
    case 'invalid_team':
      return new AppError('slackContactUs');
    case 'action_prohibited':
    case 'posting_to_general_channel_denied':
      return new AppError('slackCannotPostToChannel');
    case 'channel_is_archived':
      return new AppError('slackChannelArchived');
    default:
      break;
  }
  if (status >= 500 || word === 'rollup_error') return new AppError('slackProblem');
  if (status === 429)
    return new AppError('slackServerMessage', {
      message: 'Slack is receiving too many messages from this project. Please try again later.',
    });
  return new AppError('slackServerMessage', {
    message: word ? `Slack said: ${word.slice(0, 200)}` : undefined,
  });
}

/** Posts one message; resolves when Slack says ok, throws the mapped error otherwise. */
export async function postToSlack(
  webhookUrl: string,
  message: SlackMessage,
  options: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<void> {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  let response: Response;
  try {
    response = await doFetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch {
    throw new AppError('slackProblem');
  }
  const body = await response.text().catch(() => '');
  if (response.ok) return;
  throw slackError(response.status, body);
}
