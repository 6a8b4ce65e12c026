import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Which translator TRANSLATE_PROVIDER selects. Settings are read once per module instance
 * (lib/config.ts), so each case loads fresh modules after setting the environment.
 */
async function translatorWith(provider: string | undefined) {
  vi.stubEnv('TRANSLATE_PROVIDER', provider);
  vi.resetModules();
  const { translator } = await import('../../../lib/dpps/translation-provider');
  const { amazonTranslate } = await import('../../../lib/aws/translate');
  return { chosen: translator(), amazonTranslate };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('translator', () => {
  it('is Amazon Translate when TRANSLATE_PROVIDER is aws', async () => {
    const { chosen, amazonTranslate } = await translatorWith('aws');
    expect(chosen).toBe(amazonTranslate);
  });

  it.each([
    ['unset', undefined],
    ['none', 'none'],
  ])('is absent when TRANSLATE_PROVIDER is %s (stored translations only)', async (_, provider) => {
    expect((await translatorWith(provider)).chosen).toBeUndefined();
  });
});
