import type { MessageInitShape } from '@bufbuild/protobuf';
import { eq } from 'drizzle-orm';
import type { OrderRequestSchema } from '@/gen/dzb/v1/order_pb';
import type { PaymentRequestSchema } from '@/gen/dzb/v1/payment_pb';
import { formatMoney } from '@/lib/money';
import { orders } from '@/server/db/schema/orders';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { pdfText } from '../../support/pdf-text';
import { HOTELS, STAY } from '../hotel-orders/support';
import { ORDER_FORM, type Shop } from '../support/shop';

/** The sites an invoice is made on, as a visitor reaches them: API client, product variant, host. */
export const SITES = {
  cs: { site: 'cz', variant: { product: 1, lang: 1, currency: 1 }, host: 'localhost', hotel: HOTELS.prague, currency: 'CZK' },
  pl: { site: 'pl', variant: { product: 2, lang: 2, currency: 2 }, host: 'pl.localhost', hotel: HOTELS.krakow, currency: 'PLN' },
  en: { site: 'pl', variant: { product: 2, lang: 3, currency: 2 }, host: 'pl.localhost', hotel: HOTELS.krakow, currency: 'PLN' },
} as const;
export type Language = keyof typeof SITES;

type OrderForm = MessageInitShape<typeof OrderRequestSchema>;
type PaymentRequest = MessageInitShape<typeof PaymentRequestSchema>;

/** A Czech company buying on the Czech site, a Polish one on the Polish site: billed with their ids. */
export const CZECH_COMPANY: OrderForm = {
  ...ORDER_FORM,
  billingAddress: { streetAddress: 'Na Poříčí 1040/10', city: 'Praha', country: 'CZ', postalCode: '110 00', companyId: '27074358', companyTaxId: 'CZ27074358' },
};
export const POLISH_COMPANY: OrderForm = {
  ...ORDER_FORM,
  firstName: 'Anna',
  lastName: 'Kowalska',
  email: 'anna.kowalska@example.pl',
  mobile: '+48 123 456 789',
  contactAddress: { streetAddress: 'ul. Długa 5', city: 'Kraków', country: 'PL', postalCode: '31-147' },
  billingAddress: { streetAddress: 'ul. Długa 5', city: 'Kraków', country: 'PL', postalCode: '31-147', companyId: '123456785', companyTaxId: '5260250274' },
};

/** A stay at the site's hotel (one unit of the first orderable product), ordered through the API. */
export async function orderStay(shop: Shop, language: Language, paymentRequest: PaymentRequest, order: OrderForm) {
  const { site, variant, hotel } = SITES[language];
  const api = shop.ctx.client(site);
  const availability = await api.hotelAvailability({
    productVariant: variant,
    lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: hotel.id }, ...STAY, rooms: 1, adults: 2 } } },
  });
  const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy);
  if (!product) throw new Error(`no orderable product at ${hotel.slug}`);
  const preview = await api.hotelOrderPreview({
    productVariant: variant,
    lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
    paymentRequest,
    options: { cancellationInsurance: true, carRentalInterest: false },
  });
  const created = await api.hotelOrderCreate({ productVariant: variant, previewId: preview.previewId, paymentRequest, order });
  return { orderId: created.order!.orderId!.id, number: created.order!.orderNumber, hotelName: availability.hotelDetail?.name ?? '' };
}

/** Books a paid stay at Booking.com, as the job after the last payment does. */
export const book = (shop: Shop, orderId: string) => bookHotelOrder(shop.ctx.services, orderId);

export const orderRow = async (shop: Shop, orderId: string) => (await shop.handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** The order's invoice as the site serves it (the e-mailed documents link), read by pdftotext -layout. */
export async function invoiceText(shop: Shop, language: Language, orderId: string): Promise<string> {
  const response = await shop.http(new Request(`http://${SITES[language].host}/api/orders/${orderId}/documents/invoice.pdf`));
  if (response.status !== 200) throw new Error(`the invoice answered ${response.status}`);
  if (response.headers.get('content-type') !== 'application/pdf') throw new Error(`the invoice is ${response.headers.get('content-type')}`);
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

/** An amount as the invoice writes it (two decimals), with plain spaces as pdftotext gives them. */
export function money(minor: number, language: Language): string {
  return formatMoney(minor, SITES[language].currency, language, { decimals: 'always' }).replace(/[\u00a0\u202f]/g, ' ');
}

/** VAT included in a gross amount at 21 %, rounded half up: worked out here on its own, not by the code under test. */
export function vat21(gross: number): { base: number; vat: number } {
  const vat = Math.round((gross * 21) / 121);
  return { base: gross - vat, vat };
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The supplier's half of the two-column block (supplier left, customer right), line by line:
 * everything left of where the customer heading starts.
 */
export function supplierColumn(text: string, supplierHeading: string, customerHeading: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(supplierHeading) && line.includes(customerHeading));
  if (start < 0) throw new Error(`no "${supplierHeading} … ${customerHeading}" heading line`);
  const split = lines[start]!.indexOf(customerHeading);
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    block.push(line.slice(0, split).trimEnd());
  }
  return block;
}
