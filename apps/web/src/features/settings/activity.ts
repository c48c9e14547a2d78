/** Plain words for an access-log entry. */
const WORDS: Record<string, string> = {
  'auth.create.profile': 'Signed in',
  'organizations.create.invite': 'Invited a person',
  'organizations.resend.invite': 'Resent an invitation',
  'organizations.delete.invite': 'Withdrew an invitation',
  'organizations.updateRole.profile': 'Changed a role',
  'organizations.disable.profile': 'Disabled a member',
  'organizations.enable.profile': 'Enabled a member',
  'organizations.create.profile': 'Joined the organization',
  'organizations.leave.profile': 'Left the organization',
  'organizations.create.organization': 'Created the organization',
  'organizations.requestApproval.organization': 'Asked the owners for a feature or more room',
  'auth.accessTokenCreate.profile': 'Made an access token',
  'auth.accessTokenRevoke.profile': 'Revoked an access token',
  'auth.accessTokenUse.profile': 'Used an access token (AI assistant)',
};

export function describeActivity(activity: {
  service: string;
  action: string;
  entity: string;
}): string {
  return (
    WORDS[`${activity.service}.${activity.action}.${activity.entity}`] ??
    `${activity.action} ${activity.entity}`
  );
}
