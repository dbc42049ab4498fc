import * as z from 'zod/mini';

/**
 * Literals, unions and free-form records built from `z.transform`, which the bundle already
 * carries. zod/mini's schemas share one chunk that every page loads, so each kind of schema an
 * island adds (`z.literal`, `z.discriminatedUnion`, `z.record`…) weighs on the tour and payment
 * pages' budgets; these weigh only on the islands that use them.
 */

type Ctx = z.core.ParsePayload<unknown>;

function refuse(ctx: Ctx, input: unknown, message: string): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/** Exactly one of `values` (a literal, or an enumeration of strings). */
export function exactly<const V extends string | null>(...values: readonly V[]) {
  return z.transform(
    (input: unknown, ctx: Ctx): V =>
      values.includes(input as V) ? (input as V) : refuse(ctx, input, `expected one of ${values.join(', ')}`),
  );
}

/** The first of `schemas` the input fits (for unions told apart by a `kind`). */
export function oneOf<const S extends readonly z.ZodMiniType[]>(...schemas: S) {
  return z.transform((input: unknown, ctx: Ctx): z.infer<S[number]> => {
    for (const schema of schemas) {
      const result = schema.safeParse(input);
      if (result.success) return result.data as z.infer<S[number]>;
    }
    return refuse(ctx, input, 'fits none of the expected shapes');
  });
}

/** Any JSON object, kept as it is (a list's settings, posted back verbatim). */
export const jsonObject = z.transform(
  (input: unknown, ctx: Ctx): Record<string, unknown> =>
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : refuse(ctx, input, 'expected an object'),
);
