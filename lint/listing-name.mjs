// @ts-check
/**
 * ESLint rule `lagos/listing-name` (issue 39.2, ADR 085): the directory entry is a "listing" in
 * code. `business_id` / `businessId` (an identifier, a property, or a word in a string or `sql`
 * template) is refused: say `listing_id` / `listingId`. The spec's table names stay
 * (`business_registrations`, `business_directory`), and so do migrations, which record history.
 */

const OLD = /\b(?:business_id|businessId)\b/;

/** @type {import('eslint').Rule.RuleModule} */
export const listingName = {
  meta: {
    type: 'problem',
    docs: { description: 'One name for the key to a listing: listing_id (ADR 085).' },
    schema: [],
    messages: {
      oldName:
        "'{{name}}' names a listing's key the old way: use listing_id / listingId (ADR 085).",
    },
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const check = (node, text) => {
      const found = OLD.exec(text);
      if (found) context.report({ node, messageId: 'oldName', data: { name: found[0] } });
    };
    return {
      Identifier: (node) => check(node, node.name),
      Literal: (node) => {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement: (node) => check(node, node.value.raw),
      /** @param {any} node a JSX attribute (`data-business-id`) */
      JSXAttribute: (node) => {
        if (node.name?.name === 'data-business-id')
          context.report({ node, messageId: 'oldName', data: { name: 'data-business-id' } });
      },
    };
  },
};
