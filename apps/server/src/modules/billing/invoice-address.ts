/** Who the invoices are made out to (#30 item 4): the owner sets it; the processor prints it. */
import { invoiceAddressSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { AppServices } from '../../services.ts';
import { accountCodeOf, ensureAccount, requireOwner, saveBilling } from './service.ts';

/** PUT …/billing/address: the invoice address, on the processor's account and here. */
export async function updateInvoiceAddress(
  services: AppServices,
  member: MemberContext,
  body: unknown,
  context: RequestContext,
) {
  requireOwner(member);
  const address = parse(invoiceAddressSchema.safeParse(body));
  await ensureAccount(services, member);
  const accountCode = accountCodeOf(member);
  await services.payments.setInvoiceAddress(accountCode, address);
  await saveBilling(
    services,
    member,
    { accountCode, invoiceAddress: address },
    { action: 'invoiceAddress', changes: { country: address.country } },
    context,
  );
  return address;
}
