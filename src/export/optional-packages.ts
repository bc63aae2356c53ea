import type { ReportFormat } from '../contract/index.js';
import { checkOptionalPackages, type OptionalFeature, type ResolvePackage } from '../shared/index.js';

/** The optional packages each binary export needs (not installed by a lean install). */
export const EXPORT_PACKAGES = {
  pdf: { feature: 'PDF export', packages: ['pdfkit', 'fontkit'] },
  docx: { feature: 'DOCX export', packages: ['docx'] },
} as const satisfies Partial<Record<ReportFormat, OptionalFeature>>;

/**
 * Throws a `MissingPackageError` when `format` needs a package that is not installed: the CLI asks
 * before any research (`--out report.pdf`), so no finished answer is lost to a missing package.
 */
export function checkExportPackages(format: ReportFormat, resolve?: ResolvePackage): void {
  if (format === 'pdf' || format === 'docx') checkOptionalPackages({ ...EXPORT_PACKAGES[format], resolve });
}
