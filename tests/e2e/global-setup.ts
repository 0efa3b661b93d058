import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Fails early with instructions instead of deep inside a browser launch or a server start. */
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium is not installed at ${chromium}. Install it (Debian: apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH.',
    );
  }
  if (!existsSync('.next/BUILD_ID')) {
    console.log('No production build yet: running `npm run build` first.');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
}
