/**
 * One job run in a process of its own, for the killed-worker tests (tests/integration/faults/
 * killed-worker.test.ts): the job named JOB_NAME with JOB_DATA (JSON), on the database of
 * DATABASE_URL, with the clock stopped at CLOCK_NOW so that it agrees with the test's. Prints
 * `done` when the job returns. Run with `tsx --conditions=react-server`, like `npm run worker`.
 */
import { parseConfig } from '@/server/config';
import { jobDefinitions } from '@/server/jobs/definitions';
import { createServices } from '@/server/services';
import { productionParts } from '@/server/wiring';

const now = new Date(process.env.CLOCK_NOW!);
const services = createServices({
  config: parseConfig(process.env),
  clock: { now: () => now },
  parts: productionParts,
  report: (error) => console.error('[job-process]', error),
});
const job = jobDefinitions(services).find((definition) => definition.name === process.env.JOB_NAME);
if (!job) throw new Error(`no job ${process.env.JOB_NAME}`);
await job.handler(JSON.parse(process.env.JOB_DATA ?? '{}') as Record<string, string>);
console.log('done');
process.exit(0);
