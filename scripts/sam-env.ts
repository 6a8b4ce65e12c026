/**
 * `npm run sam:env`: writes env.json for `sam local invoke --env-vars env.json` against the
 * running `npm start` (infra/local/sam-env.ts; docs/local.md, sam local invoke).
 * `npm run -s sam:env -- --credentials <Function>`: prints that function's local credentials,
 * for SAM's shell (`env $(…) sam local invoke …`).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadSamEnv } from '../infra/local';

const { values } = parseArgs({
  options: { dir: { type: 'string', default: '.local' }, credentials: { type: 'string' } },
});
const { runningStackEnv, samCredentials, samEnvFile, samEnvJson, synthesizedTemplate } = await loadSamEnv();
try {
  if (values.credentials) {
    console.log(samCredentials(values.credentials));
  } else {
    const env = samEnvFile(synthesizedTemplate(), await runningStackEnv(values.dir));
    writeFileSync('env.json', samEnvJson(env));
    console.log(`wrote env.json (${Object.keys(env).length} functions, engines of ${values.dir}/stack.json)`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
