import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, uniqueEmail } from '../../../test/agent.ts';

const received: {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename?: string; contentType: string; content: Buffer }[];
}[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          attachments: mail.attachments,
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.server.address() as { port: number }).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const built = await buildTestApp({
  env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Assay <hello@assay.test>' },
});

describe('mail over SMTP', () => {
  it('delivers the sign-up confirmation through a real SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const response = await createAgent(built.app).post('/api/auth/signups', { email });
    expect(response.statusCode).toBe(202);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Confirm your email to start with Assay');
    expect(mail?.text).toContain('http://app.assay.test/sign-up?token=');
    expect(built.services.mailer.kind).toBe('smtp');
  });

  it('sends a file with the mail (the invoice of a receipt) and keeps it in the outbox', async () => {
    const email = uniqueEmail('smtp-file');
    const content = new Uint8Array(Buffer.from('%PDF-1.4 a receipt'));
    const sent = await built.services.mailer.send({
      to: email,
      subject: 'Receipt',
      text: 'Attached.',
      attachments: [{ filename: 'invoice-1001.pdf', contentType: 'application/pdf', content }],
    });
    expect(sent.delivered).toBe(true);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({
      filename: 'invoice-1001.pdf',
      contentType: 'application/pdf',
    });
    expect(mail?.attachments[0]?.content.equals(Buffer.from(content))).toBe(true);
  });
});
