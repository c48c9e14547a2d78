/**
 * "Contact us" for Enterprise (#30 item 5): a member's request is kept for operators and mailed
 * to the configured sales address; an empty message says what to write; strangers find nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SALES_REQUEST_MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { addMember, ownerWithOrganization } from '../../../test/organization.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { listSalesRequests } from './sales-requests.ts';
import { salesRequests } from './schema.ts';

const built = await buildTestApp({ env: { SALES_EMAIL: 'deals@assay.example' } });

describe('requests for the Enterprise plan', () => {
  it('keeps a member’s request for operators and mails it to sales', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const url = `/api/org/organizations/${org.id}/sales-requests`;
    const empty = await member.agent.post(url, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SALES_REQUEST_MESSAGES.message);
    const sent = await member.agent.post(url, {
      seats: 120,
      message: 'Our university runs I-Corps cohorts for 120 students; we need single sign-on.',
    });
    expect(sent.statusCode).toBe(201);
    const rows = await built.services.database.db
      .select()
      .from(salesRequests)
      .where(eq(salesRequests.organizationId, org.id));
    expect(rows).toMatchObject([{ seats: 120, profileId: member.profileId }]);
    expect((await listSalesRequests(built.services.database.db)).map((r) => r.id)).toContain(
      rows[0]!.id,
    );
    const mails = await built.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'deals@assay.example'));
    const mail = mails.find((m) => m.subject === 'Enterprise request from Team');
    expect(mail?.text).toContain('Seats: 120');
    expect(mail?.text).toContain('we need single sign-on');

    const stranger = await ownerWithOrganization(built);
    const refused = await stranger.owner.agent.post(url, { message: 'Hello' });
    expect(refused.statusCode).toBe(404);
  });
});
