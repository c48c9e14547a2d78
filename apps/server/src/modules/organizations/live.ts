/**
 * A member's own channel, `/sub/m{profileId}` (part 2 §7, #48 item 6): what changes about them —
 * their role, their profile, joining or leaving, ownership — so their screens can follow (a role
 * that drops closes what it no longer opens). Only the member hears it.
 */
import { toRealtimeMessage } from '../../platform/events/dispatch.ts';
import { channel } from '../../platform/realtime/bus.ts';
import type { AppServices } from '../../services.ts';

export function registerMemberChannel(services: AppServices) {
  services.events.route(async (event) =>
    event.subjectType === 'profile' && event.subjectId
      ? [{ channel: channel('m', event.subjectId), message: toRealtimeMessage(event) }]
      : [],
  );
}
