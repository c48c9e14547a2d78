/**
 * The text of an uploaded document, for file summaries: PDF through unpdf (PDF.js), Word through
 * mammoth, and the text formats as they are (HTML without its tags). At most 200,000 characters.
 */

const MAX = 200_000;

export async function documentText(data: Buffer, filename: string): Promise<string> {
  const name = filename.toLowerCase();
  let text: string;
  if (name.endsWith('.pdf')) {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(data));
    text = (await extractText(pdf, { mergePages: true })).text;
  } else if (name.endsWith('.docx')) {
    const { default: mammoth } = await import('mammoth');
    text = (await mammoth.extractRawText({ buffer: data })).value;
  } else if (/\.html?$/.test(name)) {
    text = data
      .toString('utf8')
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&');
  } else {
    text = data.toString('utf8');
  }
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX);
}
