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

/** The layers of a front end's `src/`, top to bottom (ADR 0031): each imports only its own layer and those below. */
const LAYERS = ['app', 'features', 'components', 'lib'];

/** The layer a file belongs to: `{ src, layer }` for `<project>/src/<layer>/…`, else null (the entry, the routes). */
export function layerOf(file) {
  const parts = file.split(sep);
  for (let index = parts.length - 3; index >= 0; index--) {
    if (parts[index] === 'src' && LAYERS.includes(parts[index + 1])) {
      return { src: parts.slice(0, index + 1).join(sep), layer: parts[index + 1] };
    }
  }
  return null;
}

/**
 * `aba/no-cross-feature`: inside a front end, a feature (`src/features/<name>/`) imports only itself and the shared
 * folders below the features (`src/components`, `src/lib`), never another feature; and no layer imports one above it
 * (`lib` → `components` → `features` → `app`). What two features share moves down to a shared folder, so each feature
 * can change (or go) on its own (ADR 0025, the layout ADR 0031).
 */
export const noCrossFeature = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of a front end does not import another feature, and no layer imports one above it' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ({{path}}): move what both need to a shared folder (src/components, src/lib).",
      upward:
        "src/{{from}} imports src/{{to}} ({{path}}), a layer above it: app → features → components → lib, never upward.",
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const own = featureOf(file);
    const ownLayer = layerOf(file);
    if (!own && !ownLayer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = resolve(dirname(file), source);
      const target = featureOf(imported);
      if (own && target && target.root === own.root && target.name !== own.name) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: own.name, to: target.name, path: relative(own.root, imported) },
        });
        return;
      }
      const targetLayer = layerOf(imported);
      if (
        ownLayer &&
        targetLayer &&
        targetLayer.src === ownLayer.src &&
        LAYERS.indexOf(targetLayer.layer) < LAYERS.indexOf(ownLayer.layer)
      ) {
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from: ownLayer.layer, to: targetLayer.layer, path: relative(ownLayer.src, imported) },
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
