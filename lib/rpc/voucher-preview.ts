import type { VoucherOrderPreview } from '@/gen/dzb/v1/order_pb';
import { type CalculationView, calculationView, type MoneyView, moneyView } from './views';

/** A priced voucher purchase as the form shows it: the price lines and how the payments split. */
export interface VoucherPreviewView {
  price: { base: MoneyView; serviceFee: MoneyView; bonus: MoneyView; total: MoneyView };
  calculation: CalculationView;
}

/** The API's VoucherOrderPreview as the purchase form holds it, priced in the browser or by the page on the server. */
export function voucherPreviewView(preview: VoucherOrderPreview | undefined): VoucherPreviewView {
  const price = preview?.price;
  return {
    price: { base: moneyView(price?.base), serviceFee: moneyView(price?.serviceFee), bonus: moneyView(price?.bonus), total: moneyView(price?.total) },
    calculation: calculationView(preview?.paymentCalculation),
  };
}
