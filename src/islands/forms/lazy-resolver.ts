import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A react-hook-form resolver validating with a Zod schema that the island does not wait for
 * (issue 22.2, ADR 046, ADR 091): Zod is ~25 KB of gzip the form does not need to become
 * interactive, only to validate a submission, so a form page's first screen does not wait for it.
 * `load` is a dynamic import of the schema's module (the same schema the API parses with), e.g.
 * `() => import('common/schemas/find-it').then((m) => m.FindItSchema)`. In the browser the module is
 * requested as soon as the island's own module runs, while React hydrates the form (issue 34.5:
 * requested after hydration, it made the first validation wait 0.3–0.5 s on the phone profile);
 * a validation before it arrives waits for it. On the public pages its files were already
 * fetched with the island's (`data-preload`, integrations/island-preload.ts, ADR 095).
 *
 * If the module cannot be fetched (the signal went), the values go to the API unvalidated: the
 * server validates every submission with the same schema and its messages reach the same fields.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output> | undefined> | undefined;
  const resolverOf = () =>
    (loading ??= load().then(
      (schema) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
      () => {
        loading = undefined; // try again at the next validation
        return undefined;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    const resolve = await resolverOf();
    if (resolve) return resolve(values, context, options);
    return { values: values as unknown as Output, errors: {} };
  };
  // Not on the server, which renders the form without validating it.
  if (typeof document !== 'undefined') void resolverOf();
  return resolver;
}

/** A {@link lazyZodResolver}. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output>;
