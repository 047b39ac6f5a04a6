import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { listingName } from './listing-name.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2024,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('listing-name', listingName, {
  valid: [
    'const listingId = row.listing_id;',
    "db.selectFrom('business_registrations').select('business_registration_id');",
    'sql`select listing_id from reviews`;',
    'const el = <li data-listing-id={id} />;',
    "const text = 'a business identity';",
  ],
  invalid: [
    { code: 'const businessId = 1;', errors: [{ messageId: 'oldName' }] },
    { code: 'const row = { business_id: id };', errors: [{ messageId: 'oldName' }] },
    {
      code: "db.selectFrom('reviews').where('business_id', '=', id);",
      errors: [{ messageId: 'oldName' }],
    },
    { code: 'sql`select business_id from reviews`;', errors: [{ messageId: 'oldName' }] },
    { code: 'const el = <li data-business-id={id} />;', errors: [{ messageId: 'oldName' }] },
  ],
});
