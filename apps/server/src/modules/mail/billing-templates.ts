/** The billing mails (#30): a receipt, a payment that failed, a plan that expired or was canceled. */
import type { MailMessage } from '../../platform/mail/index.ts';
import { message } from './templates.ts';

export function renewalReceiptMail(
  to: string,
  organizationName: string,
  details: { plan: string; amount: string; invoiceNumber: string; nextRenewal: string },
  url: string,
  invoicePdf?: Uint8Array,
): MailMessage {
  const mail = message(
    to,
    `Receipt: ${organizationName}'s ${details.plan} plan renewed`,
    [
      `${organizationName}'s ${details.plan} plan renewed: ${details.amount} was charged to the card on file (invoice ${details.invoiceNumber}).`,
      invoicePdf
        ? `The next renewal is on ${details.nextRenewal}. The invoice is attached, and in Billing, as a PDF.`
        : `The next renewal is on ${details.nextRenewal}. The invoice is in Billing, as a PDF.`,
    ],
    { label: 'Open Billing', url },
  );
  if (!invoicePdf) return mail;
  return {
    ...mail,
    attachments: [
      {
        filename: `invoice-${details.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        content: invoicePdf,
      },
    ],
  };
}

export function paymentFailedMail(
  to: string,
  organizationName: string,
  details: { amount: string; retries: string[]; expiresOn: string },
  url: string,
): MailMessage {
  const retries =
    details.retries.length > 0
      ? `We will try the card again on ${details.retries.join(' and ')}.`
      : 'There are no more tries.';
  return message(
    to,
    `A payment for ${organizationName} did not go through`,
    [
      `The card on file was refused for ${organizationName}'s renewal (${details.amount}). ${retries}`,
      `If it still fails, the plan expires on ${details.expiresOn} and the organization becomes read-only until an owner renews it. A new card in Billing pays at once.`,
    ],
    { label: 'Update the card', url },
  );
}

export function paymentReceivedMail(
  to: string,
  organizationName: string,
  amount: string,
  url: string,
): MailMessage {
  return message(
    to,
    `Payment received for ${organizationName}`,
    [
      `The ${amount} that was past due for ${organizationName} is paid. Thank you: the plan carries on.`,
    ],
    { label: 'Open Billing', url },
  );
}

export function planExpiredMail(to: string, organizationName: string, url: string): MailMessage {
  return message(
    to,
    `${organizationName}'s plan has expired`,
    [
      `${organizationName}'s plan has expired, so the organization is read-only: everyone can still read and export everything, and nothing can be changed.`,
      'An owner can renew the plan in Billing; everything is as it was left.',
    ],
    { label: 'Renew the plan', url },
  );
}

export function planCanceledMail(
  to: string,
  organizationName: string,
  endsOn: string,
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName}'s subscription is canceled`,
    [
      `${organizationName}'s subscription was canceled. The plan keeps working until ${endsOn}, then the organization becomes read-only.`,
      'An owner can reactivate it in Billing until then.',
    ],
    { label: 'Open Billing', url },
  );
}

export function cardExpiringMail(
  to: string,
  organizationName: string,
  details: { lastFour: string; expiresOn: string },
  url: string,
): MailMessage {
  return message(
    to,
    `The card for ${organizationName} expires soon`,
    [
      `The card ending in ${details.lastFour} that pays for ${organizationName} stops working after ${details.expiresOn}.`,
      'Add the new card in Billing before then, so the next renewal goes through.',
    ],
    { label: 'Update the card', url },
  );
}

export function graceEndingMail(
  to: string,
  organizationName: string,
  details: { amount: string; expiresOn: string },
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName}'s plan expires on ${details.expiresOn}`,
    [
      `The renewal of ${organizationName} (${details.amount}) is still unpaid. If the card is not updated, the plan expires on ${details.expiresOn} and the organization becomes read-only.`,
      'A new card in Billing pays at once and keeps everything as it is.',
    ],
    { label: 'Update the card', url },
  );
}

export function planChangedMail(
  to: string,
  organizationName: string,
  details: { from: string; to: string; by: string; price: string; difference: string | null },
  url: string,
): MailMessage {
  return message(
    to,
    `${organizationName}'s plan changed to ${details.to}`,
    [
      `${details.by} changed ${organizationName}'s plan from ${details.from} to ${details.to} (${details.price}).`,
      ...(details.difference ? [details.difference] : []),
    ],
    { label: 'Open Billing', url },
  );
}
