import { randomInt, randomUUID } from 'node:crypto';
import type { Solvers } from './pow-solvers.mts';
import { Client, loopbackAddress } from './traffic-client.mts';
import { TrafficStats } from './traffic-stats.mts';
import { CZECH_HOTELS, PRODUCT } from './traffic-visitors.mts';

/** A voucher bought before the run: its code (what its owner types) and its order's invoice. */
export interface SeededVoucher {
  code: string;
  invoicePath: string;
}

export interface Seeded {
  vouchers: SeededVoucher[];
  /** A stored availability and a room of it, for trying whether a found code pays. */
  availability: { availabilityId: { id: string }; productId: { id: string } };
}

const BLOCK = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs work(0 … count-1), six at a time. */
async function inTurn(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(6, count) }, async () => {
    while (next < count) await work(next++);
  }));
}

/**
 * Vouchers bought by bank transfer and paid at the sandbox bank before the run, each by a buyer
 * of their own (so the seeding spends nobody's budget the run uses), waited for until issued.
 */
export async function seed(context: { ports: readonly number[]; solvers: Solvers }, vouchers: number): Promise<Seeded> {
  const quiet = { ...context, stats: new TrafficStats() };
  let n = 0;
  const buyer = () => new Client(quiet, 'visitor', 'baseline', loopbackAddress(BLOCK, n++));
  const orders: { client: Client; orderId: string }[] = [];
  const orderOne = async () => {
    const client = buyer();
    const created = await client.rpc<{ order: { orderId: { id: string }; payments: { bankTransfer?: { variableSymbol: string }; value: object }[] } }>('seed', 'VoucherOrderCreate', {
      productVariant: PRODUCT,
      voucherValue: { currencyCode: 'CZK', units: String(1000 + 500 * randomInt(8)) },
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: { firstName: 'Petr', lastName: 'Svoboda', email: 'seed@example.cz', mobile: '+420 123 456 789', contactAddress: { streetAddress: 'Na Příkopě 1', city: 'Praha', country: 'CZ', postalCode: '110 00' }, agreeCp: true, agreeTac: true },
    }, { headers: { 'idempotency-key': randomUUID() } });
    if ('refused' in created) throw new Error(`seeding a voucher was refused: ${created.refused}`);
    const payment = created.order.payments.find((p) => p.bankTransfer)!;
    const sent = await client.send('seed', '/sandbox/api/bank/transfers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variableSymbol: payment.bankTransfer!.variableSymbol, amount: payment.value }),
    });
    if (sent?.status !== 201) throw new Error(`the sandbox bank refused a transfer: ${sent?.status} ${sent?.text}`);
    orders.push({ client, orderId: created.order.orderId.id });
  };
  // All orders and transfers first; the worker reads the bank every few seconds and issues them together.
  await inTurn(vouchers, orderOne);
  const bought: SeededVoucher[] = [];
  const deadline = Date.now() + 180_000;
  await inTurn(orders.length, async (i) => {
    const { client, orderId } = orders[i]!;
    for (;;) {
      const detail = await client.rpc<{ voucherOrder?: { vouchers?: { code?: string }[]; documents?: { url: string }[] } }>('seed', 'OrderDetail', { productVariant: PRODUCT, orderId: { id: orderId } });
      const order = 'refused' in detail ? undefined : detail.voucherOrder;
      const code = order?.vouchers?.[0]?.code;
      const invoice = order?.documents?.find((d) => d.url.endsWith('/invoice.pdf'));
      if (code && invoice) {
        bought.push({ code, invoicePath: new URL(invoice.url).pathname });
        return;
      }
      if (Date.now() > deadline) throw new Error(`voucher order ${orderId} was not issued within 3 minutes`);
      await sleep(2_000);
    }
  });
  const client = buyer();
  const checkIn = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.now() + 62 * 86_400_000).toISOString().slice(0, 10);
  const availability = await client.rpc<{ availabilityId: { id: string }; hotelAvailability: { rooms: { products: { productId: { id: string }; orderability?: { isAvailable?: boolean } }[] }[] } }>('seed', 'HotelAvailability', {
    productVariant: PRODUCT,
    bySpecification: { hotelRequest: { hotelId: { id: CZECH_HOTELS[0]!.id }, checkIn, checkOut, rooms: 1, adults: 2 } },
  });
  if ('refused' in availability) throw new Error(`no availability to seed: ${availability.refused}`);
  const product = availability.hotelAvailability.rooms.flatMap((r) => r.products).find((p) => p.orderability?.isAvailable);
  if (!product) throw new Error('the seeded hotel has no room available');
  return { vouchers: bought, availability: { availabilityId: availability.availabilityId, productId: product.productId } };
}
