import 'server-only';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Handles this process holds open, per owner file. */
const held = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite belongs to one process: a second one opening the same folder (a command run beside
 * the server) would corrupt it. The owner's pid is kept beside the folder; another living
 * process finds it and is refused, a dead owner's file is taken over. Answers the release.
 */
export function claimPglite(dir: string): () => void {
  const file = `${path.resolve(dir)}.owner`;
  if (!held.has(file)) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && alive(owner)) {
        throw new Error(`The embedded database in ${dir} is open in process ${owner}; stop it first (PGlite serves one process), or use DATABASE_URL.`);
      }
      writeFileSync(file, String(process.pid));
    }
  }
  held.set(file, (held.get(file) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(file) ?? 1) - 1;
    if (left > 0) return void held.set(file, left);
    held.delete(file);
    rmSync(file, { force: true });
  };
}
