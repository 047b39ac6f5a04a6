// @ts-check
/**
 * ESLint rule `lagos/table-owner` (issue 25.1, ADR 036): each table is written by one module, its
 * owning repository; every other service calls that repository. A write is a Kysely
 * `insertInto('t')` / `updateTable('t')` / `deleteFrom('t')` / `mergeInto('t')` call (an
 * `'t as alias'` argument counts as `t`) or an `insert into t` / `update t` / `delete from t`
 * inside a `sql` template. Options: `{ owners: { [table]: 'path/from/project/root.ts' } }`; a
 * write to a table missing from `owners` is reported too, so a new table gets its owner declared.
 */

const WRITE_CALLS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto']);
/** `update` after `do`, `for` or `key` is a conflict clause or a row lock, not a table write. */
const RAW_WRITE =
  /\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** @param {string} path */
const normalise = (path) => path.replaceAll('\\', '/');

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by its owning repository (ADR 036).' },
    schema: [
      {
        type: 'object',
        properties: { owners: { type: 'object', additionalProperties: { type: 'string' } } },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      notOwner:
        "'{{table}}' is written only by {{owner}} (its owning repository, ADR 036): call a function there instead.",
      noOwner:
        "'{{table}}' has no owning repository: declare it in TABLE_OWNERS (eslint.config.mjs) and write it only there.",
    },
  },
  create(context) {
    /** @type {Record<string, string>} */
    const owners = context.options[0]?.owners ?? {};
    const file = normalise(context.filename);
    /**
     * @param {string} table
     * @param {import('estree').Node} node
     */
    const check = (table, node) => {
      const owner = owners[table];
      if (owner === undefined) context.report({ node, messageId: 'noOwner', data: { table } });
      else if (!file.endsWith(`/${owner}`) && file !== owner)
        context.report({ node, messageId: 'notOwner', data: { table, owner } });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITE_CALLS.has(callee.property.name)) return;
        const first = node.arguments[0];
        if (first?.type !== 'Literal' || typeof first.value !== 'string') return;
        check(first.value.trim().split(/\s+/)[0] ?? '', node);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const text = node.quasi.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
        for (const match of text.matchAll(RAW_WRITE)) check((match[1] ?? '').toLowerCase(), node);
      },
    };
  },
};

import { envModule } from './env-module.mjs';
import { listingName } from './listing-name.mjs';

/** The project's rules, as the ESLint plugin `lagos`. */
export default {
  rules: { 'table-owner': tableOwner, 'env-module': envModule, 'listing-name': listingName },
};
