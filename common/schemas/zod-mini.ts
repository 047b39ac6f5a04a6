import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * Zod's tree-shakable API (`zod/mini`) for the schemas the public form pages load before their
 * first inline message (issue 34.5, ADR 097): forms.ts, url.ts, find-it.ts, quote-request.ts and
 * auth.ts. The same Zod and the same rules as the rest of the schemas (`zod`), which the server
 * composes with these as they are; the page loads 8–9 KB of gzip instead of Zod's 26 KB.
 *
 * English messages for the checks that carry none of their own, as `zod` sets them when it loads:
 * the island and the function layer answer a bad value with the same words.
 */
z.config(en());

export { z };
