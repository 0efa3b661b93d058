/** The traffic test's clients: legitimate visitors, and the hostile clients running beside them. */
export const LEGITIMATE = ['visitor', 'voucher owner', 'NAT office'] as const;
export const HOSTILE = ['voucher guesser', 'PDF flood', 'link flood'] as const;
export type VisitorKind = (typeof LEGITIMATE)[number] | (typeof HOSTILE)[number];
/** Without hostile clients, then with them. */
export type Phase = 'baseline' | 'attack';

export const isLegitimate = (kind: VisitorKind) => (LEGITIMATE as readonly string[]).includes(kind);

interface Who {
  kind: VisitorKind;
  phase: Phase;
}

/** What one kind of client met in one phase. */
export class Tally {
  visitors = 0;
  /** Legitimate visitors who reached the end of their flow. */
  completed = 0;
  requests = 0;
  readonly latencies: number[] = [];
  /** The same, by step of the visit (home page, rooms, order, …). */
  readonly byStep = new Map<string, number[]>();
  /** Answers by status class (2xx, 3xx, 4xx), and every 5xx by its status. */
  readonly statuses = new Map<string, number>();
  readonly serverErrors: string[] = [];
  noAnswer = 0;
  readonly refusals = new Map<string, number>();
  readonly refusalSamples: string[] = [];
  proofs = 0;
  largestChallenge = 0;
  /** The most SHA-256 steps one client of this kind proved in all. */
  mostStepsOneClient = 0;
  /** Counters of the hostile clients' own (guesses sent, codes found, …). */
  readonly counters = new Map<string, number>();

  get fiveXx(): number {
    return [...this.statuses].filter(([status]) => status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
  }

  get refused(): number {
    return [...this.refusals.values()].reduce((sum, n) => sum + n, 0);
  }

  count(name: string, n = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + n);
  }
}

export class TrafficStats {
  private readonly tallies = new Map<string, Tally>();

  of(kind: VisitorKind, phase: Phase): Tally {
    const key = `${kind}|${phase}`;
    let tally = this.tallies.get(key);
    if (!tally) this.tallies.set(key, (tally = new Tally()));
    return tally;
  }

  started(who: Who): void {
    this.of(who.kind, who.phase).visitors++;
  }

  /** A client's flow ended (`completed`: it got where it was going); its proofs in all are kept. */
  finished(who: Who & { steps: number }, completed: boolean): void {
    const tally = this.of(who.kind, who.phase);
    if (completed) tally.completed++;
    tally.mostStepsOneClient = Math.max(tally.mostStepsOneClient, who.steps);
  }

  answered(who: Who, step: string, status: number, ms: number, text: string): void {
    const tally = this.of(who.kind, who.phase);
    tally.requests++;
    if (isLegitimate(who.kind)) {
      tally.latencies.push(ms);
      const list = tally.byStep.get(step) ?? [];
      list.push(ms);
      tally.byStep.set(step, list);
    }
    const key = status >= 500 ? String(status) : `${Math.floor(status / 100)}xx`;
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    if (status >= 500 && tally.serverErrors.length < 5) tally.serverErrors.push(`${status} at ${step}: ${text.slice(0, 160).replace(/\s+/g, ' ')}`);
  }

  noAnswer(who: Who, step: string, message: string): void {
    const tally = this.of(who.kind, who.phase);
    tally.noAnswer++;
    if (tally.serverErrors.length < 5) tally.serverErrors.push(`no answer at ${step}: ${message}`);
  }

  refused(who: Who, step: string, code: string): void {
    const tally = this.of(who.kind, who.phase);
    const key = `${step}: ${code.split(' ', 2).join(' ')}`;
    tally.refusals.set(key, (tally.refusals.get(key) ?? 0) + 1);
    if (tally.refusalSamples.length < 5) tally.refusalSamples.push(`${step}: ${code}`);
  }

  proved(who: Who, _steps: number, work: number): void {
    const tally = this.of(who.kind, who.phase);
    tally.proofs++;
    tally.largestChallenge = Math.max(tally.largestChallenge, work);
  }
}

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};
