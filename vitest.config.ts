import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - unit: logic and the CDK template, no engines (aws-sdk-client-mock where an AWS call
 *   or a fault is involved); a generated key pair and dummy names in the environment.
 * - integration: the real local stack (DynamoDB Local, s3rver, SES stand-in, the local
 *   API server) started once by the global setup on random ports, driven over HTTP.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'test/lib/**/*.test.ts',
            'test/component/**/*.test.ts',
            'test/infra/*.test.ts',
            'test/scripts/**/*.test.ts',
            'test/docs/**/*.test.ts',
          ],
          setupFiles: ['test/setup/unit-env.ts'],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'test/functions/**/*.test.ts',
            'test/events/**/*.test.ts',
            'test/infra/local/**/*.test.ts',
            'test/fuzz/**/*.test.ts',
          ],
          globalSetup: ['test/setup/local-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
