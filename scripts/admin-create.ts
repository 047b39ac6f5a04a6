/**
 * `npm run admin:create -- --email E [--password P] [--name N]`: creates an admin account, or
 * promotes the existing account with that e-mail. Uses the database of this environment
 * (stop `npm start` first when it runs on the embedded database).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { ensureAdmin } from '../functions/users/users.service.ts';

checkEnv();
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com --password "a-strong-password" [--name "Your Name"]',
  );
  process.exit(2);
}

const handle = await openDatabase();
try {
  await migrateToLatest(handle.db);
  const result = await ensureAdmin(handle.db, {
    email: values.email,
    password: values.password,
    name: values.name,
  });
  console.log(
    result.created
      ? `Created admin ${values.email}.`
      : `${values.email} already had an account: it is now an admin.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
