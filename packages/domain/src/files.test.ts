import { describe, expect, it } from 'vitest';
import { cleanFilename, fileKind, uploadProblem, uploadProblemMessage } from './files.ts';

describe('cleanFilename', () => {
  it('turns spaces into underscores and & into "and"', () => {
    expect(cleanFilename('Customer notes & quotes.pdf')).toBe('Customer_notes_and_quotes.pdf');
  });
  it('removes accents and special or non-ASCII characters and keeps the extension', () => {
    expect(cleanFilename('Résumé (final)!.DOCX')).toBe('Resume_final.docx');
    expect(cleanFilename('日本語.png')).toBe('file.png');
  });
  it('handles names without an extension', () => {
    expect(cleanFilename('read me')).toBe('read_me');
  });
});

describe('fileKind', () => {
  it('knows kinds by extension', () => {
    expect(fileKind('a.JPG')).toBe('image');
    expect(fileKind('deck.key')).toBe('keynote');
    expect(fileKind('x.unknown')).toBe('other');
  });
});

describe('uploadProblem', () => {
  it('refuses large, empty and SVG files with the spec messages', () => {
    expect(uploadProblem({ name: 'a.png', size: 104_857_601 })).toBe('uploadTooLarge');
    expect(uploadProblemMessage('uploadTooLarge')).toBe('uploads must be less than 100mb');
    expect(uploadProblem({ name: 'a.png', size: 0 })).toBe('uploadEmpty');
    expect(uploadProblemMessage('uploadEmpty')).toBe('cannot upload an empty file');
    expect(uploadProblem({ name: 'logo.svg', size: 10 })).toBe('uploadSvg');
    expect(uploadProblemMessage('uploadSvg')).toBe(
      'Unable to upload SVGs, please try another file type',
    );
    expect(uploadProblem({ name: 'a.png', size: 104_857_600 })).toBeNull();
  });
});
