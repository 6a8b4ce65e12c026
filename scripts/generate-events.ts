/** `npm run events`: writes events/<fn>.json, one sample API Gateway v2 event per route. */
import { writeFileSync } from 'node:fs';
import { loadSampleEvents } from '../infra/local';
import { routes } from '../lib/api/routes';

const { sampleEvent } = await loadSampleEvents();

for (const route of routes) {
  const file = `events/${route.fn}.json`;
  writeFileSync(file, `${JSON.stringify(sampleEvent(route.fn), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
