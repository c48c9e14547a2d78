/** The emails the app sends: plain text first, with a simple HTML twin. */
import type { MailMessage } from '../../platform/mail/index.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(
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
