import { dirname, relative, resolve, sep } from 'node:path';

/** The feature a file belongs to: `{ root, name }` for `<root>/src/features/<name>/…`, else null. */
export function featureOf(file) {
  const parts = file.split(sep);
  for (let index = parts.length - 3; index >= 0; index--) {
    if (parts[index] === 'src' && parts[index + 1] === 'features' && index + 2 < parts.length - 1) {
      return { root: parts.slice(0, index + 2).join(sep), name: parts[index + 2] };
    }
  }
  return null;
}

/**
 * `aba/no-cross-feature`: inside a front end, a feature (`src/features/<name>/`) imports only itself and the shared
 * folders below the features (`src/components`, `src/lib`), never another feature. What two features share moves
 * down to a shared folder, so each feature can change (or go) on its own (ADR 0025, the layout ADR 0031).
 */
export const noCrossFeature = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of a front end does not import another feature' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ({{path}}): move what both need to a shared folder (src/components, src/lib).",
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(resolve(dirname(file), source));
      if (target && target.root === own.root && target.name !== own.name) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: own.name, to: target.name, path: relative(own.root, resolve(dirname(file), source)) },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'aba' }, rules: { 'no-cross-feature': noCrossFeature } };
