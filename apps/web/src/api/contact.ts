/**
 * Where people write for help and about plans (#30): the deployment's addresses from the
 * bootstrap answer, kept here for the places that are not components (the limit dialog); the
 * built-in defaults until the answer is in.
 */
import { HELP_URL, SALES_EMAIL, SUPPORT_EMAIL } from '@assay/domain';

export interface ContactAddresses {
  support: string;
  sales: string;
  /** The help centre (HELP_URL): the onboarding questions' help links. */
  help: string;
}

let current: ContactAddresses = { support: SUPPORT_EMAIL, sales: SALES_EMAIL, help: HELP_URL };

export const contactAddresses = (): ContactAddresses => current;

/** Called with each bootstrap answer. */
export function rememberContactAddresses(
  answer: { contact?: ContactAddresses | null } | undefined,
) {
  if (answer?.contact?.support && answer.contact.sales)
    current = { ...answer.contact, help: answer.contact.help || HELP_URL };
}
