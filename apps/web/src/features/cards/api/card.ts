/** A card's detail: the query, its writes (queued per card with the newest version) and helpers. */
import { replaceEqualDeep, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  EvidenceKind,
  ExperimentAnalysis,
  ExperimentPhase,
  ExperimentType,
  JiraLink,
  ProductScore,
  SuccessCriterion,
  TimingStatus,
} from '@assay/domain';
import { rankBetween } from '@assay/domain';
import {
  cardWriteKey,
  noteCardVersion,
  queueCardWrite,
  resetCardVersion,
} from '../../../api/card-writes.ts';
import { setCardTag as setTag } from '../../../api/connections.ts';
import { hasPendingWrites } from '../../../api/write-queue.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest } from '../../../api/rest.ts';
import { uploadFile } from '../../../api/uploads.ts';
import type { ConfidenceView } from '../../../ui/confidence.ts';

export interface Person {
  profileId: string;
  firstName: string;
  lastName: string;
  image: string | null;
  bgColor: number;
}
export interface Placement {
  section: string | null;
  rank: string | null;
}
export interface CardText {
  field: string;
  text: string;
  rawText: string;
  mentions: string[];
  updatedAt: string;
}
export interface CardDetail {
  id: string;
  projectId: string;
  type: string;
  title: string;
  draft: boolean;
  /** picker, template, generated (by the AI agent)… */
  origin: string | null;
  template: boolean;
  templateName: string | null;
  isEvidence: boolean;
  viewed: boolean;
  reviewed: boolean;
  tags: string[];
  fields: Record<string, string | number | boolean | null>;
  version: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: Person | null;
  updatedBy: Person | null;
  texts: CardText[];
  path: string;
  abilities: { edit: boolean; delete: boolean; comment: boolean };
  evidence: EvidenceDetail | null;
  experiment: ExperimentDetail | null;
  media: CardMedia[];
  associations: Record<'hypothesis' | 'evidence' | 'experiments', Association[]>;
  rating: { sum: number; count: number; trendingScore: number };
  /** What the rated evidence says (hypotheses only; #24's rule in the domain). */
  confidence?: ConfidenceView | null;
  /** What this piece of evidence weighs: its kind (set by the team or from its type), its age. */
  strength?: { kind: EvidenceKind; kindSet: boolean; weight: number; strength: number } | null;
  metrics?: {
    hypothesis: number;
    evidence: number;
    experiments: number;
    activeExperiments: number;
    completeExperiments: number;
  };
  hypothesis: {
    type: 'business' | 'product';
    canvas: Placement;
    timeline: Placement;
    productStatus: Placement;
    productTheme: Placement;
    businessStatus: 'inTesting' | 'paused' | 'archived';
    risky: boolean;
    result: {
      result: 'validated' | 'invalidated' | 'none';
      reason: string | null;
      updatedAt: string | null;
      updatedBy: Person | null;
    };
    summary: string;
    productScore: ProductScore;
    members: Person[];
    figma: DesignFile | null;
    jiraLink: JiraLink | null;
    trelloIds: string[];
    /** Where it stands with the cohort's reviewers (cohort teams). */
    review?: {
      state: 'none' | 'ready' | 'approved' | 'changesRequested';
      note: string | null;
      reviewedAt: string | null;
      reviewedBy: Person | null;
    };
  } | null;
}

/** A linked Figma design file. */
export interface DesignFile {
  url: string;
  name: string;
  thumbnailUrl: string | null;
}

const PERSON = 'profileId firstName lastName image bgColor';
export interface Association {
  connectionId: string;
  cardId: string;
  title: string;
  type: string;
  hypothesisType: string | null;
  phase?: string | null;
  rating: number | null;
  /** Why the rating: the evidence's passage an accepted suggestion rested on (#49). */
  quote?: string | null;
}

export type { ExperimentAnalysis, SuccessCriterion } from '@assay/domain';

export interface ExperimentDetail {
  experimentType: ExperimentType;
  phase: {
    phase: ExperimentPhase;
    phaseReady: boolean;
    planDuration: number;
    testDuration: number;
    analyzeDuration: number;
    completeDuration: number;
    updatedAt: string;
    completedAt: string | null;
    rank: string;
  };
  dueDate: string | null;
  timing: TimingStatus;
  members: Person[];
  success: boolean | null;
  successCriteria: SuccessCriterion[];
  analyze: ExperimentAnalysis;
  keyLearnings: string;
}

export interface CardMedia {
  id: string;
  filename: string;
  fileType: string;
  size: number;
  url: string;
  mediumUrl: string | null;
  thumbUrl: string | null;
  /** The agent's summary of a document (enterprise), and whether it is being written. */
  summary: string | null;
  processing: boolean;
  /** Who found the summary helpful, and the viewer's own answer (null: none yet). */
  summaryFeedback?: MediaFeedback;
}

export interface MediaFeedback {
  helpful: number;
  notHelpful: number;
  mine: boolean | null;
}

/** Whether the agent's summary of a file helped (one answer a person; a new one replaces it). */
export const sendMediaFeedback = (mediaId: string, helpful: boolean) =>
  restRequest<MediaFeedback>('/api/media/feedback', {
    method: 'POST',
    body: { mediaId, subject: 'summary', helpful },
  });

export interface Interviewee {
  id: string;
  name: string;
  email: string;
  phone: string;
  title: string;
  company: string;
  companyLocation: string;
  linkedin: string;
  notes: string;
  interviewCount: number;
}

export interface ChatPart {
  type: string;
  createdAt: string;
  body: string;
  authorName: string;
  authorType: string;
  attachments: { name: string; url: string }[];
}

export interface EvidenceDetail {
  conversation: {
    conversationId: string;
    url: string | null;
    conversationParts: ChatPart[];
  } | null;
  summary: string;
  email: string | null;
  hasEmail: boolean;
  date: string | null;
  engagement: { profileId: string | null; type: string } | null;
  interviewees: Interviewee[];
  /** Interviews: the video meeting they were held in. */
  videoMeeting?: { meetingUUID: string; playURL: string | null } | null;
}

const INTERVIEWEE =
  'id name email phone title company companyLocation linkedin notes interviewCount';

export const CARD_FIELDS = `id projectId type title draft origin template templateName isEvidence viewed reviewed tags fields
  version publishedAt createdAt updatedAt path
  createdBy { ${PERSON} } updatedBy { ${PERSON} }
  texts { field text rawText mentions updatedAt }
  abilities { edit delete comment }
  hypothesis { type businessStatus risky summary productScore
    review { state note reviewedAt reviewedBy { ${PERSON} } }
    canvas { section rank } timeline { section rank } productStatus { section rank } productTheme { section rank }
    result { result reason updatedAt updatedBy { ${PERSON} } } members { ${PERSON} }
    figma { url name thumbnailUrl }
    jiraLink { id key url summary status assignee refreshedAt } trelloIds }
  evidence { videoMeeting { meetingUUID playURL } conversation { conversationId url conversationParts { type createdAt body authorName authorType attachments { name url } } }
    summary email hasEmail date engagement { profileId type } interviewees { ${INTERVIEWEE} } }
  experiment { experimentType dueDate timing success keyLearnings members { ${PERSON} }
    phase { phase phaseReady planDuration testDuration analyzeDuration completeDuration updatedAt completedAt rank }
    successCriteria { id measurement expectation achieved evidence }
    analyze { market investment details hypothesisChanged hypothesis { id value reason } } }
  media { id filename fileType size url mediumUrl thumbUrl summary processing
    summaryFeedback { helpful notHelpful mine } }
  associations {
    hypothesis { connectionId cardId title type hypothesisType rating quote }
    evidence { connectionId cardId title type hypothesisType rating quote }
    experiments { connectionId cardId title type hypothesisType phase rating }
  }
  metrics { hypothesis evidence experiments activeExperiments completeExperiments }
  rating { sum count trendingScore }
  confidence { score state confirming disconfirming evidence people }
  strength { kind kindSet weight strength }`;

export const fetchCard = (cardId: string) =>
  gatewayRequest<{ card: CardDetail }>(
    `query Card($cardId: ID!) { card(cardId: $cardId) { ${CARD_FIELDS} } }`,
    { cardId },
  ).then((d) => {
    // A fetch that crossed this tab's own writes is older than their answers: it never takes
    // the version they will be sent with backwards (that would make them look stale).
    if (hasPendingWrites(cardWriteKey(d.card.id))) noteCardVersion(d.card.id, d.card.version);
    else resetCardVersion(d.card.id, d.card.version);
    return d.card;
  });

export const useCard = (cardId: string | null) =>
  useQuery({
    queryKey: queryKeys.card(cardId ?? 'none'),
    queryFn: () => fetchCard(cardId as string),
    enabled: !!cardId,
    staleTime: 0,
    meta: { customErrorHandler: true },
    structuralSharing: (old: unknown, next: unknown) => freshestCard(old, next),
  });

/**
 * What the cache keeps when a fetched card arrives: a fetch that left before this tab's own write
 * (a refetch on a realtime event, on focus, on mount) must not put the older card back over the
 * write's optimistic change or its answer. The fetch is dropped while writes to the card are
 * queued (their answers bring the card) and when it is older than the cached version.
 */
export function freshestCard(old: unknown, next: unknown): unknown {
  const cached = old as CardDetail | undefined;
  const fetched = next as CardDetail | undefined;
  if (!cached || !fetched || cached.id !== fetched.id) return replaceEqualDeep(old, next);
  if (hasPendingWrites(cardWriteKey(cached.id)) || fetched.version < cached.version) return old;
  return replaceEqualDeep(old, next);
}

/** Puts a card the server answered with into the cache. */
export function storeCard(queryClient: QueryClient, card: CardDetail) {
  noteCardVersion(card.id, card.version);
  queryClient.setQueryData(queryKeys.card(card.id), card);
}

export type HypothesisPatch = Partial<{
  title: string;
  summary: string;
  hypothesisType: 'business' | 'product';
  businessStatus: string;
  result: string;
  resultReason: string | null;
  risky: boolean;
  members: string[];
  productScore: ProductScore;
  fields: Record<string, string | number | boolean | null>;
  reviewed: boolean;
  reviewRequested: boolean;
}>;

const mutate = (name: string, input: Record<string, unknown>) =>
  gatewayRequest<Record<string, CardDetail>>(
    `mutation ${name[0]?.toUpperCase()}${name.slice(1)}($input: JSON!) { ${name}(input: $input) { ${CARD_FIELDS} } }`,
    { input },
  ).then((d) => d[name] as CardDetail);

export const updateHypothesis = (
  card: Pick<CardDetail, 'id' | 'version'>,
  patch: HypothesisPatch,
) =>
  queueCardWrite(card.id, card.version, (version) =>
    mutate('updateHypothesis', { cardId: card.id, version, ...patch }),
  );

export const updateText = (
  card: Pick<CardDetail, 'id' | 'version'>,
  field: string,
  text: string,
  rawText: string,
  mentions: string[],
) =>
  queueCardWrite(card.id, card.version, (version) =>
    mutate('updateText', { cardId: card.id, version, field, text, rawText, mentions }),
  );

export const publishCard = (card: Pick<CardDetail, 'id' | 'version'>) =>
  queueCardWrite(card.id, card.version, (version) =>
    gatewayRequest<{ publishCard: CardDetail }>(
      `mutation PublishCard($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { ${CARD_FIELDS} } }`,
      { id: card.id, v: version },
    ).then((d) => d.publishCard),
  );

export const discardDraft = (cardId: string) =>
  gatewayRequest<{ discardDraft: boolean }>(
    'mutation DiscardDraft($id: ID!) { discardDraft(cardId: $id) }',
    { id: cardId },
  ).then((d) => d.discardDraft);

export const deleteCard = (cardId: string) =>
  gatewayRequest('mutation DeleteCard($id: ID!) { deleteCard(cardId: $id) }', { id: cardId });

export const setCardTag = (cardId: string, tag: string, add: boolean) =>
  setTag<CardDetail>(cardId, tag, add);

export const createTemplate = (cardId: string, name: string) =>
  gatewayRequest<{ createTemplate: { id: string } }>(
    'mutation CreateTemplate($id: ID!, $name: String) { createTemplate(cardId: $id, name: $name) { id } }',
    { id: cardId, name },
  );

export const copyCardTo = (cardId: string, projectId: string) =>
  gatewayRequest<{ copyCardTo: { id: string } }>(
    'mutation CopyCardTo($id: ID!, $p: ID!) { copyCardTo(cardId: $id, projectId: $p) { id } }',
    { id: cardId, p: projectId },
  );

export const fetchMentionSuggestions = (projectId: string, search: string) =>
  gatewayRequest<{ mentionSuggestions: Person[] }>(
    `query MentionSuggestions($p: ID!, $s: String) { mentionSuggestions(projectId: $p, search: $s) { ${PERSON} } }`,
    { p: projectId, s: search },
  ).then((d) => d.mentionSuggestions);

export type PostPatch = Partial<{
  title: string;
  summary: string;
  email: string | null;
  isEvidence: boolean;
  reviewed: boolean;
  evidenceKind: EvidenceKind | null;
}>;
export type InterviewPatch = Partial<{
  title: string;
  date: string | null;
  reviewed: boolean;
  addInterviewee:
    { id: string } | { name: string; email?: string; company?: string; title?: string };
  removeIntervieweeId: string;
  evidenceKind: EvidenceKind | null;
}>;

export const updatePost = (card: Pick<CardDetail, 'id' | 'version'>, patch: PostPatch) =>
  queueCardWrite(card.id, card.version, (version) =>
    mutate('updatePost', { cardId: card.id, version, ...patch }),
  );

export const updateInterview = (card: Pick<CardDetail, 'id' | 'version'>, patch: InterviewPatch) =>
  queueCardWrite(card.id, card.version, (version) =>
    mutate('updateInterview', { cardId: card.id, version, ...patch }),
  );

export type ExperimentPatch = Partial<{
  title: string;
  experimentType: ExperimentType;
  dueDate: string | null;
  members: string[];
  success: boolean | null;
  successCriteria: SuccessCriterion[];
  analyze: ExperimentAnalysis;
  keyLearnings: string;
  phase: ExperimentPhase;
  rank: string;
}>;

export const updateExperiment = (
  card: Pick<CardDetail, 'id' | 'version'>,
  patch: ExperimentPatch,
) =>
  queueCardWrite(card.id, card.version, (version) =>
    mutate('updateExperiment', { cardId: card.id, version, ...patch }),
  );

/** The organisation's contacts matching a search (for picking into an interview). */
export const searchContacts = (search: string) =>
  restRequest<Interviewee[]>(
    `/api/canvas/interviewees?${new URLSearchParams({ search, pageSize: '8' }).toString()}`,
  );

/** Writes the title through the card type's own mutation. */
export function updateCardTitle(card: Pick<CardDetail, 'id' | 'version' | 'type'>, title: string) {
  if (card.type === 'post' || card.type === 'evidenceOther' || card.type === 'intercom') {
    return updatePost(card, { title });
  }
  if (card.type === 'interview') return updateInterview(card, { title });
  if (card.type === 'experiment') return updateExperiment(card, { title });
  return updateHypothesis(card, { title });
}

/** Uploads a file and attaches it to the card. */
export async function attachFile(
  cardId: string,
  file: File,
  onProgress: (percent: number) => void,
) {
  const key = await uploadFile(file, { collection: 'cards', locationId: cardId }, onProgress);
  return restRequest<CardMedia>(`/api/canvas/cards/${cardId}/media`, {
    method: 'POST',
    body: { key },
  });
}

export const removeFile = (cardId: string, mediaId: string) =>
  restRequest(`/api/canvas/cards/${cardId}/media`, { method: 'DELETE', body: { mediaId } });

export { connectCard, disconnectCard, rateConnection } from '../../../api/connections.ts';

/** Moves a hypothesis to the top of a board's section, from its detail rather than by dragging. */
export const moveCardTo = (cardId: string, version: number, board: string, section: string) =>
  gatewayRequest<{ updateCardSection: CardDetail }>(
    `mutation MoveCard($input: JSON!) { updateCardSection(input: $input) { ${CARD_FIELDS} } }`,
    { input: { cardId, version, board, section, rank: rankBetween(null, 'a0') } },
  ).then((d) => d.updateCardSection);

export const searchCardsToConnect = (projectId: string, searchText: string) =>
  gatewayRequest<{ searchCards: { id: string; title: string; type: string; draft: boolean }[] }>(
    'query CardsToConnect($p: ID!, $s: String!) { searchCards(projectId: $p, searchText: $s) { id title type draft } }',
    { p: projectId, s: searchText },
  ).then((d) => d.searchCards);
