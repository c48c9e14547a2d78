/**
 * What the assistant may write (issue #52), through the same use cases as the app, as the token's
 * person. What it adds — a hypothesis, a piece of evidence — is a draft of that person's, for the
 * team to read and publish in Assay; an experiment is planned as the app's "Plan an experiment"
 * plans one (in Plan, connected to its hypothesis). A rating's quote must stand in the evidence
 * word for word.
 */
import { AppError, isUuid, plainToHtml, verbatimQuote } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { connectCards, createCard, getCard, updateText } from '../cards/ports.ts';
import { draftExperimentFor, evidenceText } from '../generation/ports.ts';

async function writeText(
  services: AppServices,
  member: MemberContext,
  card: { id: string; version: number },
  field: 'description' | 'notes',
  text: string,
  context: RequestContext,
) {
  if (!text.trim()) return card;
  return updateText(
    services,
    member,
    { cardId: card.id, version: card.version, field, text: plainToHtml(text), rawText: text },
    context,
  );
}

export async function addEvidence(
  services: AppServices,
  member: MemberContext,
  input: { projectId: string; kind: 'interview' | 'note'; title: string; text: string },
  context: RequestContext,
) {
  const type = input.kind === 'interview' ? 'interview' : 'evidenceOther';
  const card = await createCard(
    services,
    member,
    { projectId: input.projectId, type, title: input.title, draft: true },
    context,
  );
  await writeText(
    services,
    member,
    card,
    type === 'interview' ? 'notes' : 'description',
    input.text,
    context,
  );
  return { id: card.id, title: card.title, type, draft: true };
}

export async function connectEvidence(
  services: AppServices,
  member: MemberContext,
  input: { evidenceId: string; hypothesisId: string; rating: number; quote: string },
  context: RequestContext,
) {
  if (!isUuid(input.evidenceId) || !isUuid(input.hypothesisId)) throw new AppError('notFound');
  const evidence = await getCard(services, member, input.evidenceId);
  if (!evidence.isEvidence && evidence.type !== 'experiment') throw new AppError('cardNotFound');
  const quote = verbatimQuote(input.quote, await evidenceText(services, evidence.id));
  if (!quote) throw new AppError('quoteNotInEvidence');
  await connectCards(
    services,
    member,
    evidence.id,
    { cardId: input.hypothesisId, rating: input.rating },
    context,
    { quote },
  );
  return { evidenceId: evidence.id, hypothesisId: input.hypothesisId, rating: input.rating, quote };
}

export async function createHypothesis(
  services: AppServices,
  member: MemberContext,
  input: { projectId: string; section: string; title: string; description?: string | undefined },
  context: RequestContext,
) {
  const card = await createCard(
    services,
    member,
    {
      projectId: input.projectId,
      type: 'hypothesis',
      section: input.section,
      title: input.title,
      draft: true,
    },
    context,
  );
  await writeText(services, member, card, 'description', input.description ?? '', context);
  return { id: card.id, title: card.title, section: input.section, draft: true };
}

export async function planExperiment(
  services: AppServices,
  member: MemberContext,
  input: {
    hypothesisId: string;
    title?: string | undefined;
    description?: string | undefined;
    successCriteria?: { measurement: string; expectation: string }[] | undefined;
  },
  context: RequestContext,
) {
  const { cardId } = await draftExperimentFor(
    services,
    member,
    input.hypothesisId,
    context,
    {
      ...(input.title ? { title: input.title } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(input.successCriteria ? { successCriteria: input.successCriteria } : {}),
    },
    'generated',
  );
  return { id: cardId, phase: 'plan', hypothesisId: input.hypothesisId };
}
