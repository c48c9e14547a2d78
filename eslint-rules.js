// Local ESLint rules of this repository.
import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

/** The feature folder a file belongs to, or null. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

/** No feature imports another feature's internals (ARCHITECTURE.md §6). */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Features do not import each other' },
    messages: {
      cross:
        'Feature "{{from}}" imports feature "{{to}}": move shared pieces to ui/ or packages/domain.',
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = featureOf(target + path.sep);
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
