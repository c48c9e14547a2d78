/**
 * A small PDF writer on pdf-lib for exports: pages that flow (headings, wrapped paragraphs,
 * key-value rows, bullet lists, bar charts) and boxes placed by hand (the canvas grid). Text is
 * set in DejaVu Sans, embedded from its npm package (subset to the characters used), so the five
 * project languages — and Greek, Cyrillic, dashes and quotes — print as written; a character the
 * font lacks becomes "?" rather than failing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as PdfLibModule from 'pdf-lib';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;
/** The font files, read once from the dejavu-fonts-ttf package (never downloaded). */
function fonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}
const ELLIPSIS = '…';

export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
let GREY: Color;
let INK: Color;
let LINE: Color;
let BLUE: Color;

type PdfLib = typeof PdfLibModule;
let library: Promise<{ lib: PdfLib; fontkit: unknown }> | undefined;
/** pdf-lib and fontkit, loaded with the first PDF (the server does not hold them until then). */
function loadPdfLib() {
  library ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(
    ([lib, fontkit]) => {
      GREY = lib.rgb(0.45, 0.45, 0.45);
      INK = lib.rgb(0.1, 0.1, 0.12);
      LINE = lib.rgb(0.8, 0.82, 0.85);
      BLUE = lib.rgb(0.13, 0.42, 0.85);
      return { lib, fontkit: fontkit.default };
    },
  );
  return library;
}

export class PdfWriter {
  private readonly lib: PdfLib;
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  private readonly charset: Set<number>;
  private readonly landscape: boolean;

  private constructor(
    lib: PdfLib,
    doc: PDFDocument,
    font: PDFFont,
    bold: PDFFont,
    charset: Set<number>,
    landscape: boolean,
  ) {
    this.lib = lib;
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.charset = charset;
    this.landscape = landscape;
  }

  page!: PDFPage;
  y = 0;

  static async create(options: { title: string; subject: string; landscape?: boolean }) {
    const { lib, fontkit } = await loadPdfLib();
    const doc = await lib.PDFDocument.create();
    doc.setTitle(options.title);
    doc.setSubject(options.subject);
    doc.setProducer('Assay');
    doc.setCreator('Assay');
    doc.registerFontkit(fontkit as Parameters<PDFDocument['registerFontkit']>[0]);
    const font = await doc.embedFont(fonts().regular, { subset: true });
    const bold = await doc.embedFont(fonts().bold, { subset: true });
    const writer = new PdfWriter(
      lib,
      doc,
      font,
      bold,
      new Set(font.getCharacterSet()),
      options.landscape ?? false,
    );
    writer.newPage();
    return writer;
  }

  get width() {
    return this.page.getWidth();
  }
  get contentWidth() {
    return this.width - MARGIN * 2;
  }

  newPage() {
    const size: [number, number] = this.landscape ? [A4.height, A4.width] : [A4.width, A4.height];
    this.page = this.doc.addPage(size);
    this.y = this.page.getHeight() - MARGIN;
    return this.page;
  }

  /** Text the font can draw: whitespace runs collapsed, characters it lacks replaced. */
  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/\s+/g, ' ')) {
      const code = ch.codePointAt(0) ?? 63;
      out += this.charset.has(code) ? ch : '?';
    }
    return out.trim();
  }

  /** Lines of at most `width` points. */
  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const words = this.clean(text).split(' ').filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A single word wider than the line is cut.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  title(text: string, subtitle?: string) {
    // A long title wraps: every word of it is printed.
    for (const line of this.wrap(text, 20, this.contentWidth, this.bold)) {
      this.ensure(30);
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y - 20,
        size: 20,
        font: this.bold,
        color: INK,
      });
      this.y -= 26;
    }
    this.y -= 4;
    if (subtitle) {
      this.page.drawText(this.clean(subtitle), {
        x: MARGIN,
        y: this.y - 10,
        size: 9,
        font: this.font,
        color: GREY,
      });
      this.y -= 18;
    }
    this.y -= 6;
  }

  heading(text: string) {
    this.ensure(34);
    this.y -= 8;
    this.page.drawText(this.clean(text), {
      x: MARGIN,
      y: this.y - 13,
      size: 13,
      font: this.bold,
      color: INK,
    });
    this.y -= 18;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: this.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: LINE,
    });
    this.y -= 6;
  }

  paragraph(text: string, options: { size?: number; indent?: number; color?: 'grey' } = {}) {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, size, this.contentWidth - indent)) {
      this.ensure(size + 4);
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y - size,
        size,
        font: this.font,
        color: options.color ? GREY : INK,
      });
      this.y -= size + 4;
    }
    this.y -= 2;
  }

  /** Label on the left, value wrapped on the right. */
  field(label: string, value: string) {
    const size = 10;
    const labelWidth = 140;
    const lines = this.wrap(value || '—', size, this.contentWidth - labelWidth);
    this.ensure(size + 4);
    this.page.drawText(this.clean(label), {
      x: MARGIN,
      y: this.y - size,
      size,
      font: this.bold,
      color: GREY,
    });
    for (const line of lines) {
      this.ensure(size + 4);
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y - size,
        size,
        font: this.font,
        color: INK,
      });
      this.y -= size + 4;
    }
    this.y -= 2;
  }

  bullets(items: string[], empty = 'None yet.') {
    if (items.length === 0) {
      this.paragraph(empty, { color: 'grey' });
      return;
    }
    for (const item of items) this.paragraph(`- ${item}`, { indent: 6 });
  }

  /** Horizontal bars, one per value, scaled to the largest. */
  bars(values: { label: string; value: number }[]) {
    const max = Math.max(1, ...values.map((v) => v.value));
    const labelWidth = 150;
    const barWidth = this.contentWidth - labelWidth - 40;
    for (const v of values) {
      this.ensure(16);
      this.page.drawText(this.clean(v.label).slice(0, 30), {
        x: MARGIN,
        y: this.y - 10,
        size: 9,
        font: this.font,
        color: INK,
      });
      const w = (v.value / max) * barWidth;
      if (w > 0)
        this.page.drawRectangle({
          x: MARGIN + labelWidth,
          y: this.y - 11,
          width: w,
          height: 10,
          color: BLUE,
        });
      this.page.drawText(String(v.value), {
        x: MARGIN + labelWidth + w + 4,
        y: this.y - 10,
        size: 9,
        font: this.font,
        color: GREY,
      });
      this.y -= 16;
    }
    this.y -= 4;
  }

  /**
   * At most `max` lines of `width` points; when the text is longer, the last line ends with an
   * ellipsis, so a cut is always visible.
   */
  clamp(text: string, size: number, width: number, max: number, font = this.font): string[] {
    const lines = this.wrap(text, size, width, font);
    if (lines.length <= max) return lines;
    const kept = lines.slice(0, max);
    let last = kept[max - 1] ?? '';
    while (last && font.widthOfTextAtSize(`${last}${ELLIPSIS}`, size) > width) {
      last = last.slice(0, -1);
    }
    kept[max - 1] = `${last.trimEnd()}${ELLIPSIS}`;
    return kept;
  }

  /**
   * A box at a fixed place with a title and as many items as fit (the rest counted): each item's
   * text in at most two lines (an ellipsis when longer), its tag (a status, a mark) on a line of
   * its own in grey so it is never the part that gets cut.
   */
  box(
    rect: { x: number; y: number; width: number; height: number },
    title: string,
    items: (string | { text: string; tag?: string })[],
    size = 8,
  ) {
    this.page.drawRectangle({ ...rect, borderColor: LINE, borderWidth: 0.8 });
    const titleLine = this.clamp(title, 9, rect.width - 10, 1, this.bold)[0] ?? '';
    this.page.drawText(titleLine, {
      x: rect.x + 5,
      y: rect.y + rect.height - 13,
      size: 9,
      font: this.bold,
      color: INK,
    });
    let y = rect.y + rect.height - 26;
    const wrapped = items.flatMap((item) => {
      const { text, tag } = typeof item === 'string' ? { text: item, tag: undefined } : item;
      const lines = this.clamp(`- ${text}`, size, rect.width - 10, 2).map((line) => ({
        line,
        grey: false,
      }));
      if (tag) {
        const tagLine = this.clamp(`  ${tag}`, size - 1, rect.width - 10, 1)[0] ?? '';
        lines.push({ line: tagLine, grey: true });
      }
      return lines;
    });
    const room = Math.max(0, Math.floor((y - rect.y - 4) / (size + 3)));
    const shown = wrapped.length > room ? wrapped.slice(0, Math.max(0, room - 1)) : wrapped;
    for (const { line, grey } of shown) {
      this.page.drawText(line, {
        x: rect.x + 5,
        y: y - size + 2,
        size: grey ? size - 1 : size,
        font: this.font,
        color: grey ? GREY : INK,
      });
      y -= size + 3;
    }
    if (shown.length < wrapped.length) {
      this.page.drawText(`+ ${wrapped.length - shown.length} more lines`, {
        x: rect.x + 5,
        y: y - size + 2,
        size,
        font: this.font,
        color: GREY,
      });
    }
  }

  /**
   * A square plot with four labelled quadrants and numbered dots (x, y in 0…1, y up), then the
   * legend of what each number is: the assumptions map.
   */
  quadrantPlot(options: {
    xLabel: [low: string, high: string];
    yLabel: [low: string, high: string];
    quadrants: [topLeft: string, topRight: string, bottomLeft: string, bottomRight: string];
    points: { x: number; y: number; label: string; color: [number, number, number] }[];
  }) {
    const side = Math.min(this.contentWidth - 40, 320);
    this.ensure(side + 40);
    const left = MARGIN + 30;
    const bottom = this.y - side - 6;
    this.page.drawRectangle({
      x: left,
      y: bottom,
      width: side,
      height: side,
      borderColor: LINE,
      borderWidth: 0.8,
    });
    const mid = side / 2;
    this.page.drawLine({
      start: { x: left + mid, y: bottom },
      end: { x: left + mid, y: bottom + side },
      color: LINE,
      thickness: 0.8,
    });
    this.page.drawLine({
      start: { x: left, y: bottom + mid },
      end: { x: left + side, y: bottom + mid },
      color: LINE,
      thickness: 0.8,
    });
    const [tl, tr, bl, br] = options.quadrants;
    const corner = (text: string, x: number, y: number) =>
      this.page.drawText(this.clean(text), { x, y, size: 8, font: this.bold, color: GREY });
    corner(tl, left + 4, bottom + side - 11);
    corner(tr, left + mid + 4, bottom + side - 11);
    corner(bl, left + 4, bottom + 4);
    corner(br, left + mid + 4, bottom + 4);
    const axis = (text: string, x: number, y: number) =>
      this.page.drawText(this.clean(text), { x, y, size: 7, font: this.font, color: GREY });
    axis(options.xLabel[0], left, bottom - 10);
    const high = this.clean(options.xLabel[1]);
    axis(high, left + side - this.font.widthOfTextAtSize(high, 7), bottom - 10);
    this.page.drawText(this.clean(options.yLabel[1]), {
      x: left - 8,
      y: bottom + side - this.font.widthOfTextAtSize(this.clean(options.yLabel[1]), 7),
      size: 7,
      font: this.font,
      color: GREY,
      rotate: this.lib.degrees(90),
    });
    this.page.drawText(this.clean(options.yLabel[0]), {
      x: left - 8,
      y: bottom,
      size: 7,
      font: this.font,
      color: GREY,
      rotate: this.lib.degrees(90),
    });
    options.points.forEach((p, i) => {
      const cx = left + 6 + p.x * (side - 12);
      const cy = bottom + 6 + p.y * (side - 12);
      this.page.drawCircle({ x: cx, y: cy, size: 4, color: this.lib.rgb(...p.color) });
      this.page.drawText(String(i + 1), {
        x: cx + 5,
        y: cy - 3,
        size: 7,
        font: this.font,
        color: INK,
      });
    });
    this.y = bottom - 18;
    options.points.forEach((p, i) => this.paragraph(`${i + 1}. ${p.label}`, { size: 8 }));
    this.y -= 4;
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

export const PDF_MARGIN = MARGIN;
