import { z } from 'zod';
import { isAddressOrCidr, variable, url, type Variable } from './variable.ts';

/** The server and its address: port, host, public origin, trusted proxies. */
export const SITE_VARIABLES = {
  PORT: variable(
    z.coerce
      .number('must be a port number')
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65_535, 'must be a port number')
      .default(4321),
    { default: '`4321`', meaning: 'where `npm start` / `npm run dev` listen' },
  ),
  HOST: variable(z.string().default('localhost'), {
    default: '`localhost`',
    meaning: 'interface `npm start` / `npm run dev` listen on',
  }),
  SITE_URL: variable(url('the public origin, e.g. https://lagosautohub.ng'), {
    default: '`URL`, else `http://localhost:$PORT`',
    meaning: 'canonical URL of the site: links, cookies, e-mails',
  }),
  TRUSTED_PROXIES: variable(
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(
              isAddressOrCidr,
              'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1)',
            ),
        ),
      ),
    {
      default: 'none',
      meaning: 'IPs/CIDRs of proxies whose `X-Forwarded-For` names the client (ADR 015)',
    },
  ),
} satisfies Record<string, Variable>;
