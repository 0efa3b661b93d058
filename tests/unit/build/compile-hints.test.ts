import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markChunk } from '../../../scripts/compile-hints.mts';

const HINT = '//# allFunctionsCalledOnLoad\n';

describe('compile hints on first-load chunks', () => {
  it('puts the hint on the first line once, and shifts a source map by that line', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hints-'));
    const chunk = join(folder, 'a.js');
    writeFileSync(chunk, 'console.log(1);\n');
    writeFileSync(`${chunk}.map`, JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA,QAAQ' }));

    expect(markChunk(chunk)).toBe(true);
    expect(readFileSync(chunk, 'utf8')).toBe(`${HINT}console.log(1);\n`);
    expect(JSON.parse(readFileSync(`${chunk}.map`, 'utf8')).mappings).toBe(';AAAA,QAAQ');

    expect(markChunk(chunk)).toBe(false);
    expect(readFileSync(chunk, 'utf8')).toBe(`${HINT}console.log(1);\n`);
    expect(JSON.parse(readFileSync(`${chunk}.map`, 'utf8')).mappings).toBe(';AAAA,QAAQ');
  });

  it('marks a chunk without a source map', () => {
    const chunk = join(mkdtempSync(join(tmpdir(), 'hints-')), 'b.js');
    writeFileSync(chunk, '(()=>{})();');
    expect(markChunk(chunk)).toBe(true);
    expect(readFileSync(chunk, 'utf8').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });
});
