/** `npm run sam:env`: writes env.json, for `sam local invoke --env-vars env.json` (infra/local/sam-env.ts). */
import { writeFileSync } from 'node:fs';
import { loadSamEnv } from '../infra/local';

const { samEnv, samEnvJson } = await loadSamEnv();
const env = samEnv();
writeFileSync('env.json', samEnvJson(env));
console.log(`wrote env.json (${Object.keys(env).length} functions)`);
