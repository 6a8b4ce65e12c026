/** `npm run events`: writes events/<fn>.json, one sample API Gateway v2 event per route, and the workers' sample events. */
import { writeFileSync } from 'node:fs';
import { loadSampleEvents, loadWorkerEvents } from '../infra/local';
import { routes } from '../lib/api/routes';

const { sampleEvent } = await loadSampleEvents();
const { workerSampleEvents } = await loadWorkerEvents();

const write = (name: string, event: unknown) => {
  const file = `events/${name}.json`;
  writeFileSync(file, `${JSON.stringify(event, null, 2)}\n`);
  console.log(`wrote ${file}`);
};
for (const route of routes) write(route.fn, sampleEvent(route.fn));
for (const { name, event } of workerSampleEvents()) write(name, event);
