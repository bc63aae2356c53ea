/**
 * Builds a small valid PDF (Helvetica text, one line per page, optional Title) byte by byte, so tests
 * can exercise PDF reading without binary fixtures.
 */
export function buildMinimalPdf(options: { pages: string[]; title?: string }): Uint8Array {
  const escapePdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const objects: string[] = [];
  const pageCount = options.pages.length;
  // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page object and a content stream per page.
  const pageIds = options.pages.map((_, index) => 5 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`,
  );
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects.push(options.title === undefined ? '<< >>' : `<< /Title (${escapePdfText(options.title)}) >>`);
  for (const [index, text] of options.pages.entries()) {
    const contentId = pageIds[index]! + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = `BT /F1 18 Tf 72 700 Td (${escapePdfText(text)}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let output = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(output.length);
    output += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefOffset = output.length;
  output += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) output += `${String(offset).padStart(10, '0')} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new TextEncoder().encode(output);
}
