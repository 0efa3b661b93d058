import { html, page } from '../../html';
import { hotelById } from '../catalogue';
import { decimal } from '../money';
import { orderTotal } from '../order-money';
import type { StoredOrder } from '../schema';
import { BANNER } from './index-page';

/** /sandbox/booking/orders: every order the simulator booked, newest first, for testers. */
export function ordersPage(orders: StoredOrder[]): Response {
  return page({
    lang: 'en',
    title: 'Sandbox Booking.com orders',
    banner: BANNER,
    body: html`<h1>Orders in the simulator</h1>
<p><a href="/sandbox/booking">Back to the hotels</a></p>
<section class="card"><h2>Latest ${orders.length} orders</h2>
${orders.length === 0
  ? html`<p>No orders yet.</p>`
  : html`<table><thead><tr><th scope="col">Order / reservation / PIN</th><th scope="col">Label</th><th scope="col">Hotel and stay</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead><tbody>
${orders.map(
  (o) => html`<tr><td><a href="/sandbox/booking/orders/${o.id}">${o.id}</a><br>${o.reservation} / ${o.pincode}</td><td>${o.label ?? ''}</td>
<td>${hotelById(o.hotelId)?.name ?? o.hotelId}<br>${o.checkin} → ${o.checkout}<br>${o.products.map((p) => p.roomName).join(', ')}</td>
<td>${decimal(orderTotal(o).booker).toFixed(2)} ${o.currency}<br>${o.timing}</td><td>${o.status}${o.cancellationFeeBooker ? html`<br>fee ${decimal(o.cancellationFeeBooker).toFixed(2)}` : ''}</td><td>${o.createdAt.toISOString()}</td></tr>`,
)}</tbody></table>`}
</section>`,
  });
}

/** One order, for the receipt link orders/create hands out. */
export function orderPage(order: StoredOrder | undefined): Response {
  if (!order) return page({ lang: 'en', title: 'Order not found', banner: BANNER, body: html`<h1>Order not found</h1><p><a href="/sandbox/booking/orders">All orders</a></p>` });
  return page({
    lang: 'en',
    title: `Order ${order.id}`,
    banner: BANNER,
    body: html`<h1>Order ${order.id}</h1>
<section class="card"><dl>
<dt>Reservation / PIN</dt><dd>${order.reservation} / ${order.pincode}</dd>
<dt>Label</dt><dd>${order.label ?? '—'}</dd>
<dt>Hotel</dt><dd>${hotelById(order.hotelId)?.name ?? order.hotelId}</dd>
<dt>Stay</dt><dd>${order.checkin} → ${order.checkout}</dd>
<dt>Status</dt><dd>${order.status}</dd>
<dt>Total</dt><dd>${decimal(orderTotal(order).booker).toFixed(2)} ${order.currency} (${order.timing})</dd>
</dl></section>
<p><a href="/sandbox/booking/orders">All orders</a></p>`,
  });
}
