/**
 * Reading one piece of evidence (#49), the one path the app and the measuring command share:
 * the provider proposes (built-in, OpenAI-compatible, Anthropic or a local model), then every quote
 * is checked word for word against the evidence's text and what fails is dropped with its claim.
 * Key insights are kept to the contract's 3–6: when a model's quotes fail and fewer than three
 * remain, the built-in reader's (verbatim by construction) make up the rest.
 */
import {
  checkEvidenceReading,
  INSIGHTS_MAX,
  INSIGHTS_MIN,
  type EvidenceReading,
  type EvidenceReadingInput,
  type Language,
} from '@assay/domain';
import type { AiProvider, GenerateOptions } from '../../platform/ai/provider.ts';
import { builtinReadEvidence } from '../../platform/ai/builtin/evidence-reader.ts';

export interface CheckedReading {
  reading: EvidenceReading;
  /** Suggestions and insights dropped for a quote that is not in the evidence. */
  dropped: number;
  provider: string;
  fellBack: boolean;
}

export async function readEvidenceChecked(
  ai: AiProvider,
  input: EvidenceReadingInput & { language: Language; context?: string },
  options?: GenerateOptions,
): Promise<CheckedReading> {
  const answer = await ai.readEvidence(input, options);
  const text = input.evidence.text;
  const ids = input.hypotheses.map((h) => h.id);
  const checked = checkEvidenceReading(answer.value, text, ids);
  let insights = checked.reading.insights.slice(0, INSIGHTS_MAX);
  if (insights.length < INSIGHTS_MIN && answer.provider !== 'builtin') {
    const quoted = new Set(insights.map((i) => i.quote));
    const extra = checkEvidenceReading(
      builtinReadEvidence(input, input.language),
      text,
      ids,
    ).reading.insights.filter((i) => !quoted.has(i.quote));
    insights = [...insights, ...extra].slice(0, Math.max(INSIGHTS_MIN, insights.length));
  }
  return {
    reading: { suggestions: checked.reading.suggestions, insights },
    dropped: checked.dropped,
    provider: answer.provider,
    fellBack: answer.fellBack,
  };
}
