import { describe, expect, it } from 'vitest';
import { MissingPackageError } from '../errors.js';
import { loadOptionalPackage } from './optional-package.js';

/** A resolver for which `missing` are not installed. */
const without =
  (...missing: string[]) =>
  (name: string) => {
    if (missing.includes(name)) throw new Error(`Cannot find package '${name}'`);
    return `file:///node_modules/${name}/index.js`;
  };

describe('loadOptionalPackage', () => {
  it('names the feature, the missing packages and the command that installs them, without loading', async () => {
    let loaded = false;
    const loading = loadOptionalPackage({
      feature: 'PDF export',
      packages: ['pdfkit', 'fontkit'],
      load: async () => {
        loaded = true;
        return {};
      },
      resolve: without('pdfkit', 'fontkit'),
    });
    await expect(loading).rejects.toBeInstanceOf(MissingPackageError);
    await expect(loading).rejects.toMatchObject({
      code: 'missing_package',
      kind: 'user',
      packages: ['pdfkit', 'fontkit'],
      message: expect.stringContaining('PDF export needs the packages pdfkit and fontkit'),
    });
    await expect(loading).rejects.toThrow('npm install pdfkit fontkit');
    expect(loaded).toBe(false);
  });

  it('names only the package that is missing', async () => {
    const loading = loadOptionalPackage({
      feature: 'PDF export',
      packages: ['pdfkit', 'fontkit'],
      load: async () => ({}),
      resolve: without('fontkit'),
    });
    await expect(loading).rejects.toThrow(
      /needs the package fontkit, which is not installed.*npm install fontkit/,
    );
  });

  it('loads the module when every package is installed', async () => {
    const module = { ready: true };
    await expect(
      loadOptionalPackage({ feature: 'DOCX export', packages: ['docx'], load: async () => module }),
    ).resolves.toBe(module);
  });
});
