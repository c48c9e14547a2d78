/**
 * The project email inbox (part 2 §3 Project email, Post email/hasEmail, Media emailAttachment;
 * §7 updateProjectEmail): each project has an address; a mail sent to it becomes a published
 * evidence post, its text as the summary, the mail itself kept as the post's email, and its
 * attachments as the post's media. Mail arrives through the built-in SMTP listener or the
 * inbound-mail webhook. An unknown address or an oversized mail is refused, and nothing is lost:
 * either the post and all its files are stored, or the sender is told the mail was not taken.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { AppError, cleanFilename, fileKind, projectEmailSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cards, evidence } from '../cards/schema.ts';
import { touchProjectCards } from '../cards/ports.ts';
import { processUpload } from '../media/ports.ts';
import { media } from '../media/schema.ts';
import { writeVariants } from '../media/ports.ts';
import { profiles } from '../organizations/schema.ts';
import { findManagedProject } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { projectMembers, projects } from '../projects/schema.ts';

/** The inbox address of a project's email local part. */
export function inboxAddress(services: AppServices, localPart: string) {
  return `${localPart}@${services.config.inboundMail.domain}`;
}

/** updateProjectEmail: a new address for the project (its own words, or a fresh random one). */
export async function updateProjectEmail(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(projectEmailSchema.safeParse(input));
  const { project } = await findManagedProject(services, member, data.projectId);
  const localPart = data.localPart ?? `p-${randomBytes(5).toString('hex')}`;
  const [taken] = await services.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.email, localPart), sql`${projects.id} <> ${project.id}`));
  if (taken)
    throw new AppError('validation', {
      message: 'That address is already in use. Please choose another.',
    });
  await services.transaction(
    async (unit) => {
      await unit.tx.update(projects).set({ email: localPart }).where(eq(projects.id, project.id));
      await unit.record({
        name: 'projects.email',
        organizationId: member.organization.id,
        projectId: project.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: project.id,
        changes: { email: localPart },
      });
    },
    { context },
  );
  return { projectId: project.id, email: inboxAddress(services, localPart) };
}

/** The project an inbox address belongs to, or null (the address is refused). */
export async function projectForAddress(services: AppServices, address: string) {
  const [local, domain] = address.trim().toLowerCase().split('@');
  if (!local || domain !== services.config.inboundMail.domain.toLowerCase()) return null;
  const [row] = await services.database.db
    .select()
    .from(projects)
    .where(and(eq(projects.email, local), eq(projects.kind, 'project')));
  return row ?? null;
}

export class InboxRefusal extends Error {
  readonly code: 'unknownAddress' | 'tooLarge' | 'unreadable';

  constructor(code: InboxRefusal['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** The mail as a post's summary: its text, or its HTML made plain. */
function bodyText(mail: ParsedMail): string {
  const text =
    mail.text?.trim() || (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, ' ') : '');
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 20_000);
}

/**
 * Takes one mail for one address: the post, its email and its attachments in one transaction
 * (files are written first; if the rows fail the files are removed again).
 */
export async function receiveProjectMail(
  services: AppServices,
  recipient: string,
  raw: Buffer,
): Promise<{ cardId: string }> {
  if (raw.length > services.config.inboundMail.maxBytes)
    throw new InboxRefusal('tooLarge', 'Message too large for this project inbox');
  const project = await projectForAddress(services, recipient);
  if (!project) throw new InboxRefusal('unknownAddress', 'No project has this address');
  let mail: ParsedMail;
  const { simpleParser } = await import('mailparser');
  try {
    mail = await simpleParser(raw);
  } catch {
    throw new InboxRefusal('unreadable', 'The message could not be read');
  }
  const db = services.database.db;
  const sender = mail.from?.value[0]?.address?.toLowerCase() ?? null;
  const [profile] = sender
    ? await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.organizationId, project.organizationId), eq(profiles.email, sender)))
    : [];
  // A member who forwards the mail is its author; otherwise the project's owner holds it.
  const [owner] = profile
    ? []
    : await db
        .select({ id: projectMembers.profileId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.role, 'owner')))
        .limit(1);
  const author = profile?.id ?? owner?.id ?? project.createdByProfileId;
  if (!author) throw new InboxRefusal('unknownAddress', 'No project has this address');
  const summary = bodyText(mail);
  const title = (mail.subject?.trim() || summary.split('\n')[0] || 'Email').slice(0, 200);
  const written: {
    key: string;
    filename: string;
    size: number;
    contentType: string;
    isPdf: boolean;
    variants: { medium?: string; thumb?: string };
  }[] = [];
  const cardId = globalThis.crypto.randomUUID();
  try {
    for (const attachment of mail.attachments) {
      if (!attachment.content?.length || attachment.related) continue;
      const filename = cleanFilename(attachment.filename ?? 'attachment');
      if (/\.svg$/i.test(filename)) continue;
      let processed;
      try {
        processed = await processUpload(attachment.content, filename);
      } catch {
        continue;
      }
      const key = `${project.organizationId}/cards/${cardId}/${randomBytes(9).toString('base64url')}/${filename}`;
      await services.storage.write(key, processed.data);
      const variants = await writeVariants(services, key, processed);
      written.push({
        key,
        filename,
        size: processed.data.length,
        contentType: processed.contentType,
        isPdf: processed.isPdf,
        variants,
      });
    }
    await services.transaction(async (unit) => {
      const now = new Date();
      const [card] = await unit.tx
        .insert(cards)
        .values({
          id: cardId,
          organizationId: project.organizationId,
          projectId: project.id,
          type: 'post',
          title,
          draft: false,
          publishedAt: now,
          isEvidence: true,
          origin: 'email',
          createdByProfileId: author,
          updatedByProfileId: author,
        })
        .returning();
      if (!card) throw new Error('card insert returned no row');
      await unit.tx.insert(evidence).values({
        cardId: card.id,
        projectId: project.id,
        summary,
        email: [
          `From: ${mail.from?.text ?? ''}`,
          `Date: ${mail.date?.toISOString() ?? now.toISOString()}`,
          `Subject: ${mail.subject ?? ''}`,
          '',
          summary,
        ].join('\n'),
        hasEmail: true,
      });
      for (const file of written)
        await unit.tx.insert(media).values({
          organizationId: project.organizationId,
          collection: 'cards',
          subjectId: card.id,
          projectId: project.id,
          uploadedBy: author,
          path: file.key,
          size: file.size,
          filename: file.filename,
          fileType: fileKind(file.filename),
          contentType: file.contentType,
          variants: file.variants,
          isPdf: file.isPdf,
          emailAttachment: true,
        });
      await unit.record({
        name: 'cards.publish',
        organizationId: project.organizationId,
        projectId: project.id,
        actorId: author,
        subjectType: 'card',
        subjectId: card.id,
        changes: { type: 'post', origin: 'email', attachments: written.length },
      });
      await touchProjectCards(unit.tx, project.id);
    });
  } catch (error) {
    for (const file of written) {
      await services.storage.remove(file.key).catch(() => undefined);
      for (const variant of Object.values(file.variants))
        await services.storage.remove(variant).catch(() => undefined);
    }
    throw error;
  }
  return { cardId };
}
