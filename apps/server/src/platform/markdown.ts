/**
 * A card's editor HTML as Markdown, for text that leaves the app (an issue in Jira, a CSV export).
 * It knows the editor's elements (paragraphs, headings 1 and 2, bold, italic, underline, links,
 * lists, quotes, code, rules, images); lists follow §9 (numbers modulo 10, four spaces a level).
 */
import { markdownIndent, markdownListMarker } from '@assay/domain';
import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

const isElement = (node: ChildNode): node is Element => node.type === 'tag';

/** Inline content: text and the marks around it, on one line. */
function inline(nodes: readonly ChildNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.data.replace(/\s+/g, ' ');
    else if (isElement(node)) {
      const inner = () => inline(node.children);
      switch (node.name) {
        case 'strong':
        case 'b':
          out += wrap(inner(), '**');
          break;
        case 'em':
        case 'i':
          out += wrap(inner(), '*');
          break;
        case 'code':
          out += wrap(inner(), '`');
          break;
        case 'a': {
          const href = node.attribs.href ?? '';
          const text = inner();
          out += href ? `[${text || href}](${href})` : text;
          break;
        }
        case 'img':
          out += node.attribs.src ? `![${node.attribs.alt ?? ''}](${node.attribs.src})` : '';
          break;
        case 'br':
          out += '\n';
          break;
        default:
          out += inner();
      }
    }
  }
  return out;
}

/** Marks around text keep its outer spaces outside them (`** bold**` is not bold in Markdown). */
function wrap(text: string, mark: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  const lead = text.slice(0, text.indexOf(trimmed));
  const tail = text.slice(lead.length + trimmed.length);
  return `${lead}${mark}${trimmed}${mark}${tail}`;
}

/** A list at a depth: each item its marker, its text, then its own lists one level in. */
function list(node: Element, depth: number): string[] {
  const ordered = node.name === 'ol';
  const lines: string[] = [];
  let index = 0;
  for (const item of node.children) {
    if (!isElement(item) || item.name !== 'li') continue;
    const nested = item.children.filter(
      (c) => isElement(c) && (c.name === 'ul' || c.name === 'ol'),
    );
    const own = item.children.filter((c) => !nested.includes(c));
    const text = own
      .map((c) => (isElement(c) && c.name === 'p' ? inline(c.children) : inline([c])))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    lines.push(`${markdownIndent(depth)}${markdownListMarker(ordered, index)} ${text}`);
    for (const sub of nested) lines.push(...list(sub as Element, depth + 1));
    index += 1;
  }
  return lines;
}

/** Block content: paragraphs, headings, lists, quotes, code and rules, a blank line apart. */
function blocks(nodes: readonly ChildNode[]): string[] {
  const out: string[] = [];
  let loose: ChildNode[] = [];
  const flush = () => {
    const text = inline(loose).trim();
    if (text) out.push(text);
    loose = [];
  };
  for (const node of nodes) {
    if (!isElement(node)) {
      loose.push(node);
      continue;
    }
    switch (node.name) {
      case 'p':
      case 'div':
        flush();
        if (inline(node.children).trim()) out.push(inline(node.children).trim());
        break;
      case 'h1':
      case 'h2':
      case 'h3':
        flush();
        out.push(`${'#'.repeat(Number(node.name[1]))} ${inline(node.children).trim()}`);
        break;
      case 'ul':
      case 'ol':
        flush();
        out.push(list(node, 0).join('\n'));
        break;
      case 'blockquote':
        flush();
        out.push(
          blocks(node.children)
            .join('\n\n')
            .split('\n')
            .map((line) => (line ? `> ${line}` : '>'))
            .join('\n'),
        );
        break;
      case 'pre':
        flush();
        out.push(`\`\`\`\n${textOf(node).replace(/\n$/, '')}\n\`\`\``);
        break;
      case 'hr':
        flush();
        out.push('---');
        break;
      default:
        loose.push(node);
    }
  }
  flush();
  return out;
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  return isElement(node) ? node.children.map(textOf).join('') : '';
}

/** The editor's HTML as Markdown (empty for empty text). */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return '';
  return blocks(parseDocument(html).children).join('\n\n');
}
