/**
 * Project inboxes: real mail sent with an SMTP client (nodemailer) to the built-in listener, and
 * the inbound-mail webhook. A mail becomes a published evidence post with its text and its
 * attachments; unknown addresses and oversized mail are refused and nothing is stored.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { cards } from '../cards/schema.ts';
import { media } from '../media/schema.ts';
import { startInboundSmtp } from './inbox-transport.ts';

const built = await buildTestApp({
  env: {
    INBOUND_MAIL_DOMAIN: 'in.assay.test',
    INBOUND_MAIL_SECRET: 'inbound-secret-123456',
    INBOUND_MAIL_MAX_BYTES: '200000',
  },
});
const smtp = await startInboundSmtp(built.services, 0, '127.0.0.1');
afterAll(() => smtp.close());
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  ignoreTLS: true,
});

async function projectWithInbox() {
  const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
  const projectId = await createProjectIn(owner.agent, org.slug, 'Field notes');
  const answer = await onOrg(
    owner.agent,
    org.slug,
    'mutation($i: JSON!) { updateProjectEmail(input: $i) { email } }',
    {
      i: { projectId },
    },
  );
  const email = (answer.data?.updateProjectEmail as { email: string }).email;
  return { owner: owner.agent, org, projectId, email };
}

const postsOf = (projectId: string) =>
  built.services.database.db.select().from(cards).where(eq(cards.projectId, projectId));

describe('project inbox', () => {
  it('turns a mail sent over SMTP into an evidence post with its attachments', async () => {
    const w = await projectWithInbox();
    expect(w.email).toMatch(/^p-[0-9a-f]{10}@in\.assay\.test$/);
    await transport.sendMail({
      from: 'Customer <customer@example.com>',
      to: w.email,
      subject: 'Why we switched suppliers',
      text: 'Deliveries were late three weeks in a row.\nWe need a daily slot.',
      attachments: [{ filename: 'delivery log.csv', content: 'day,late\nmon,yes\n' }],
    });
    const [post] = await postsOf(w.projectId);
    expect(post).toMatchObject({
      type: 'post',
      title: 'Why we switched suppliers',
      draft: false,
      isEvidence: true,
      origin: 'email',
    });
    const shown = await onOrg(
      w.owner,
      w.org.slug,
      'query($id: ID!) { card(cardId: $id) { evidence { summary hasEmail email } media { filename } } }',
      { id: post!.id },
    );
    expect(shown.data?.card).toMatchObject({
      evidence: {
        summary: 'Deliveries were late three weeks in a row.\nWe need a daily slot.',
        hasEmail: true,
        email: expect.stringContaining('customer@example.com'),
      },
      media: [{ filename: 'delivery_log.csv' }],
    });
    const [file] = await built.services.database.db
      .select()
      .from(media)
      .where(eq(media.subjectId, post!.id));
    expect(file?.emailAttachment).toBe(true);
  });

  it('refuses unknown addresses and oversized mail over SMTP, and stores nothing', async () => {
    const w = await projectWithInbox();
    await expect(
      transport.sendMail({
        from: 'a@example.com',
        to: 'nobody@in.assay.test',
        subject: 'x',
        text: 'y',
      }),
    ).rejects.toThrow(/550/);
    await expect(
      transport.sendMail({
        from: 'a@example.com',
        to: w.email,
        subject: 'big',
        text: 'z'.repeat(300_000),
      }),
    ).rejects.toThrow(/552/);
    expect(await postsOf(w.projectId)).toHaveLength(0);
  });

  it('takes mail through the inbound webhook with its secret', async () => {
    const w = await projectWithInbox();
    const raw = [
      'From: Lee <lee@example.com>',
      `To: ${w.email}`,
      'Subject: Notes from the fair',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Three stands asked about bulk pricing.',
    ].join('\r\n');
    const send = (headers: Record<string, string>, to = w.email) =>
      built.app.inject({
        method: 'POST',
        url: `/api/inbound/mail?to=${encodeURIComponent(to)}`,
        headers: { 'content-type': 'message/rfc822', ...headers },
        payload: raw,
      });
    expect((await send({ 'x-inbound-secret': 'wrong-secret-000000' })).statusCode).toBe(401);
    const unknown = await send(
      { 'x-inbound-secret': 'inbound-secret-123456' },
      'nobody@in.assay.test',
    );
    expect(unknown.json()).toMatchObject({ message: 'No project has this address' });
    const taken = await send({ 'x-inbound-secret': 'inbound-secret-123456' });
    expect(taken.statusCode).toBe(201);
    const [post] = await postsOf(w.projectId);
    expect(post?.title).toBe('Notes from the fair');
  });

  it('lets project admins choose or renew the address, unique across organisations', async () => {
    const w = await projectWithInbox();
    const set = (agent: typeof w.owner, slug: string, projectId: string, localPart: string) =>
      onOrg(agent, slug, 'mutation($i: JSON!) { updateProjectEmail(input: $i) { email } }', {
        i: { projectId, localPart },
      });
    const chosen = await set(w.owner, w.org.slug, w.projectId, 'field-notes');
    expect(chosen.data?.updateProjectEmail).toEqual({ email: 'field-notes@in.assay.test' });
    const other = await projectWithInbox();
    const clash = await set(other.owner, other.org.slug, other.projectId, 'field-notes');
    expect(clash.errors?.[0]?.message).toContain(
      'That address is already in use. Please choose another.',
    );
    const member = await addMember(built, w.owner, w.org, 'collaborator');
    expect(
      (await set(member.agent, w.org.slug, w.projectId, 'mine')).errors?.[0]?.message,
    ).toContain('statusCode:403');
  });
});
