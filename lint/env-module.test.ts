import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { envModule } from './env-module.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('env-module', envModule, {
  valid: [
    "import { env } from './functions/_lib/env.ts'; const port = env('PORT');",
    'const { argv } = process; process.exitCode = 1;',
    "import { argv } from 'node:process';",
    "const other = { env: 1 }; other.env; const text = 'the process environment';",
  ],
  invalid: [
    { code: 'const url = process.env.DATABASE_URL;', errors: [{ messageId: 'outside' }] },
    { code: "const url = process['env'].DATABASE_URL;", errors: [{ messageId: 'outside' }] },
    { code: 'const all = globalThis.process.env;', errors: [{ messageId: 'outside' }] },
    { code: 'const { env } = process;', errors: [{ messageId: 'outside' }] },
    { code: "import { env } from 'node:process';", errors: [{ messageId: 'outside' }] },
    { code: "import { env as e } from 'process';", errors: [{ messageId: 'outside' }] },
    {
      name: "a bundler's define key names the environment",
      code: "build({ define: { 'process.env.NODE_ENV': '\"production\"' } });",
      errors: [{ messageId: 'outside' }],
    },
  ],
});
