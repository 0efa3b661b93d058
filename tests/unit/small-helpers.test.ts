import { describe, expect, it } from 'vitest';
import { splitSeconds } from '@/lib/format-uptime';
import { isChunkLoadError, mayReload, RELOAD_GUARD_MS } from '@/lib/monitoring/reload-guard';
import { randomId } from '@/lib/random-id';
import { isPartner, isUuid } from '@/lib/route-params';
import { uptimeSeconds } from '@/server/use-cases/version';

describe('splitSeconds', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitSeconds(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(90_061.9)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('uptimeSeconds', () => {
  it('counts whole seconds and never goes negative', () => {
    const start = new Date('2026-11-22T10:00:00Z');
    expect(uptimeSeconds(start, new Date('2026-11-22T10:01:01.999Z'))).toBe(61);
    expect(uptimeSeconds(start, new Date('2026-11-22T09:59:00Z'))).toBe(0);
  });
});

describe('reload guard', () => {
  it('allows one automatic reload per 10 seconds', () => {
    expect(mayReload(null, 1_000)).toBe(true);
    expect(mayReload(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
    // A clock set back must not block reloads for good.
    expect(mayReload(50_000, 1_000)).toBe(true);
  });

  it('recognises chunk-loading failures and nothing else', () => {
    const chunk = new Error('Loading chunk 123 failed.');
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Failed to load chunk /_next/static/chunks/abc.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('route parameters', () => {
  it('accepts UUIDs only', () => {
    expect(isUuid('0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11')).toBe(true);
    expect(isUuid('0B8E4A52-6D5C-7C1E-9A41-2F0F7F1C3B11')).toBe(true);
    expect(isUuid('12345678')).toBe(false);
    expect(isUuid('0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11/x')).toBe(false);
  });

  it('knows the four partner pages', () => {
    expect(['up', 'pluxee', 'edenred', 'benefit-systems'].every(isPartner)).toBe(true);
    expect(isPartner('sodexo')).toBe(false);
  });
});

describe('randomId', () => {
  it('gives 32 hex characters, unique', () => {
    const ids = new Set(Array.from({ length: 100 }, randomId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
