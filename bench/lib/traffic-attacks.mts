import { randomInt, randomUUID } from 'node:crypto';
import { Client, loopbackAddress } from './traffic-client.mts';
import type { Solvers } from './pow-solvers.mts';
import type { TrafficStats } from './traffic-stats.mts';
import { CZECH_HOTELS, hotelLink, orderPagePath, pick, PRODUCT } from './traffic-visitors.mts';

export interface AttackContext {
  ports: readonly number[];
  stats: TrafficStats;
  solvers: Solvers;
  /** When the attack ends (ms since the epoch). */
  until: number;
  scale: number;
}

/** Loopback blocks of the hostile clients (the legitimate visitors use others). */
const BLOCK = { guessers: 40, pdf: 60, linksMany: 70, linksFew: 71 } as const;
/** An open-loop attacker keeps at most so many requests open; beyond, it skips (and counts) a tick. */
const MAX_OPEN = 64;

/**
 * Sends `fire()` `rate` times a second until the end, whatever the site answers (an attacker
 * does not slow down for slow answers), with at most MAX_OPEN open at once.
 */
async function openLoop(context: AttackContext, rate: number, skipped: () => void, fire: (tick: number) => Promise<void>): Promise<void> {
  const open = new Set<Promise<void>>();
  const started = Date.now();
  for (let tick = 0; Date.now() < context.until; tick++) {
    const due = started + (tick * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (open.size >= MAX_OPEN) {
      skipped();
      continue;
    }
    const one = fire(tick).catch(() => undefined).finally(() => open.delete(one));
    open.add(one);
  }
  await Promise.all(open);
}

/** A code a guesser found: VoucherDetail showed it a voucher. */
export interface Found {
  code: string;
  client: Client;
  bait: boolean;
}

/**
 * Voucher guessers from `addresses` addresses (1,000 at full scale), each guessing random 8-digit
 * codes in turn. They solve the proof of work when asked, as far as the load generator's solver
 * threads keep up (a real botnet has more cores; it gains nothing from them here but more misses).
 * Now and then one of them, after its misses, tries the code of a real voucher (the bait), as a
 * guesser who got lucky would: the site must answer it as a miss (the voucher is held).
 */
export async function voucherGuessers(context: AttackContext, options: { rate: number; addresses: number; bait: string[] }): Promise<Found[]> {
  const tally = context.stats.of('voucher guesser', 'attack');
  const clients = new Map<number, Client>();
  const missed = new Set<number>();
  const bait = [...options.bait];
  const found: Found[] = [];
  await openLoop(context, options.rate, () => tally.count('not sent (generator busy)'), async (tick) => {
    // Now and then a guesser that already missed gets lucky: it tries a real voucher's code.
    const lucky = tick % 25 === 0 && missed.size > 0 && bait.length > 0;
    const n = lucky ? [...missed][tick % missed.size]! : tick % options.addresses;
    let client = clients.get(n);
    if (!client) {
      client = new Client(context, 'voucher guesser', 'attack', loopbackAddress(BLOCK.guessers, n));
      clients.set(n, client);
      context.stats.started(client);
    }
    const code = lucky ? bait.shift()! : String(randomInt(100_000_000)).padStart(8, '0');
    tally.count('guesses');
    if (lucky) tally.count('bait codes tried (after a miss)');
    const body = { productVariant: PRODUCT, voucherCode: code };
    let answer = await client.call('guess', 'VoucherDetail', body);
    if (answer?.challenge) {
      tally.count('challenged');
      // A guesser does not queue behind its own backlog: it moves on to the next code.
      if (context.solvers.backlog > 2) {
        tally.count('challenge left unsolved');
        return;
      }
      answer = await client.call('guess', 'VoucherDetail', body, { solution: await client.prove(answer.challenge) });
    }
    if (!answer) return;
    if (answer.status === 200) {
      tally.count(lucky ? 'bait codes found' : 'random codes found');
      found.push({ code, client, bait: lucky });
    } else if (answer.code === 'voucher_not_found') {
      tally.count(lucky ? 'bait codes looked up and answered as a miss (held)' : 'looked up, a miss');
      missed.add(n);
    } else tally.count(`answered ${answer.code}`);
  });
  for (const client of clients.values()) context.stats.finished(client, true);
  return found;
}

/**
 * Whether a guesser can spend a code it found: a preview of a stay paid with it, from the
 * guesser's own address. Spendable means the preview let the voucher pay part of the stay.
 */
export async function spendable(found: Found, availability: { availabilityId: { id: string }; productId: { id: string } }): Promise<boolean> {
  const answer = await found.client.rpc<object>('spend a found code', 'HotelOrderPreview', {
    productVariant: PRODUCT,
    bySpecification: { availabilityId: availability.availabilityId, productIds: [availability.productId] },
    paymentRequest: { voucherCodes: [found.code], lastPayment: { methodId: { id: 'payment_card' } } },
  }, { expected: ['voucher_not_found', 'voucher_invalid', 'too_many_requests'] }).catch(() => ({ refused: 'flow stopped' }));
  if ('refused' in answer) return false;
  return credits(answer).some((credit) => credit.code === found.code && Number(credit.willBeUsed?.units ?? 0) + Number(credit.willBeUsed?.nanos ?? 0) > 0);
}

function credits(tree: unknown): { code?: string; willBeUsed?: { units?: string; nanos?: number } }[] {
  if (!tree || typeof tree !== 'object') return [];
  const own = (tree as { credit?: unknown }).credit;
  return [...(Array.isArray(own) ? own : []), ...Object.values(tree).flatMap(credits)];
}

/**
 * A PDF flood: `parallel` loops downloading invoices of real paid orders (and of ids that do not
 * exist) without pause, every download from another address, never with If-None-Match.
 */
export async function pdfFlood(context: AttackContext, options: { parallel: number; invoices: string[] }): Promise<void> {
  const tally = context.stats.of('PDF flood', 'attack');
  let n = 0;
  await Promise.all(
    Array.from({ length: options.parallel }, async () => {
      while (Date.now() < context.until) {
        const client = new Client(context, 'PDF flood', 'attack', loopbackAddress(BLOCK.pdf, n++ % 5000));
        const path = randomInt(5) === 0 ? `/api/orders/${randomUUID()}/documents/invoice.pdf` : pick(options.invoices);
        tally.count('downloads');
        await client.send('download', path);
      }
    }),
  );
}

/**
 * A link-analysis flood at `rate` a second: half from 5,000 addresses that each stay within their
 * budget (what no budget stops), half from 20 that spend theirs and are stepped up, and solve
 * nothing. Four in five go to the API, one in five to the order page's `?url=`.
 */
export async function linkFlood(context: AttackContext, options: { rate: number }): Promise<void> {
  const tally = context.stats.of('link flood', 'attack');
  await openLoop(context, options.rate, () => tally.count('not sent (generator busy)'), async (tick) => {
    const few = tick % 2 === 0;
    const client = new Client(context, 'link flood', 'attack', few ? loopbackAddress(BLOCK.linksFew, tick % 20) : loopbackAddress(BLOCK.linksMany, tick % 5000));
    const link = hotelLink(pick(CZECH_HOTELS), randomInt(2) === 0);
    tally.count('requests');
    if (randomInt(5) === 0) {
      const reply = await client.send('order page ?url=', orderPagePath(link), { headers: { accept: 'text/html' } });
      if (reply?.text.includes('id="step-up-title"')) tally.count('page showed the step-up');
      return;
    }
    const answer = await client.call('HotelParseUrl', 'HotelParseUrl', { productVariant: PRODUCT, url: link });
    if (answer?.challenge) tally.count('challenged (not solved)');
    else if (answer && answer.status !== 200 && answer.status < 500) tally.count(`answered ${answer.code}`);
  });
}
