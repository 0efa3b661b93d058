import { type Currency, convert, isCurrency } from './money';
import type { Amount } from './pricing';
import type { StoredOrder } from './schema';

/** An order's amount in the currency a details call asks for: stored when it is the order's, converted from EUR otherwise. */
export function amountIn(order: Pick<StoredOrder, 'currency'>, amount: Amount, currency: string): number {
  if (currency === order.currency) return amount.booker;
  if (currency === 'EUR' || !isCurrency(currency)) return amount.eur;
  return convert(amount.eur, currency as Currency);
}

export function orderTotal(order: Pick<StoredOrder, 'products'>): Amount {
  return order.products.reduce((sum, p) => ({ eur: sum.eur + p.total.eur, booker: sum.booker + p.total.booker }), { eur: 0, booker: 0 });
}

/** What the order costs without taxes paid at the property: Booking.com's commissionable amount. */
export function orderCommissionable(order: Pick<StoredOrder, 'products'>): Amount {
  return order.products.reduce(
    (sum, p) => ({ eur: sum.eur + p.total.eur - p.cityTax.eur - p.vat.eur, booker: sum.booker + p.total.booker - p.cityTax.booker - p.vat.booker }),
    { eur: 0, booker: 0 },
  );
}

/** The fee cancelling costs at an instant: free before the deadline, the room price after. */
export function cancellationFee(order: Pick<StoredOrder, 'products'>, at: Date): Amount {
  return order.products.reduce((sum, p) => {
    if (p.freeCancellationUntil && at < new Date(p.freeCancellationUntil)) return sum;
    return { eur: sum.eur + p.total.eur - p.cityTax.eur, booker: sum.booker + p.total.booker - p.cityTax.booker };
  }, { eur: 0, booker: 0 });
}
