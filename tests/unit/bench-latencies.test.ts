import { describe, expect, it } from 'vitest';
import { Latencies } from '../../bench/lib/load.mts';

describe('the bench latencies', () => {
  it('resolve below a millisecond, to the microsecond', () => {
    const latencies = new Latencies();
    // 1 000 responses of 0.001 … 1.000 ms, in a shuffled order.
    const values = Array.from({ length: 1000 }, (_, i) => (i + 1) / 1000).sort((a, b) => Math.sin(a * 1e4) - Math.sin(b * 1e4));
    for (const value of values) latencies.add(value);
    expect(latencies.percentile(50)).toBe(0.5);
    expect(latencies.percentile(99)).toBe(0.99);
    expect(latencies.percentile(100)).toBe(1);
  });

  it('keep every response of a long run, and say 0 for none', () => {
    expect(new Latencies().percentile(99)).toBe(0);
    const latencies = new Latencies();
    for (let i = 0; i < 200_000; i++) latencies.add(i < 198_000 ? 0.25 : 12.5);
    expect(latencies.percentile(99)).toBe(0.25);
    expect(latencies.percentile(99.5)).toBe(12.5);
  });
});
