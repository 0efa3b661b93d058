// Loaded with `node --import` by every process that runs the site's code (npm start, npm run
// dev, npm run worker, the scale-out test): `server-only` marks modules that must never reach a
// browser bundle, and outside Next it is simply satisfied. The react-server condition would do the same, but it also
// swaps react-dom/server for a stub, and the job worker renders e-mails.
import { registerHooks } from 'node:module';

// Before anything loads React: a process started this way runs production builds (React picks
// its build from NODE_ENV when first loaded), unless it is the dev server (`server.mts --dev`).
// eslint-disable-next-line dzb/server-only -- the hook that satisfies server-only; never bundled
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';

const EMPTY = new URL('../node_modules/server-only/empty.js', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'server-only') return { url: EMPTY, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
