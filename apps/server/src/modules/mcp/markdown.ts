/** A project's canvas as Markdown (the MCP resource, issue #52): what a model reads at a glance. */
import type { canvasRead } from './reads.ts';

type Canvas = Awaited<ReturnType<typeof canvasRead>>;

function confidenceText(c: Canvas['sections'][number]['hypotheses'][number]['confidence']) {
  if (c.state === 'untested') return 'untested';
  return `${c.state}, confidence ${c.score} from ${c.evidence} rated pieces`;
}

export function canvasMarkdown(canvas: Canvas): string {
  const lines = [`# ${canvas.project.name}: business model canvas`, ''];
  for (const section of canvas.sections) {
    lines.push(`## ${section.name}`, '');
    if (section.hypotheses.length === 0) lines.push('_No hypotheses yet._');
    for (const h of section.hypotheses) {
      const marks = [
        confidenceText(h.confidence),
        h.risky ? 'risky' : '',
        h.result !== 'none' ? String(h.result) : '',
        'draft' in h && h.draft ? 'draft' : '',
      ].filter(Boolean);
      lines.push(`- ${h.title} (${marks.join(', ')}) — id ${h.id}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
