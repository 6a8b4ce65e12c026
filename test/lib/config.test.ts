import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * lib/config.ts keeps the settings its importers declared in module state, so each test
 * loads a fresh copy and declares its own. The names are settings no module of a fresh
 * copy declares by itself.
 */
async function freshConfig() {
  vi.resetModules();
  return import('../../lib/config');
}

const env = (values: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('required and optional settings', () => {
  it('declares a setting at module load without reading it: the value is read on first use', async () => {
    env({ SES_FROM_ADDRESS: undefined });
    const { required } = await freshConfig();
    const from = required('SES_FROM_ADDRESS');
    env({ SES_FROM_ADDRESS: 'no-reply@example.com' });
    expect(from()).toBe('no-reply@example.com');
  });

  it('reads each value once: a later change of the environment is not seen', async () => {
    env({ SES_FROM_ADDRESS: 'first@example.com', STRIPE_API_URL: 'http://first' });
    const { required, optional } = await freshConfig();
    const from = required('SES_FROM_ADDRESS');
    const stripe = optional('STRIPE_API_URL');
    expect([from(), stripe()]).toEqual(['first@example.com', 'http://first']);
    env({ SES_FROM_ADDRESS: 'second@example.com', STRIPE_API_URL: undefined });
    expect([from(), stripe()]).toEqual(['first@example.com', 'http://first']);
  });

  it('throws a ConfigError naming a required setting that is missing when it is read', async () => {
    env({ SES_FROM_ADDRESS: undefined });
    const { required, ConfigError } = await freshConfig();
    const from = required('SES_FROM_ADDRESS');
    expect(from).toThrow(ConfigError);
    expect(from).toThrow(/SES_FROM_ADDRESS/);
  });

  it('reads an optional setting that is absent as undefined', async () => {
    env({ STRIPE_API_URL: undefined });
    const { optional, assertConfigured } = await freshConfig();
    const stripe = optional('STRIPE_API_URL');
    expect(assertConfigured).not.toThrow();
    expect(stripe()).toBeUndefined();
  });
});

describe('assertConfigured', () => {
  it('passes when every declared required setting is set', async () => {
    env({ SES_FROM_ADDRESS: 'no-reply@example.com', VIES_URL: 'http://vies' });
    const { required, assertConfigured } = await freshConfig();
    required('SES_FROM_ADDRESS');
    required('VIES_URL');
    expect(assertConfigured).not.toThrow();
  });

  it('names every missing required setting in one error, and none that is set', async () => {
    env({ SES_FROM_ADDRESS: undefined, STRIPE_API_URL: undefined, VIES_URL: 'http://vies' });
    const { required, assertConfigured, ConfigError } = await freshConfig();
    required('SES_FROM_ADDRESS');
    required('STRIPE_API_URL');
    required('VIES_URL');
    expect(assertConfigured).toThrow(ConfigError);
    expect(assertConfigured).toThrow(/settings SES_FROM_ADDRESS, STRIPE_API_URL\./);
    expect(assertConfigured).not.toThrow(/VIES_URL/);
  });

  it('counts a blank value as missing', async () => {
    env({ SES_FROM_ADDRESS: '   ' });
    const { required, assertConfigured } = await freshConfig();
    const from = required('SES_FROM_ADDRESS');
    expect(assertConfigured).toThrow(/SES_FROM_ADDRESS/);
    expect(from).toThrow(/SES_FROM_ADDRESS/);
  });

  it('needs no setting that no loaded module declared', async () => {
    env({ TABLE_NAME: undefined, BUCKET_NAME: undefined, JWT_PUBLIC_KEYS: undefined });
    const { assertConfigured } = await freshConfig();
    expect(assertConfigured).not.toThrow();
  });

  it('refuses an optional setting outside its allowed values, naming the setting, the values and what it got', async () => {
    env({ TRANSLATE_PROVIDER: 'google' });
    const { optional, assertConfigured, ConfigError } = await freshConfig();
    optional('TRANSLATE_PROVIDER', ['aws', 'none']);
    expect(assertConfigured).toThrow(ConfigError);
    expect(assertConfigured).toThrow('TRANSLATE_PROVIDER must be one of "aws", "none", not "google"');
  });

  it.each([
    ['one of its values', 'aws'],
    ['absent', undefined],
  ])('accepts an optional setting with allowed values when it is %s', async (_, value) => {
    env({ TRANSLATE_PROVIDER: value });
    const { optional, assertConfigured } = await freshConfig();
    const provider = optional('TRANSLATE_PROVIDER', ['aws', 'none']);
    expect(assertConfigured).not.toThrow();
    expect(provider()).toBe(value);
  });

  it('names every problem at once: missing settings, a missing pair of alternatives and a value not allowed', async () => {
    env({
      SES_FROM_ADDRESS: undefined,
      JWT_PRIVATE_KEY: undefined,
      JWT_SIGNING_KEY_SECRET_ID: undefined,
      TRANSLATE_PROVIDER: 'google',
    });
    const { required, optional, oneOf, assertConfigured } = await freshConfig();
    required('SES_FROM_ADDRESS');
    oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');
    optional('TRANSLATE_PROVIDER', ['aws', 'none']);
    expect(assertConfigured).toThrow(/SES_FROM_ADDRESS/);
    expect(assertConfigured).toThrow(/JWT_PRIVATE_KEY or JWT_SIGNING_KEY_SECRET_ID/);
    expect(assertConfigured).toThrow(/TRANSLATE_PROVIDER/);
  });
});

describe('oneOf: two settings of which at least one must be set', () => {
  it.each([
    ['the first', { JWT_PRIVATE_KEY: 'inline pem', JWT_SIGNING_KEY_SECRET_ID: undefined }],
    ['the second', { JWT_PRIVATE_KEY: undefined, JWT_SIGNING_KEY_SECRET_ID: 'arn:secret' }],
    ['both', { JWT_PRIVATE_KEY: 'inline pem', JWT_SIGNING_KEY_SECRET_ID: 'arn:secret' }],
  ])('accepts %s, and reads each as it is', async (_, values) => {
    env(values);
    const { oneOf, assertConfigured } = await freshConfig();
    const source = oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');
    expect(assertConfigured).not.toThrow();
    expect([source.first(), source.second()]).toEqual([values.JWT_PRIVATE_KEY, values.JWT_SIGNING_KEY_SECRET_ID]);
  });

  it('refuses neither, naming both', async () => {
    env({ JWT_PRIVATE_KEY: undefined, JWT_SIGNING_KEY_SECRET_ID: ' ' });
    const { oneOf, assertConfigured, ConfigError } = await freshConfig();
    oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');
    expect(assertConfigured).toThrow(ConfigError);
    expect(assertConfigured).toThrow('one of JWT_PRIVATE_KEY or JWT_SIGNING_KEY_SECRET_ID is required');
  });
});
