/** A card's detail with its tabs; used in the modal (query parameters) and on its own path. */
import { Badge, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import {
  CARD_TABS,
  HYPOTHESIS_TITLE_MAX,
  licenseAllows,
  termsFor,
  type CardLinkTarget,
  type CardTab,
  type License,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { CardAgentPanel } from '../../../ui/agent/card-agent-panel.tsx';
import { PublicCardEditor } from '../../../ui/portal/public-card-editor.tsx';
import { updateCardTitle, type CardDetail } from '../api/card.ts';
import { useCardProject } from '../api/card-project.ts';
import { cardWriteKey } from '../../../api/card-writes.ts';
import { EditScopeContext } from '../hooks/pending-edits.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';
import { CardActions } from './card-actions.tsx';
import { CardHistory } from './card-history.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';
import { CommentsSection } from './comments-section.tsx';
import { ConnectionsTab } from './connections-tab.tsx';
import { EvidenceDetails } from './evidence-details.tsx';
import { FirstTimeTip } from './first-time-tip.tsx';
import { ExperimentAnalyze, ExperimentComplete } from './experiment-analysis.tsx';
import {
  ExperimentPhaseBar,
  ExperimentPlan,
  ExperimentRun,
  PHASE_TABS,
} from './experiment-details.tsx';
import { HypothesisDetails } from './hypothesis-details.tsx';
import { PlainField } from './plain-field.tsx';
import { ProductDevelopment } from './product-development.tsx';

/**
 * The tabs a card shows; published hypotheses also get the public-portal tab where the plan and
 * the project's settings include the portal.
 */
export function tabsFor(card: CardDetail, options: { portal?: boolean } = {}): CardTab[] {
  // Who changed what, when: every card but a template.
  const history: CardTab[] = card.template ? [] : ['history'];
  if (card.type === 'experiment')
    return ['plan', 'run', 'analyze', 'complete', 'connections', ...history];
  const portal: CardTab[] =
    options.portal && card.type === 'hypothesis' && !card.draft && !card.template
      ? ['publicPortal']
      : [];
  if (card.type === 'hypothesis' && card.hypothesis?.type === 'product') {
    return ['details', 'connections', 'development', ...portal, ...history];
  }
  return ['details', 'connections', ...portal, ...history];
}

const TAB_LABELS: Record<CardTab, string> = {
  details: 'Details',
  connections: 'Connections',
  development: 'Development',
  plan: 'Plan',
  run: 'Run',
  analyze: 'Analyze',
  complete: 'Complete',
  publicPortal: 'Public portal',
  history: 'History',
};

export function CardDetailView(props: {
  card: CardDetail | undefined;
  loading: boolean;
  tab: string | null;
  /** What a card link asked for besides the tab (part 2 §2). */
  link?: CardLinkTarget;
  onTab: (tab: CardTab) => void;
  onDeleted: () => void;
}) {
  const boot = useBootstrap();
  const license = boot.data?.organization?.license as License | undefined;
  const project = useCardProject(props.card?.projectId);
  if (props.loading || !props.card) return <Loader aria-label="Loading card" />;
  return <LoadedCard {...props} card={props.card} license={license} project={project.data} />;
}

function LoadedCard(props: {
  card: CardDetail;
  tab: string | null;
  link?: CardLinkTarget | undefined;
  onTab: (tab: CardTab) => void;
  onDeleted: () => void;
  license: License | undefined;
  project: ReturnType<typeof useCardProject>['data'];
}) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const portal =
    props.project?.settings.publicPortal === true &&
    props.license !== undefined &&
    licenseAllows(props.license, 'publicPortal');
  const tabs = tabsFor(card, { portal });
  // An experiment opens on the tab of its phase.
  const fallback: CardTab = card.experiment ? PHASE_TABS[card.experiment.phase.phase] : 'details';
  const tab =
    (CARD_TABS as readonly string[]).includes(props.tab ?? '') &&
    tabs.includes(props.tab as CardTab)
      ? (props.tab as CardTab)
      : fallback;
  const terms = termsFor(props.license);
  const kind =
    card.type === 'hypothesis'
      ? card.hypothesis?.type === 'product'
        ? `Product ${terms.hypothesis.toLowerCase()}`
        : 'Business hypothesis'
      : card.type === 'interview'
        ? card.evidence?.engagement
          ? 'Meeting'
          : 'Interview'
        : card.type === 'post'
          ? card.isEvidence
            ? 'Evidence post'
            : 'Post'
          : card.type === 'intercom'
            ? 'Customer chat'
            : card.type === 'experiment'
              ? 'Experiment'
              : 'Evidence';
  return (
    <EditScopeContext.Provider value={cardWriteKey(card.id)}>
      <Stack gap="md" data-testid="card-detail">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Badge variant="light">{kind}</Badge>
            {card.draft ? <Badge color="yellow">Draft</Badge> : null}
            {card.origin === 'generated' ? (
              <Badge
                color="grape"
                variant="light"
                title="Written by the AI agent; untested until evidence is connected"
              >
                Generated
              </Badge>
            ) : null}
            {card.hypothesis?.risky ? (
              <Badge color="red" variant="outline">
                Risky
              </Badge>
            ) : null}
            <ConfidenceBadge confidence={card.confidence} />
          </Group>
          <CardActions card={card} project={props.project} onDeleted={props.onDeleted} />
        </Group>
        {/* Tips teach what the member can do here: not on templates, nor to those who only read. */}
        {card.template || (!card.abilities.edit && !props.link?.help) ? null : (
          <FirstTimeTip
            card={{ type: card.type, hypothesisType: card.hypothesis?.type ?? null }}
            help={props.link?.help ?? false}
          />
        )}
        <PlainField
          key={`title-${card.id}`}
          label="Title"
          title="title"
          value={card.title}
          max={HYPOTHESIS_TITLE_MAX}
          disabled={!card.abilities.edit}
          autoFocus={card.draft && card.title === ''}
          placeholder={
            card.type === 'hypothesis'
              ? 'Name the hypothesis'
              : card.type === 'experiment'
                ? 'Name the experiment'
                : 'Give it a title'
          }
          onSave={(title) => write((c) => updateCardTitle(c, title), { views: true })}
        />
        {card.experiment ? (
          <ExperimentPhaseBar card={card} onMoved={(t) => props.onTab(t as CardTab)} />
        ) : null}
        <Tabs
          value={tab}
          onChange={(value) => value && props.onTab(value as CardTab)}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="md">
              {card.hypothesis ? (
                <HypothesisDetails card={card} project={props.project} license={props.license} />
              ) : (
                <EvidenceDetails card={card} />
              )}
              {card.template ? null : <CardAgentPanel cardId={card.id} />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="connections" pt="md">
            <ConnectionsTab card={card} initialList={props.link?.connectionsTab ?? null} />
          </Tabs.Panel>
          <Tabs.Panel value="plan" pt="md">
            <ExperimentPlan card={card} />
          </Tabs.Panel>
          <Tabs.Panel value="run" pt="md">
            <ExperimentRun card={card} onConnections={() => props.onTab('connections')} />
          </Tabs.Panel>
          <Tabs.Panel value="analyze" pt="md">
            <ExperimentAnalyze card={card} />
          </Tabs.Panel>
          <Tabs.Panel value="complete" pt="md">
            <ExperimentComplete card={card} />
          </Tabs.Panel>
          <Tabs.Panel value="development" pt="md">
            <ProductDevelopment card={card} project={props.project} />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <CardHistory cardId={card.id} />
          </Tabs.Panel>
          <Tabs.Panel value="publicPortal" pt="md">
            <PublicCardEditor
              cardId={card.id}
              projectId={card.projectId}
              hypothesisTitle={card.title}
              hypothesisSummary={card.hypothesis?.summary ?? ''}
              images={card.media}
            />
          </Tabs.Panel>
        </Tabs>
        {card.draft ? null : <CommentsSection card={card} focus={props.link?.comments ?? false} />}
        <Text size="xs" c="dimmed">
          {card.createdBy
            ? `Created by ${card.createdBy.firstName} ${card.createdBy.lastName}`
            : null}
          {card.publishedAt
            ? ` · published ${new Date(card.publishedAt).toLocaleString()}`
            : ' · not published yet'}
        </Text>
      </Stack>
    </EditScopeContext.Provider>
  );
}
