import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { matchesAny } from './like.ts';
import { paged, pageWindow } from './paging.ts';

interface Tables {
  claims: { id: string; created_at: string; user_name: string; email: string };
}
/** A Kysely that compiles Postgres SQL and runs nothing. */
const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('admin paging (ADR 066)', () => {
  it('page 1 starts at row 0; page n skips (n - 1) pages', () => {
    expect(pageWindow({ page: 1, limit: 24 })).toEqual({ offset: 0, limit: 24 });
    expect(pageWindow({ page: 3, limit: 24 })).toEqual({ offset: 48, limit: 24 });
  });

  it('reads the page with its window and the total, in parallel', async () => {
    const order: string[] = [];
    const result = await paged(
      { page: 2, limit: 10 },
      async (window) => {
        order.push('list start');
        await new Promise((r) => setTimeout(r, 5));
        order.push('list end');
        return [window];
      },
      async () => {
        order.push('count');
        return 42;
      },
    );
    expect(result).toEqual({ rows: [{ offset: 10, limit: 10 }], total: 42 });
    expect(order).toEqual(['list start', 'count', 'list end']);
  });

  it('matchesAny ors a lower-cased, escaped substring match over the columns', () => {
    const compiled = db
      .selectFrom('claims as c')
      .select('c.id')
      .where(matchesAny(['c.user_name', 'c.email'], '50%_Off'))
      .compile();
    expect(compiled.sql).toBe(
      'select "c"."id" from "claims" as "c" where (lower("c"."user_name") like $1 or lower("c"."email") like $2)',
    );
    expect(compiled.parameters).toEqual(['%50\\%\\_off%', '%50\\%\\_off%']);
  });
});
