// @ts-check
/**
 * ESLint rule `lagos/env-module` (issue 39.5, ADR 065): the process environment is read only in
 * the env module, functions/_lib/env.ts, where every variable is declared, parsed and documented
 * (ADR 013); everything else calls `env('NAME')` and hands the environment to a child process
 * with `childEnvironment()`. Reported, outside the files the config exempts:
 * - `process.env` and `process['env']`, also through `globalThis.process`;
 * - `const { env } = process` and `import { env } from 'node:process'` (or `'process'`);
 * - a string naming it (`'process.env.NODE_ENV'`): a bundler's `define` key is a read of the
 *   environment by the bundled code, so it is declared in the env module too.
 */

const PROCESS_MODULES = new Set(['process', 'node:process']);
const NAMED = /^process\.env\b/;

/** @param {import('estree').Node | null | undefined} node */
const isProcess = (node) =>
  (node?.type === 'Identifier' && node.name === 'process') ||
  (node?.type === 'MemberExpression' &&
    !node.computed &&
    node.object.type === 'Identifier' &&
    node.object.name === 'globalThis' &&
    node.property.type === 'Identifier' &&
    node.property.name === 'process');

/** @param {import('estree').MemberExpression} node */
const isEnvProperty = (node) =>
  node.computed
    ? node.property.type === 'Literal' && node.property.value === 'env'
    : node.property.type === 'Identifier' && node.property.name === 'env';

/** @type {import('eslint').Rule.RuleModule} */
export const envModule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'The process environment is read only in functions/_lib/env.ts (ADR 065).',
    },
    schema: [],
    messages: {
      outside:
        "Read configuration through env('NAME') from functions/_lib/env.ts (declared, parsed and documented there), and pass it to a child process with childEnvironment() (ADR 065).",
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (isProcess(node.object) && isEnvProperty(node))
          context.report({ node, messageId: 'outside' });
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !isProcess(node.init)) return;
        const env = node.id.properties.some(
          (p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'env',
        );
        if (env) context.report({ node, messageId: 'outside' });
      },
      ImportDeclaration(node) {
        if (!PROCESS_MODULES.has(String(node.source.value))) return;
        for (const s of node.specifiers)
          if (
            s.type === 'ImportSpecifier' &&
            s.imported.type === 'Identifier' &&
            s.imported.name === 'env'
          )
            context.report({ node: s, messageId: 'outside' });
      },
      Literal(node) {
        if (typeof node.value === 'string' && NAMED.test(node.value))
          context.report({ node, messageId: 'outside' });
      },
    };
  },
};
