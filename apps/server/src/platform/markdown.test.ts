import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './markdown.ts';

describe('the editor HTML as Markdown (part 2 §9)', () => {
  it('numbers ordered items modulo 10 and indents four spaces a level', () => {
    const items = Array.from({ length: 12 }, (_, i) => `<li><p>Step ${i + 1}</p></li>`).join('');
    const lines = htmlToMarkdown(`<ol>${items}</ol>`).split('\n');
    expect(lines.slice(8, 12)).toEqual(['9. Step 9', '0. Step 10', '1. Step 11', '2. Step 12']);
    expect(
      htmlToMarkdown(
        '<ul><li><p>Clinics</p><ol><li><p>Vets</p><ul><li>Rural</li></ul></li></ol></li><li>Labs</li></ul>',
      ),
    ).toBe(['- Clinics', '    1. Vets', '        - Rural', '- Labs'].join('\n'));
  });

  it('keeps the editor’s marks, links, headings, quotes, code and rules', () => {
    expect(
      htmlToMarkdown(
        '<h1>Why</h1><p>Parents <strong>skip </strong>cooking, <em>says</em> <a href="https://example.com/a">a survey</a> &amp; <code>n=40</code>.</p>' +
          '<blockquote><p>We order in.</p></blockquote><pre><code>a &lt; b\n</code></pre><hr><h2>Next</h2><p>Ask <u>again</u><br>soon</p>',
      ),
    ).toBe(
      [
        '# Why',
        'Parents **skip** cooking, *says* [a survey](https://example.com/a) & `n=40`.',
        '> We order in.',
        '```\na < b\n```',
        '---',
        '## Next',
        'Ask again\nsoon',
      ].join('\n\n'),
    );
    expect(htmlToMarkdown('')).toBe('');
    expect(htmlToMarkdown('plain words')).toBe('plain words');
  });
});
