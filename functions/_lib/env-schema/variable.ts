import { isIP } from 'node:net';
import { z } from 'zod';

/** The pieces every schema part of the environment uses (ADR 013, 073). */

/** How a variable shows in docs/environment.md and in error messages. */
export interface Variable<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The default as a person reads it (docs/environment.md). */
  default: string;
  meaning: string;
  /** Never echoed in error messages. */
  secret?: boolean;
}

export const variable = <S extends z.ZodType>(
  schema: S,
  doc: Omit<Variable<S>, 'schema'>,
): Variable<S> => ({ schema, ...doc });

export const text = () => z.string().optional();
export const url = (what: string) =>
  z.url({ protocol: /^https?$/, message: `must be an http(s) URL (${what})` }).optional();
export const email = (fallback: string) => z.email('must be an e-mail address').default(fallback);

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
