/** The emails the app sends: plain text first, with a simple HTML twin. */
import type { MailMessage } from '../../platform/mail/index.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function message(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): MailMessage {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', '— Assay'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>— Assay</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function confirmEmailMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Confirm your email to start with Assay',
    [
      'Welcome to Assay!',
      'Confirm your email address to create your account. The link works for 24 hours.',
    ],
    { label: 'Confirm your email', url },
  );
}

export function existingAccountMail(to: string, url: string): MailMessage {
  return message(
    to,
    'You already have an Assay account',
    ['Someone (hopefully you) tried to sign up with this address, which already has an account.'],
    { label: 'Sign in', url },
  );
}

export function inviteMail(to: string, organizationName: string, url: string): MailMessage {
  return message(
    to,
    `You are invited to ${organizationName} on Assay`,
    [`You have been invited to join ${organizationName} on Assay.`],
    { label: 'Accept the invitation', url },
  );
}

export function approvalRequestMail(
  to: string,
  requester: string,
  organizationName: string,
  feature: string,
  note: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${requester} asks for ${feature} in ${organizationName}`,
    [
      `${requester} hit a limit of your plan or a locked feature in ${organizationName}: ${feature}.`,
      ...(note ? [`They wrote: ${note}`] : []),
      'As an owner, you can change the plan or the limits.',
    ],
    { label: 'Open the organization', url },
  );
}

export function ownershipReceivedMail(
  to: string,
  giver: string,
  organizationName: string,
  url: string,
): MailMessage {
  return message(
    to,
    `You are now an owner of ${organizationName}`,
    [
      `${giver} made you an owner of ${organizationName} on Assay and is now an admin there.`,
      'As an owner you manage its members, its plan and its billing.',
    ],
    { label: 'Open the members', url },
  );
}

export function ownershipGivenMail(
  to: string,
  receiver: string,
  organizationName: string,
  url: string,
): MailMessage {
  return message(
    to,
    `You handed ${organizationName} to ${receiver}`,
    [
      `${receiver} is now an owner of ${organizationName} on Assay; you are an admin there.`,
      'If you did not do this, contact the new owner or our support at once.',
    ],
    { label: 'Open the members', url },
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Reset your Assay password',
    [
      'Choose a new password with the link below. It works for one hour, once.',
      'If you did not ask for this, ignore this email.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function changeEmailMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Confirm your new email for Assay',
    ['Confirm that this is your new email address for Assay.'],
    { label: 'Confirm the new email', url },
  );
}

/** What changed on an account, for the security notices (issue #25). */
export type SecurityEvent =
  | { kind: 'passwordChanged' }
  | { kind: 'passwordReset' }
  | { kind: 'emailChanged'; from: string; to: string }
  | { kind: 'mfaEnabled' }
  | { kind: 'mfaDisabled' }
  | { kind: 'recoveryCodeUsed'; remaining: number }
  | { kind: 'newDevice'; device: string; ip: string }
  | { kind: 'accountDeleted' }
  | { kind: 'ssoSignIn'; organization: string; ip: string }
  | { kind: 'ssoLinked'; organization: string; by: 'mail' | 'session' };

const SECURITY_SUBJECTS: Record<SecurityEvent['kind'], string> = {
  passwordChanged: 'Your Assay password was changed',
  passwordReset: 'Your Assay password was reset',
  emailChanged: 'The email address of your Assay account was changed',
  mfaEnabled: 'Two-step verification is now on for your Assay account',
  mfaDisabled: 'Two-step verification was turned off for your Assay account',
  recoveryCodeUsed: 'A recovery code was used to sign in to your Assay account',
  newDevice: 'New sign-in to your Assay account',
  accountDeleted: 'Your Assay account was deleted',
  ssoSignIn: 'Single sign-on signed in to your Assay account',
  ssoLinked: 'Single sign-on may now sign in to your Assay account',
};

function securityLines(event: SecurityEvent): string[] {
  switch (event.kind) {
    case 'passwordChanged':
      return ['The password of your account was changed, and your other sessions were signed out.'];
    case 'passwordReset':
      return [
        'The password of your account was reset from a link sent to this address, and every session was signed out.',
      ];
    case 'emailChanged':
      return [`Your account now signs in as ${event.to} instead of ${event.from}.`];
    case 'mfaEnabled':
      return [
        'Two-step verification was turned on: signing in now also asks for a code from your authenticator app.',
      ];
    case 'mfaDisabled':
      return ['Two-step verification was turned off: signing in now asks only for your password.'];
    case 'recoveryCodeUsed':
      return [
        'One of your recovery codes was used to sign in; it cannot be used again.',
        event.remaining === 1
          ? 'You have 1 recovery code left.'
          : `You have ${event.remaining} recovery codes left.`,
      ];
    case 'newDevice':
      return [
        `Your account was signed in to from a browser it had not used before: ${event.device} (address ${event.ip}).`,
      ];
    case 'accountDeleted':
      return [
        'Your account was deleted: you were signed out everywhere, and your name and this address were removed from it and from the organizations you were in. What you made there stays with them under "Former member".',
      ];
    case 'ssoSignIn':
      return [
        `The identity provider of ${event.organization} signed you in to your account (address ${event.ip}).`,
      ];
    case 'ssoLinked':
      return [
        `The identity provider of ${event.organization} may now sign you in to your account: you allowed it ${event.by === 'mail' ? 'with the link we emailed you' : 'while signed in with your password'}.`,
      ];
  }
}

/**
 * A security notice: says what happened and when, and what to do if it was not you. The link
 * goes to the account's security page.
 */
export function securityMail(to: string, event: SecurityEvent, at: Date, url: string): MailMessage {
  return message(
    to,
    SECURITY_SUBJECTS[event.kind],
    [
      ...securityLines(event),
      `When: ${at.toUTCString()}.`,
      'If this was you, there is nothing to do. If it was not, reset your password now and turn on two-step verification, or write to your organisation’s administrator.',
    ],
    { label: 'Review your security settings', url },
  );
}

/** An organisation's deletion (#29): asked for, undone, and done — each owner is told. */
export function deletionScheduledMail(
  to: string,
  by: string,
  organizationName: string,
  dueDate: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName} will be deleted on ${dueDate}`,
    [
      `${by} asked to delete ${organizationName} on Assay. Its subscription no longer renews, and nobody can open its projects now.`,
      `On ${dueDate} the organization, its projects, evidence, experiments and uploaded files will be removed for good.`,
      'Until then any owner can restore it, as it was.',
    ],
    { label: 'Restore the organization', url },
  );
}

export function deletionCanceledMail(
  to: string,
  by: string,
  organizationName: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName} was restored`,
    [
      `${by} restored ${organizationName} on Assay: it will not be deleted, and its members can open it again.`,
      'Its subscription was canceled when the deletion was asked for: reactivate it in the billing settings.',
    ],
    { label: 'Open the organization', url },
  );
}

export function organizationDeletedMail(
  to: string,
  organizationName: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName} was deleted`,
    [
      `${organizationName} and everything in it were removed from Assay, as an owner asked 14 days ago.`,
      'Your account stays, with any other organizations you belong to.',
    ],
    { label: 'Open Assay', url },
  );
}

/** Someone left an organisation (#29): its owners are told. */
export function memberLeftMail(
  to: string,
  who: string,
  organizationName: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${who} left ${organizationName}`,
    [
      `${who} left ${organizationName} on Assay. What they made stays with the organization under their name.`,
      'An owner can invite them again.',
    ],
    { label: 'Open the members', url },
  );
}

/** An organisation's export is ready (#29): the link works for the owner, signed in, a while. */
export function organizationExportReadyMail(
  to: string,
  organizationName: string,
  url: string,
  days: number,
): MailMessage {
  return message(
    to,
    `Your export of ${organizationName} is ready`,
    [
      `The export of ${organizationName} you asked for is ready: its settings, members and every project with its evidence, experiments and files, in one zip.`,
      `The link works for ${days} days, for the organization's owners, signed in.`,
    ],
    { label: 'Download the export', url },
  );
}
