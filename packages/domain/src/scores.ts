/**
 * Product scores (part 2 §3 Hypothesis.productScore): ICE, RICE, Impact vs Effort and
 * Pain vs Frequency, their totals and quadrants, and the priority order they give.
 * The spec names the scores but not the scales; these are the usual ones and say so on screen.
 */
import type { Prioritization } from './canvas.ts';

export interface IceScore {
  impact: number | null;
  confidence: number | null;
  ease: number | null;
  total?: number | null;
}
export interface RiceScore {
  reach: number | null;
  impact: number | null;
  confidence: number | null;
  effort: number | null;
  total?: number | null;
}
export interface ImpactEffortScore {
  impact: number | null;
  effort: number | null;
  quadrant?: string | null;
}
export interface PainFrequencyScore {
  pain: number | null;
  frequency: number | null;
  quadrant?: string | null;
}
export interface ProductScore {
  ice?: IceScore | null;
  rice?: RiceScore | null;
  ie?: ImpactEffortScore | null;
  pf?: PainFrequencyScore | null;
}

/** Scales: 1–10 for ICE, Impact vs Effort and Pain vs Frequency; RICE as Intercom defines it. */
export const SCORE_SCALES = {
  oneToTen: { min: 1, max: 10 },
  riceImpact: [0.25, 0.5, 1, 2, 3],
  riceConfidence: { min: 0, max: 100 },
} as const;

/** Above this a 1–10 value counts as high for the quadrants. */
export const QUADRANT_MIDPOINT = 5;

export const IMPACT_EFFORT_QUADRANTS = {
  quickWins: 'Quick wins',
  majorProjects: 'Major projects',
  fillIns: 'Fill-ins',
  thanklessTasks: 'Thankless tasks',
} as const;
export const PAIN_FREQUENCY_QUADRANTS = {
  critical: 'Critical',
  intense: 'Intense',
  annoying: 'Annoying',
  minor: 'Minor',
} as const;

const num = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** ICE total: impact × confidence × ease, or null until all three are set. */
export function iceTotal(score: IceScore): number | null {
  if (!num(score.impact) || !num(score.confidence) || !num(score.ease)) return null;
  return round2(score.impact * score.confidence * score.ease);
}

/** RICE total: reach × impact × confidence% ÷ effort, or null until all four are set. */
export function riceTotal(score: RiceScore): number | null {
  if (!num(score.reach) || !num(score.impact) || !num(score.confidence) || !num(score.effort)) {
    return null;
  }
  if (score.effort <= 0) return null;
  return round2((score.reach * score.impact * (score.confidence / 100)) / score.effort);
}

export function impactEffortQuadrant(
  score: ImpactEffortScore,
): keyof typeof IMPACT_EFFORT_QUADRANTS | null {
  if (!num(score.impact) || !num(score.effort)) return null;
  const high = score.impact > QUADRANT_MIDPOINT;
  const hard = score.effort > QUADRANT_MIDPOINT;
  if (high) return hard ? 'majorProjects' : 'quickWins';
  return hard ? 'thanklessTasks' : 'fillIns';
}

export function painFrequencyQuadrant(
  score: PainFrequencyScore,
): keyof typeof PAIN_FREQUENCY_QUADRANTS | null {
  if (!num(score.pain) || !num(score.frequency)) return null;
  const painful = score.pain > QUADRANT_MIDPOINT;
  const often = score.frequency > QUADRANT_MIDPOINT;
  if (painful) return often ? 'critical' : 'intense';
  return often ? 'annoying' : 'minor';
}

/** The score with every total and quadrant worked out from its inputs. */
export function computeProductScore(score: ProductScore): ProductScore {
  const out: ProductScore = {};
  if (score.ice) out.ice = { ...score.ice, total: iceTotal(score.ice) };
  if (score.rice) out.rice = { ...score.rice, total: riceTotal(score.rice) };
  if (score.ie) out.ie = { ...score.ie, quadrant: impactEffortQuadrant(score.ie) };
  if (score.pf) out.pf = { ...score.pf, quadrant: painFrequencyQuadrant(score.pf) };
  return out;
}

/**
 * One number to sort the priority list by, for the project's prioritisation method; null when the
 * card has no score in it (such cards sort last).
 */
export function priorityValue(
  score: ProductScore | null | undefined,
  method: Prioritization,
): number | null {
  if (!score) return null;
  switch (method) {
    case 'ice':
      return score.ice ? iceTotal(score.ice) : null;
    case 'rice':
      return score.rice ? riceTotal(score.rice) : null;
    case 'impactVsEffort':
      return score.ie && num(score.ie.impact) && num(score.ie.effort)
        ? round2(score.ie.impact / Math.max(score.ie.effort, 1))
        : null;
    case 'painVsFrequency':
      return score.pf && num(score.pf.pain) && num(score.pf.frequency)
        ? score.pf.pain * score.pf.frequency
        : null;
  }
}

/** Sorts cards by priority, highest first; unscored last, ties by title. */
export function sortByPriority<T extends { title: string; productScore?: ProductScore | null }>(
  cards: T[],
  method: Prioritization,
): T[] {
  return [...cards].sort((a, b) => {
    const va = priorityValue(a.productScore, method);
    const vb = priorityValue(b.productScore, method);
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    if (va !== null && vb !== null && va !== vb) return vb - va;
    return a.title.localeCompare(b.title);
  });
}

/** Applies a score change: fields merge into each method's saved values; null clears a method. */
export function mergeProductScore(
  saved: ProductScore,
  change: Partial<
    Record<keyof ProductScore, Record<string, number | null | undefined> | null | undefined>
  >,
): ProductScore {
  const out: Record<string, unknown> = { ...saved };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (value === null) {
      delete out[key];
      continue;
    }
    const merged: Record<string, unknown> = {
      ...((saved as Record<string, object | undefined>)[key] ?? {}),
    };
    for (const [field, n] of Object.entries(value)) if (n !== undefined) merged[field] = n;
    delete merged.total;
    delete merged.quadrant;
    out[key] = merged;
  }
  return out as ProductScore;
}
