/**
 * What the assistant reads (issue #52), each as a compact answer: only what a model needs to
 * reason with, never the app's screen-shaped payloads. Every read goes through the same use case
 * as the app's own screen, with the token's person as the member.
 */
import { AppError, type Confidence } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import {
  getCanvas,
  getCard,
  getCardHistory,
  getProjectTimeline,
  getTestNext,
  globalSearch,
  listEvidence,
} from '../cards/ports.ts';
import { evidenceText } from '../generation/ports.ts';
import { listProjects } from '../projects/ports.ts';

/** A connected card as the card's detail lists it (cards' loadAssociations). */
interface Association {
  cardId: string;
  title: string;
  type: string;
  rating: number | null;
  quote: string | null;
  phase: string | null;
}
const associationsOf = (card: { associations: unknown }) =>
  card.associations as Record<'hypothesis' | 'evidence' | 'experiments', Association[]>;

/** Confidence as a model needs it: the state, the score (−1 … 1) and what it rests on. */
export function compactConfidence(c: Confidence | null | undefined) {
  if (!c) return { state: 'untested' as const, score: 0, evidence: 0, people: 0 };
  return {
    state: c.state,
    score: Math.round(c.score * 100) / 100,
    evidence: c.evidence,
    people: c.people,
  };
}

const clip = (text: string | null | undefined, max: number) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export async function projectsRead(services: AppServices, member: MemberContext) {
  const { projects } = await listProjects(services, member);
  return projects.map((p) => ({
    id: p.id,
    name: p.name,
    status: p.status,
    description: clip(p.description, 300),
    canOpen: p.abilities.openWorkspace,
  }));
}

/** The canvas: each section's live hypotheses with confidence, risky and result. */
export async function canvasRead(services: AppServices, member: MemberContext, projectId: string) {
  const { project, cards } = await getCanvas(services, member, projectId, {});
  const sections = project.canvas.sections
    .filter((s) => !s.hidden)
    .map((s) => ({
      key: s.key,
      name: s.name,
      hypotheses: cards
        .filter((c) => c.section === s.key && c.businessStatus !== 'archived')
        .map((c) => ({
          id: c.id,
          title: c.title,
          ...(c.draft ? { draft: true } : {}),
          risky: c.risky,
          result: c.result,
          confidence: compactConfidence(c.confidence),
        })),
    }));
  return { project: { id: project.id, name: project.name }, sections };
}

/** A hypothesis with its evidence (ratings and quotes), experiments and history. */
export async function hypothesisRead(services: AppServices, member: MemberContext, cardId: string) {
  const card = await getCard(services, member, cardId);
  if (card.type !== 'hypothesis') throw new AppError('cardNotFound');
  const history = await getCardHistory(services, member, cardId);
  return {
    id: card.id,
    title: card.title,
    projectId: card.projectId,
    section: card.hypothesis?.canvas.section ?? null,
    draft: card.draft,
    risky: card.hypothesis?.risky ?? false,
    result: card.hypothesis?.result ?? 'none',
    confidence: compactConfidence(card.confidence as Confidence | undefined),
    description: clip(textOf(card, 'description'), 1500),
    evidence: associationsOf(card).evidence.map((e) => ({
      id: e.cardId,
      title: e.title,
      type: e.type,
      rating: e.rating,
      quote: e.quote,
    })),
    experiments: associationsOf(card).experiments.map((e) => ({
      id: e.cardId,
      title: e.title,
      phase: e.phase,
    })),
    history: history.slice(0, 20).map((h) => ({
      at: h.at,
      action: h.action,
      by: h.actor ? `${h.actor.firstName} ${h.actor.lastName}`.trim() : null,
      changes: h.changes,
    })),
  };
}

function textOf(
  card: { texts: { field: string; rawText?: string | null; text: string }[] },
  field: string,
) {
  const t = card.texts.find((x) => x.field === field);
  return t?.rawText ?? t?.text ?? '';
}

export async function searchRead(services: AppServices, member: MemberContext, text: string) {
  const hits = await globalSearch(services, member, { text, limit: 20 });
  return hits.map((h) => ({ kind: h.kind, id: h.id, title: h.title, project: h.projectName }));
}

export async function evidenceListRead(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const { counts, cards } = await listEvidence(services, member, projectId);
  return {
    total: counts.total,
    evidence: cards.slice(0, 100).map((c) => ({
      id: c.id,
      title: c.title,
      type: c.type,
      publishedAt: c.publishedAt,
    })),
  };
}

/** One piece of evidence: its own words (what a quote must come from) and what it is connected to. */
export async function evidenceRead(services: AppServices, member: MemberContext, cardId: string) {
  const card = await getCard(services, member, cardId);
  if (!card.isEvidence && card.type !== 'experiment') throw new AppError('cardNotFound');
  return {
    id: card.id,
    title: card.title,
    type: card.type,
    projectId: card.projectId,
    draft: card.draft,
    text: clip(await evidenceText(services, card.id), 20_000),
    connections: associationsOf(card).hypothesis.map((h) => ({
      hypothesisId: h.cardId,
      title: h.title,
      rating: h.rating,
      quote: h.quote,
    })),
  };
}

export async function testNextRead(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const items = await getTestNext(services, member, projectId, 10);
  return items.map((i) => ({
    id: i.id,
    title: i.title,
    section: i.section,
    risky: i.risky,
    confidence: compactConfidence(i.confidence),
    reason: i.reasonText,
  }));
}

/** What the team learned since a date (default a week ago). */
export async function timelineRead(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  since?: string,
) {
  const rows = await getProjectTimeline(services, member, projectId, since ?? null);
  return rows.slice(0, 100).map((r) => ({
    at: r.at,
    kind: r.kind,
    detail: r.detail,
    card: r.card,
    by: r.actor ? `${r.actor.firstName} ${r.actor.lastName}`.trim() : null,
  }));
}
