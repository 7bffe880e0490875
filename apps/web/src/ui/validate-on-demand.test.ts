import { schemaResolver } from '@mantine/form';
import { loginBodySchema } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { onDemand, validateBy, validateWith } from './validate-on-demand';

describe('rules on demand', () => {
  it('downloads once, however often it is asked', async () => {
    let downloads = 0;
    const rules = onDemand(async () => {
      downloads++;
      return { loginBodySchema };
    });
    expect(rules.loaded()).toBeUndefined();
    rules.preload();
    rules.preload();
    await rules.load();
    expect(downloads).toBe(1);
    expect(rules.loaded()).toEqual({ loginBodySchema });
  });

  it('tries a failed download again at the next use', async () => {
    let attempts = 0;
    const rules = onDemand(async () => {
      if (++attempts === 1) throw new Error('offline');
      return { loginBodySchema };
    });
    await expect(rules.load()).rejects.toThrow('offline');
    await expect(rules.load()).resolves.toEqual({ loginBodySchema });
    expect(attempts).toBe(2);
  });

  it("waits for the schema the first time, then checks at once, with the contract's messages", async () => {
    const rules = onDemand(async () => ({ loginBodySchema }));
    const validate = validateBy(rules, (schemas) => schemas.loginBodySchema);
    const empty = { email_or_username: '', password: '' };
    const first = validate(empty);
    expect(first).toBeInstanceOf(Promise);
    const errors = await first;
    // What the form showed when it imported the schema itself.
    expect(errors).toEqual(schemaResolver(loginBodySchema, { sync: true })(empty));
    expect(Object.keys(errors).sort()).toEqual(['email_or_username', 'password']);
    // Loaded: the same answer, synchronously.
    expect(validate(empty)).toEqual(errors);
    expect(validate({ email_or_username: 'ada', password: 'secret-pass' })).toEqual({});
  });

  it('lets the form through when the rules cannot be downloaded: the server checks with the same rules', async () => {
    const rules = onDemand<{ loginBodySchema: typeof loginBodySchema }>(() => Promise.reject(new Error('offline')));
    const validate = validateWith(rules, () => ({ password: 'never' }));
    await expect(validate({})).resolves.toEqual({});
  });
});
