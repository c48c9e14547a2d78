/**
 * Exports (part 2 §2, §7): the dashboard and the canvas as PDF (with the options of the export
 * modal), one card with its connections as PDF, and the project's cards as CSV (Garage and
 * above). Each reads through the same permission checks as the screens.
 */
import Papa from 'papaparse';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  AppError,
  ASSUMPTION_QUADRANT_LABELS,
  BUSINESS_STATUS_LABELS,
  DASHBOARD_STATEMENT_LABELS,
  DASHBOARD_STATEMENTS,
  EXPERIMENT_PHASE_LABELS,
  HYPOTHESIS_RESULT_LABELS,
  canExportCsv,
  ratingLabel,
  type License,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { htmlToMarkdown } from '../../platform/markdown.ts';
import { PdfWriter, PDF_MARGIN } from '../../platform/pdf.ts';
import { getAssumptionsMap } from '../cards/ports.ts';
import { getCanvas } from '../cards/ports.ts';
import { getCard } from '../cards/ports.ts';
import { workspaceAccess } from '../cards/ports.ts';
import { cards, cardTexts, hypotheses, experiments } from '../cards/schema.ts';
import { projectDashboard } from './dashboard.ts';

export interface DashboardPdfOptions {
  statements: boolean;
  counts: boolean;
  market: boolean;
  lists: boolean;
  /** The assumptions map (issue #24). */
  map: boolean;
}

/** Dot colours by confidence state, as on the screen. */
const STATE_COLORS: Record<string, [number, number, number]> = {
  untested: [0.55, 0.57, 0.6],
  weak: [0.9, 0.7, 0.1],
  supported: [0.2, 0.65, 0.3],
  refuted: [0.85, 0.2, 0.2],
  contested: [0.95, 0.5, 0.1],
};

const money = (value: number | null) =>
  value === null ? '—' : `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

const stamp = () => `Exported ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The dashboard as PDF: statements, counts with bars, market and investment, the lists. */
export async function dashboardPdf(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  options: DashboardPdfOptions,
) {
  const data = await projectDashboard(services, member, projectId);
  const pdf = await PdfWriter.create({
    title: `${data.project.name} dashboard`,
    subject: 'Project dashboard',
  });
  pdf.title(data.project.name, `Project dashboard · ${stamp()}`);
  if (options.statements) {
    pdf.heading('The project');
    for (const key of DASHBOARD_STATEMENTS)
      pdf.field(DASHBOARD_STATEMENT_LABELS[key], data.statements[key]);
  }
  if (options.counts) {
    const c = data.counts;
    pdf.heading('Hypotheses and experiments');
    pdf.bars([
      { label: 'Hypotheses', value: c.hypotheses },
      { label: 'Validated', value: c.validated },
      { label: 'Invalidated', value: c.invalidated },
      { label: 'Risky hypotheses', value: c.risky },
      { label: 'Experiments', value: c.experiments },
      { label: 'Active experiments', value: c.activeExperiments },
      { label: 'Complete experiments', value: c.completeExperiments },
      { label: 'Evidence', value: c.evidence },
    ]);
  }
  if (options.map && data.project.settings.businessHypotheses !== false) {
    const map = await getAssumptionsMap(services, member, projectId);
    pdf.heading('Assumptions map');
    pdf.paragraph(
      'Each hypothesis by how much it matters and how much evidence it has; the colour is what the evidence says.',
      { size: 8, color: 'grey' },
    );
    pdf.quadrantPlot({
      xLabel: ['Little evidence', 'Much evidence'],
      yLabel: ['Matters less', 'Matters most'],
      quadrants: [
        ASSUMPTION_QUADRANT_LABELS.testNow,
        `${ASSUMPTION_QUADRANT_LABELS.validated} or keep testing`,
        ASSUMPTION_QUADRANT_LABELS.deprioritised,
        ASSUMPTION_QUADRANT_LABELS.keepTesting,
      ],
      points: map.points
        .filter((p) => !p.draft)
        .map((p) => ({
          x: p.evidence,
          y: p.importance,
          color: STATE_COLORS[p.confidence.state] ?? STATE_COLORS.untested!,
          label: `${p.title || 'Untitled'} (${ASSUMPTION_QUADRANT_LABELS[p.quadrant]}; ${p.confidence.state})`,
        })),
    });
  }
  if (options.market) {
    pdf.heading('Market');
    pdf.field('Total market', money(data.market.total));
    pdf.field('Served market', money(data.market.served));
    pdf.field('Target market', money(data.market.target));
    pdf.field('Notes', data.market.notes);
    pdf.field('Analysis', data.market.analysis);
    pdf.field('Links', data.market.links.join(', '));
    pdf.heading('Investment');
    pdf.field('Total', money(data.investment.total));
    pdf.field('To date', money(data.investment.toDate));
    pdf.field('Notes', data.investment.notes);
  }
  if (options.lists) {
    pdf.heading('Risky hypotheses');
    pdf.bullets(
      data.riskyHypotheses.map(
        (h) => `${h.title || 'Untitled'} (${HYPOTHESIS_RESULT_LABELS[h.result as 'none']})`,
      ),
    );
    pdf.heading('Active experiments');
    pdf.bullets(
      data.activeExperiments.map(
        (e) => `${e.title || 'Untitled'} (${EXPERIMENT_PHASE_LABELS[e.phase.phase]})`,
      ),
    );
    pdf.heading('Completed experiments');
    pdf.bullets(
      data.completeExperiments.map(
        (e) =>
          `${e.title || 'Untitled'}${e.success === null ? '' : e.success ? ' (successful)' : ' (not successful)'}`,
      ),
    );
  }
  return { filename: `${data.project.name}-dashboard.pdf`, bytes: await pdf.bytes() };
}

/** Where each canvas section sits on a landscape page, in fifths across and tenths down. */
const CANVAS_GRID: Record<string, [col: number, row: number, cols: number, rows: number]> = {
  keyPartners: [0, 0, 1, 7],
  keyActivities: [1, 0, 1, 3.5],
  keyResources: [1, 3.5, 1, 3.5],
  valuePropositions: [2, 0, 1, 7],
  customerRelationships: [3, 0, 1, 3.5],
  channels: [3, 3.5, 1, 3.5],
  customerSegments: [4, 0, 1, 7],
  costStructure: [0, 7, 2.5, 3],
  revenueStreams: [2.5, 7, 2.5, 3],
};

/** The business canvas as PDF: the nine sections in the canvas layout, unassigned after. */
export async function canvasPdf(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  options: { statuses: boolean },
) {
  const canvas = await getCanvas(services, member, projectId, {});
  const published = canvas.cards.filter((c) => !c.draft);
  const pdf = await PdfWriter.create({
    title: `${canvas.project.name} canvas`,
    subject: 'Business canvas',
    landscape: true,
  });
  pdf.title(canvas.project.name, `Business canvas · ${stamp()}`);
  const top = pdf.y;
  const width = pdf.contentWidth;
  const height = top - PDF_MARGIN;
  // A card's title, and (with statuses) its status, result and risky mark as a tag of its own.
  const line = (c: (typeof published)[number]) => {
    const text = c.title || 'Untitled';
    if (!options.statuses) return { text };
    const marks = [
      BUSINESS_STATUS_LABELS[c.businessStatus as 'inTesting'],
      c.result !== 'none' ? HYPOTHESIS_RESULT_LABELS[c.result as 'none'] : null,
      c.risky ? 'Risky' : null,
    ].filter((mark): mark is string => Boolean(mark));
    return { text, tag: `[${marks.join(' · ')}]` };
  };
  const asText = (item: ReturnType<typeof line>) =>
    item.tag ? `${item.text} ${item.tag}` : item.text;
  for (const section of canvas.project.canvas.sections) {
    const place = CANVAS_GRID[section.key];
    if (!place || section.hidden) continue;
    const [col, row, cols, rows] = place;
    pdf.box(
      {
        x: PDF_MARGIN + (col * width) / 5,
        y: top - ((row + rows) * height) / 10,
        width: (cols * width) / 5,
        height: (rows * height) / 10,
      },
      section.name,
      published.filter((c) => c.section === section.key).map(line),
    );
  }
  const unassigned = published.filter((c) => c.section === 'unassigned');
  if (unassigned.length) {
    pdf.newPage();
    pdf.heading('Unassigned');
    pdf.bullets(unassigned.map((c) => asText(line(c))));
  }
  return { filename: `${canvas.project.name}-canvas.pdf`, bytes: await pdf.bytes() };
}

/** GET /api/graph/cards/{cardId}/export?withConnections: one card (and its links) as PDF. */
export async function cardPdf(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  withConnections: boolean,
) {
  const card = await getCard(services, member, cardId);
  const pdf = await PdfWriter.create({
    title: card.title || 'Card',
    subject: `Assay ${card.type}`,
  });
  pdf.title(card.title || 'Untitled', `${card.type} · ${stamp()}`);
  pdf.field('Tags', card.tags.join(', '));
  if (card.hypothesis) {
    pdf.field('Status', BUSINESS_STATUS_LABELS[card.hypothesis.businessStatus as 'inTesting']);
    pdf.field('Result', HYPOTHESIS_RESULT_LABELS[card.hypothesis.result.result as 'none']);
    pdf.field('Summary', card.hypothesis.summary);
  }
  const experiment = card.experiment as {
    phase: { phase: keyof typeof EXPERIMENT_PHASE_LABELS };
    keyLearnings: string;
    successCriteria: { measurement: string; expectation: string; achieved: boolean | null }[];
  } | null;
  if (experiment) {
    pdf.field('Phase', EXPERIMENT_PHASE_LABELS[experiment.phase.phase]);
    for (const c of experiment.successCriteria)
      pdf.field(
        'Success criterion',
        `${c.measurement}: ${c.expectation}${c.achieved === null ? '' : c.achieved ? ' (achieved)' : ' (not achieved)'}`,
      );
    pdf.field('Key learnings', experiment.keyLearnings);
  }
  for (const text of card.texts) {
    if (!text.rawText.trim()) continue;
    pdf.heading(text.field.replace(/([A-Z])/g, ' $1').replace(/^./, (s) => s.toUpperCase()));
    pdf.paragraph(text.rawText);
  }
  if (withConnections) {
    const groups = card.associations as Record<
      'hypothesis' | 'evidence' | 'experiments',
      { title: string; rating: number | null }[]
    >;
    for (const [key, label] of [
      ['hypothesis', 'Connected hypotheses'],
      ['evidence', 'Connected evidence'],
      ['experiments', 'Connected experiments'],
    ] as const) {
      pdf.heading(label);
      pdf.bullets(groups[key].map((a) => `${a.title || 'Untitled'} (${ratingLabel(a.rating)})`));
    }
  }
  const safe = (card.title || 'card').replace(/[^\w.-]+/g, '_').slice(0, 60);
  return { filename: `${safe}.pdf`, bytes: await pdf.bytes() };
}

/** The project's published cards as CSV, one row a card. */
export async function cardsCsv(services: AppServices, member: MemberContext, projectId: string) {
  if (!canExportCsv(member.organization.license as License))
    throw new AppError('featureUnavailable');
  const access = await workspaceAccess(services, member, projectId);
  const rows = await services.database.db
    .select({
      id: cards.id,
      type: cards.type,
      title: cards.title,
      tags: cards.tags,
      isEvidence: cards.isEvidence,
      publishedAt: cards.publishedAt,
      updatedAt: cards.updatedAt,
      hypothesisType: hypotheses.hypothesisType,
      section: hypotheses.canvasSection,
      status: hypotheses.businessStatus,
      result: hypotheses.result,
      risky: hypotheses.risky,
      phase: experiments.phase,
      dueDate: experiments.dueDate,
      description: cardTexts.text,
    })
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .leftJoin(experiments, eq(experiments.cardId, cards.id))
    .leftJoin(cardTexts, and(eq(cardTexts.cardId, cards.id), eq(cardTexts.field, 'description')))
    .where(
      and(
        eq(cards.projectId, projectId),
        eq(cards.organizationId, member.organization.id),
        isNull(cards.deletedAt),
        eq(cards.draft, false),
        eq(cards.template, false),
      ),
    )
    .orderBy(asc(cards.type), asc(cards.publishedAt));
  const csv = Papa.unparse(
    rows.map((r) => ({
      id: r.id,
      type: r.type === 'hypothesis' ? `${r.hypothesisType} hypothesis` : r.type,
      title: r.title,
      // The description as Markdown, so its lists and emphasis survive the spreadsheet (§9).
      description: htmlToMarkdown(r.description ?? ''),
      tags: r.tags.join('; '),
      evidence: r.isEvidence ? 'yes' : 'no',
      section: r.section ?? '',
      status: r.status ? BUSINESS_STATUS_LABELS[r.status as 'inTesting'] : '',
      result: r.result ? HYPOTHESIS_RESULT_LABELS[r.result as 'none'] : '',
      risky: r.risky === null ? '' : r.risky ? 'yes' : 'no',
      phase: r.phase ? EXPERIMENT_PHASE_LABELS[r.phase as 'plan'] : '',
      dueDate: r.dueDate?.toISOString().slice(0, 10) ?? '',
      publishedAt: r.publishedAt?.toISOString() ?? '',
      updatedAt: r.updatedAt.toISOString(),
    })),
    // Cells starting with =, +, - or @ are quoted and prefixed so spreadsheets never run them.
    { escapeFormulae: true },
  );
  return { filename: `${access.project.name}-cards.csv`, csv };
}
