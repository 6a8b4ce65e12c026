/**
 * A local function's settings: exactly the synthesized template's Environment.Variables for
 * that function (each cloud-only value replaced from LOCAL_CLOUD_ONLY_VALUES: samEnv), then
 * LOCAL_SETTINGS (infra/local/environment.ts) applied from the local stack's environment, then
 * the function's own credentials. Nothing else: a setting the template does not give a
 * function, and LOCAL_SETTINGS does not add, is not there.
 */
import { LOCAL_SETTINGS } from '../environment';
import { functionCredentials } from '../iam/credentials';

export function functionEnvironment(
  fn: string,
  templateSettings: Readonly<Record<string, string>>,
  stackEnv: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = { ...templateSettings };
  for (const [key, rule] of Object.entries(LOCAL_SETTINGS)) {
    const value = stackEnv[key];
    if (value === undefined) continue;
    if ('replaces' in rule ? key in templateSettings : rule.adds === '*' || rule.adds in templateSettings) {
      env[key] = value;
    }
  }
  const { accessKeyId, secretAccessKey } = functionCredentials(fn);
  return { ...env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey };
}
