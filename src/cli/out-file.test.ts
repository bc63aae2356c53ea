import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { outFormatOf } from './out-file.js';

describe('outFormatOf', () => {
  it('takes the format from the file name, JSON with --json or a .json name', () => {
    expect(outFormatOf('report.pdf', false)).toBe('pdf');
    expect(outFormatOf('out/Report.DOCX', false)).toBe('docx');
    expect(outFormatOf('answer.md', false)).toBe('markdown');
    expect(outFormatOf('page.htm', false)).toBe('html');
    expect(outFormatOf('result.json', false)).toBe('json');
    expect(outFormatOf('answer.md', true)).toBe('json');
    expect(outFormatOf('result', true)).toBe('json');
  });

  it('refuses an ending no format goes with, and --json with a document name, saying what to do', () => {
    const error = (() => {
      try {
        outFormatOf('report.odt', false);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      '--out report.odt has an ending no format goes with; use one of .md, .markdown, .html, .htm, .pdf, .docx, .json (e.g. --out report.pdf).',
    );
    expect(() => outFormatOf('report', false)).toThrow(/has an ending no format goes with/);
    expect(() => outFormatOf('report.pdf', true)).toThrow(
      '--json writes JSON, but --out report.pdf names a PDF file; drop --json or name a .json file.',
    );
  });
});
