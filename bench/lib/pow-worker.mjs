// A proof-of-work solver thread for the traffic test (bench/lib/pow-solvers.mts): solving takes
// tens of milliseconds of CPU, which on the load generator's own thread would stretch the
// latencies it measures of every other visitor.
import { parentPort } from 'node:worker_threads';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

parentPort.on('message', async ({ id, encoded }) => {
  try {
    const challenge = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 120_000 });
    if (!solution) throw new Error('not solved within 120 s');
    const header = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
    parentPort.postMessage({ id, header, steps: solution.counter + 1, work: Number(challenge.parameters?.data?.work ?? 0) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
