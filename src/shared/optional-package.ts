import { MissingPackageError } from '../errors.js';

/**
 * Finds a package the way `import()` would from here; throws when it is not installed. A seam:
 * tests pass one that reports a package missing without deleting it from node_modules.
 */
export type ResolvePackage = (name: string) => string;

// `import.meta.resolve` is synchronous from Node 20.6; before it, every package is taken as present
// and a missing one fails at `load` with Node's own error.
const resolveFromHere: ResolvePackage = (name) =>
  typeof import.meta.resolve === 'function' ? import.meta.resolve(name) : name;

/** An optional feature and the packages it needs. */
export interface OptionalFeature {
  /** What needs the packages, e.g. "PDF export"; starts the error message. */
  feature: string;
  /** npm names of the packages the feature needs. */
  packages: readonly string[];
}

/**
 * Throws a `MissingPackageError` naming the feature and the `npm install` command when one of its
 * packages is not installed: said before any work by a caller that knows it will need them.
 */
export function checkOptionalPackages(options: OptionalFeature & { resolve?: ResolvePackage }): void {
  const resolve = options.resolve ?? resolveFromHere;
  const missing = options.packages.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      // Any failure to resolve means the import would fail the same way: the package is not usable.
      return true;
    }
  });
  if (missing.length > 0) throw new MissingPackageError({ feature: options.feature, packages: missing });
}

/**
 * Loads an optional feature's module once its packages are known to be installed
 * (`checkOptionalPackages`), so a missing one is a `MissingPackageError` naming the command that
 * installs it, instead of Node's "Cannot find package" from deep inside.
 */
export async function loadOptionalPackage<Module>(
  options: OptionalFeature & {
    /** Imports the module (a dynamic `import()`), called only when every package resolves. */
    load: () => Promise<Module>;
    resolve?: ResolvePackage;
  },
): Promise<Module> {
  checkOptionalPackages(options);
  return options.load();
}
