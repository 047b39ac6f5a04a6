import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { tableOwner } from './table-owner.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const owners = { articles: 'functions/articles/articles.repository.ts' };
const options = [{ owners }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('table-owner', tableOwner, {
  valid: [
    {
      filename: '/repo/functions/articles/articles.repository.ts',
      code: "db.insertInto('articles').values(row); db.updateTable('articles as a').set(x);",
      options,
    },
    {
      filename: '/repo/functions/articles/articles.repository.ts',
      code: 'sql`update articles set title = ${t}`;',
      options,
    },
    {
      name: 'reads, row locks and conflict clauses are not writes',
      filename: '/repo/functions/claims/claims.service.ts',
      code: "db.selectFrom('articles'); sql`select 1 from articles for update skip locked`; sql`insert into x values (1) on conflict do update set n = 1`;",
      options: [{ owners: { ...owners, x: 'functions/claims/claims.service.ts' } }],
    },
  ],
  invalid: [
    {
      filename: '/repo/functions/claims/claims.service.ts',
      code: "db.deleteFrom('articles').where('id', '=', id);",
      options,
      errors: [{ messageId: 'notOwner' }],
    },
    {
      filename: '/repo/functions/claims/claims.service.ts',
      code: 'sql`delete from articles where id = ${id}`;',
      options,
      errors: [{ messageId: 'notOwner' }],
    },
    {
      name: 'a table nobody owns',
      filename: '/repo/functions/articles/articles.repository.ts',
      code: "db.insertInto('reviews as r').values(row);",
      options,
      errors: [{ messageId: 'noOwner' }],
    },
  ],
});
