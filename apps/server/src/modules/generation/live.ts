/**
 * The AI agent's channel of a project, `/sub/a{projectId}` (part 2 §7, #48 item 6): every step of
 * the project's generations (queued, each stage, done or failed), for a screen that follows the
 * agent without hearing the project's card traffic. The project's own channel carries them too.
 */
import { toRealtimeMessage } from '../../platform/events/dispatch.ts';
import { channel } from '../../platform/realtime/bus.ts';
import type { AppServices } from '../../services.ts';

export function registerAgentChannel(services: AppServices) {
  services.events.route(async (event) =>
    event.name.startsWith('generation.') && event.projectId
      ? [{ channel: channel('a', event.projectId), message: toRealtimeMessage(event) }]
      : [],
  );
}
