/**
 * `FromSchema<typeof schema>`: the TypeScript type of the values a JSON Schema of config/schema.ts accepts, after
 * ajv filled in its defaults (a property with a `default` or listed in `required` is always there). Covers the
 * keywords those schemas use for plain data: type, enum, properties, required, default, items, additionalProperties.
 * The auth schema's `allOf`/`if`/`then` is beyond it: `AuthConfig` stays written out in types.ts.
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: 'integer' | 'number' }
    ? number
    : S extends { readonly type: 'string' }
      ? string
      : S extends { readonly type: 'boolean' }
        ? boolean
        : S extends { readonly type: 'array'; readonly items: infer I }
          ? FromSchema<I>[]
          : S extends { readonly type: 'object'; readonly properties: infer P }
            ? ObjectOf<P, Present<S, P>>
            : S extends { readonly type: 'object'; readonly additionalProperties: infer A }
              ? Record<string, FromSchema<A>>
              : S extends { readonly type: 'object' }
                ? Record<string, unknown>
                : unknown;

/** The keys that are always there: listed in `required`, or given a `default`. */
type Present<S, P> =
  | (S extends { readonly required: readonly (infer R)[] } ? R : never)
  | { [K in keyof P]: P[K] extends { readonly default: unknown } ? K : never }[keyof P];

type ObjectOf<P, R> = Flatten<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

type Flatten<T> = { [K in keyof T]: T[K] };
