import { type FormErrors, schemaResolver } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/** A module a form needs, downloaded when the form is first used rather than with the page. */
export type OnDemand<T> = {
  /** Starts the download: the form's `onFocus` (an event handler; a failure is left to `load`). */
  preload(): void;
  /** The module, once downloaded; a failed download is tried again at the next call. */
  load(): Promise<T>;
  /** The module if it is already there. */
  loaded(): T | undefined;
};

/**
 * The rules a form validates with, the contract's zod schemas, downloaded on the form's first focus: zod and
 * the schemas are ~20 KB gzip that the page would otherwise wait for on a slow phone (the first visit of
 * /login, and every signed-in page with a form in a dialog). The forms import them from a `schemas.ts` of
 * their feature, the only modules given the contract with its schemas (apps/web/build/contract-values.ts).
 */
export function onDemand<T>(download: () => Promise<T>): OnDemand<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const load = () => {
    loading ??= download().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    preload: () => {
      load().catch(() => {});
    },
    load,
    loaded: () => module,
  };
}

/**
 * useForm's `validate` with rules on demand: it checks at once when they are there, and otherwise waits for
 * them (Mantine's onSubmit and validateField await a promise). Same schemas, same messages as before. Should
 * the download fail, the form is sent unchecked and the server, which validates with the same schemas,
 * answers its field errors.
 */
export function validateWith<T, Values>(
  rules: OnDemand<T>,
  check: (rules: T, values: Values) => FormErrors,
): (values: Values) => FormErrors | Promise<FormErrors> {
  return (values) => {
    const loaded = rules.loaded();
    if (loaded) return check(loaded, values);
    return rules.load().then(
      (arrived) => check(arrived, values),
      () => ({}),
    );
  };
}

/** The usual case: the form's values checked against one schema, its messages on the fields they name. */
export function validateBy<T>(rules: OnDemand<T>, schemaOf: (rules: T) => Schema) {
  return validateWith(rules, (loaded, values: unknown) => schemaResolver(schemaOf(loaded), { sync: true })(values));
}
