// Module resolution hooks (see hide-packages.mjs): a hidden package resolves as a missing one does.
const hidden = new Set((process.env.DEEPRESEARCH_TEST_HIDDEN_PACKAGES ?? '').split(',').filter(Boolean));

/** The package a bare specifier names (`pdfkit`, `@scope/name`), or undefined for a path or URL. */
function packageOf(specifier) {
  if (/^(\.|\/|[a-z]+:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function resolve(specifier, context, nextResolve) {
  const name = packageOf(specifier);
  if (name && hidden.has(name)) {
    const error = new Error(
      `Cannot find package '${name}' imported from ${context.parentURL ?? 'the command line'}`,
    );
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}
