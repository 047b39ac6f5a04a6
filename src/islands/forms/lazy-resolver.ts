import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver validating with a Zod schema that is loaded after the island has
 * hydrated (issue 22.2, ADR 046): Zod is ~25 KB of gzip the form does not need to become
 * interactive, only to validate a submission, so a form page's first screen does not wait for it.
 * `load` is a dynamic import of the schema's module (the same schema the API parses with), e.g.
 * `() => import('common/schemas/forms').then((m) => m.FindItSchema)`; the module is fetched once,
 * by {@link useSchemaPreload} after the first paint or by the first validation, whichever is first.
 *
 * If the module cannot be fetched (the signal went), the values go to the API unvalidated: the
 * server validates every submission with the same schema and its messages reach the same fields.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<ZodType<Output, Input>>,
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
  return Object.assign(resolver, { preload: () => void resolverOf() });
}

/** A {@link lazyZodResolver}: a resolver that can start fetching its schema early. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/** Starts fetching the form's schema once the island has hydrated (after its first commit). */
export function useSchemaPreload(resolver: { preload: () => void }): void {
  useEffect(() => resolver.preload(), [resolver]);
}
