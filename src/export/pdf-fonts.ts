import { access } from 'node:fs/promises';
import type { Font } from 'fontkit';

/** The faces a PDF report uses, each a TrueType/OpenType file. */
export interface PdfFontFiles {
  regular: string;
  bold: string;
  italic: string;
  mono: string;
}

/**
 * Unicode font families looked for on the machine, first found wins: their glyphs cover Latin,
 * Greek, Cyrillic, Hebrew and Arabic letters, so quotes in those scripts print as written. A
 * family counts only when all four faces are there.
 */
const SYSTEM_FAMILIES: readonly PdfFontFiles[] = [
  {
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    italic: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf',
    mono: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  },
  {
    regular: '/usr/share/fonts/TTF/DejaVuSans.ttf',
    bold: '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
    italic: '/usr/share/fonts/TTF/DejaVuSans-Oblique.ttf',
    mono: '/usr/share/fonts/TTF/DejaVuSansMono.ttf',
  },
  {
    regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
    italic: '/usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf',
    mono: '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf',
  },
  {
    regular: 'C:\\Windows\\Fonts\\arial.ttf',
    bold: 'C:\\Windows\\Fonts\\arialbd.ttf',
    italic: 'C:\\Windows\\Fonts\\ariali.ttf',
    mono: 'C:\\Windows\\Fonts\\consola.ttf',
  },
];

/** PDF's built-in faces: always there, but they only hold the Windows-1252 characters. */
export const STANDARD_FONTS: PdfFontFiles = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  mono: 'Courier',
};

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The first Unicode family installed on this machine, or undefined when there is none. */
export async function findSystemFonts(
  families: readonly PdfFontFiles[] = SYSTEM_FAMILIES,
): Promise<PdfFontFiles | undefined> {
  for (const family of families) {
    const found = await Promise.all(Object.values(family).map(exists));
    if (found.every(Boolean)) return family;
  }
  return undefined;
}

/** Font files parsed in this thread, by path. */
const parsed = new Map<string, Promise<Font>>();

/**
 * The font in `file`, parsed once per thread: parsing a Unicode family and decoding its layout
 * tables cost more than laying out a short report, and a font's tables never change. A file that
 * cannot be parsed is not kept, so a later export tries again.
 */
export function parsedFont(file: string): Promise<Font> {
  let font = parsed.get(file);
  if (!font) {
    font = import('fontkit').then(async (fontkit) => {
      const opened = await fontkit.open(file);
      const first = 'fonts' in opened ? opened.fonts[0] : opened;
      if (!first) throw new Error(`${file} holds no font.`);
      return first;
    });
    font.catch(() => parsed.delete(file));
    parsed.set(file, font);
  }
  return font;
}
