import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { HotelOrderPreviewResponseSchema } from '@/gen/dzb/v1/order_pb';
import { hotelPreviewView } from '@/lib/rpc/hotel-order-views';

const czk = (units: number, nanos = 0) => ({ currencyCode: 'CZK', units: BigInt(units), nanos });

describe('the hotel preview as the reservation page shows it', () => {
  it('carries the deal saving and every charge by kind with where it is paid, in minor units', () => {
    const view = hotelPreviewView(
      create(HotelOrderPreviewResponseSchema, {
        orderPreview: {
          deal: { publicPrice: czk(5400), discountedPrice: czk(4860, 500_000_000) },
          price: {
            extraCharges: [
              { name: 'City tax', chargeType: 142, value: czk(120), chargeableOnline: false },
              { name: 'VAT', chargeType: 21, value: czk(410, 250_000_000), chargeableOnline: true },
              { name: 'Charge 999', chargeType: 999, value: czk(30), chargeableOnline: true },
            ],
          },
        },
      }),
    );
    expect(view.saving).toEqual({ amount: 53_950, currency: 'CZK' });
    expect(view.charges).toEqual([
      { kind: 'cityTax', amount: { amount: 12_000, currency: 'CZK' }, online: false },
      { kind: 'vat', amount: { amount: 41_025, currency: 'CZK' }, online: true },
      { kind: 'other', amount: { amount: 3_000, currency: 'CZK' }, online: true },
    ]);
  });

  it('shows no saving without a deal, and never a negative one', () => {
    const none = hotelPreviewView(create(HotelOrderPreviewResponseSchema, { orderPreview: {} }));
    expect(none.saving.amount).toBe(0);
    expect(none.charges).toEqual([]);
    const odd = hotelPreviewView(
      create(HotelOrderPreviewResponseSchema, { orderPreview: { deal: { publicPrice: czk(100), discountedPrice: czk(120) } } }),
    );
    expect(odd.saving.amount).toBe(0);
  });
});
