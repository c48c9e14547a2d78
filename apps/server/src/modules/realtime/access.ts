/**
 * Who may listen on a realtime channel (part 2 §4, §7): a project's channel needs the project to
 * be visible to the member; the organisation's, membership of it; the member and inbox channels,
 * being that member; a cohort's, a part in the cohort; the AI agent's of a project, the project.
 */
import { AppError, isUuid } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { ChannelKind } from '../../platform/realtime/bus.ts';
import type { AppServices } from '../../services.ts';
import { projectAccess } from '../cards/ports.ts';
import { cohortAccess } from '../cohorts/ports.ts';

export function parseChannel(name: string): { kind: ChannelKind; id: string } | null {
  const kind = name[0] as ChannelKind | undefined;
  const id = name.slice(1);
  if (!kind || !'pcoami'.includes(kind) || !isUuid(id)) return null;
  return { kind, id };
}

export async function checkChannel(
  services: AppServices,
  member: MemberContext,
  channel: { kind: ChannelKind; id: string },
): Promise<void> {
  switch (channel.kind) {
    case 'p':
      await projectAccess(services, member, channel.id);
      return;
    case 'o':
      if (channel.id !== member.organization.id) throw new AppError('forbidden');
      return;
    case 'c':
      // A cohort's channel: anyone with a part in the cohort (not found otherwise).
      await cohortAccess(services, member, channel.id);
      return;
    case 'a':
      // The AI agent's channel of a project: as the project's own.
      await projectAccess(services, member, channel.id);
      return;
    case 'm':
    case 'i':
      if (channel.id !== member.profileId) throw new AppError('forbidden');
      return;
    default:
      throw new AppError('forbidden');
  }
}
