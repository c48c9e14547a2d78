/**
 * The face of organizations for the modules that build on it.
 *
 * `invitation.accepted`, heard inside the accepting transaction. An invitation may name projects
 * and cohorts as well as the organisation; those modules sit above organizations, so instead of
 * organizations calling them (an import cycle) each registers what joining means for it, and
 * the new member joins everything in one transaction or nothing (decision 009).
 */
import type { Executor } from '../../platform/db/index.ts';

export interface InvitationAccepted {
  organizationId: string;
  /** The new member's profile. */
  profileId: string;
  /** What the invitation named beyond the organisation. */
  projects: { id: string; role: string }[];
  cohorts: { id: string; role: string }[];
}

export type InvitationAcceptedHandler = (
  tx: Executor,
  accepted: InvitationAccepted,
) => Promise<void>;

const handlers = new Map<string, InvitationAcceptedHandler>();

/** Registers (or replaces) a module's part in accepting an invitation. */
export function onInvitationAccepted(module: string, handler: InvitationAcceptedHandler): void {
  handlers.set(module, handler);
}

/** Runs every registered part, in registration order, inside the caller's transaction. */
export async function invitationAccepted(
  tx: Executor,
  accepted: InvitationAccepted,
): Promise<void> {
  for (const handler of handlers.values()) await handler(tx, accepted);
}
