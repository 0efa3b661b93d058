// Loaded with `node --import` by processes that run the site's code outside Next (npm run worker,
// the scale-out test): `server-only` marks modules that must never reach a browser bundle, and
// outside Next it is simply satisfied. The react-server condition would do the same, but it also
// swaps react-dom/server for a stub, and the job worker renders e-mails.
import { registerHooks } from 'node:module';

const EMPTY = new URL('../node_modules/server-only/empty.js', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'server-only') return { url: EMPTY, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
