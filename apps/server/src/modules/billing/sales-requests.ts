/**
 * "Contact us" for the Enterprise plan (#30 item 5): the request is kept for operators (listed
 * by `npm run admin -- requests`) and mailed to the sales address, with who asked and for what.
 */
import { desc } from 'drizzle-orm';
import { salesRequestSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { salesRequests } from './schema.ts';

export async function requestEnterprise(
  services: AppServices,
  member: MemberContext,
  body: unknown,
  context: RequestContext,
) {
  const input = parse(salesRequestSchema.safeParse(body));
  const name = `${member.person.firstName} ${member.person.lastName}`.trim();
  const email = member.auth.user.email;
  const request = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .insert(salesRequests)
        .values({
          organizationId: member.organization.id,
          profileId: member.profileId,
          name,
          email,
          seats: input.seats ?? null,
          message: input.message,
        })
        .returning();
      await unit.record({
        name: 'billing.enterpriseRequest',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: member.organization.id,
        changes: { seats: input.seats ?? null },
      });
      return row!;
    },
    { context },
  );
  await services.mailer.send({
    to: services.config.contact.sales,
    subject: `Enterprise request from ${member.organization.name}`,
    text: [
      `${name} <${email}> asks about the Enterprise plan for ${member.organization.name} (${member.organization.slug}, now on ${member.organization.license}).`,
      input.seats ? `Seats: ${input.seats}` : 'Seats: not said',
      '',
      input.message,
    ].join('\n'),
  });
  return { id: request.id, createdAt: request.createdAt.toISOString() };
}

/** The requests, newest first (the operator's list). */
export async function listSalesRequests(db: Executor, limit = 50) {
  return db.select().from(salesRequests).orderBy(desc(salesRequests.createdAt)).limit(limit);
}
