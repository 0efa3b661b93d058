import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WCAG_21_AA } from './support/axe';
import { type OwnServer, startOwnServer } from './support/own-server';
import { fromVisitor, inParallel, visitorAddress } from './support/visitors';

/** The step-up a page shows instead of its step (components/ui/step-up.tsx); its texts travel in every order page's messages. */
const STEP_UP = 'id="step-up-title"';

/**
 * Budgets count per visitor, never for "the server": many distinct visitors, each from an address
 * of its own, go through the pages that spend budgets, against a server with the budgets of the
 * README (no widened BUDGETS, unlike the project's servers), and one address that spends its own
 * is stepped up, in the browser, instead of being refused.
 */
test.describe('many visitors through the pages', () => {
  test.describe.configure({ mode: 'serial' });
  const port = 3104;
  let dir = '';
  let server: OwnServer | undefined;
  const link = (slug: string) => `/objednavka?url=${encodeURIComponent(`https://www.booking.com/hotel/cz/${slug}.cs.html`)}`;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = await mkdtemp(path.join(tmpdir(), 'dzb-visitors-'));
    server = await startOwnServer(port, { PGLITE_DIR: path.join(dir, 'pglite') });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('31, then 1,000 distinct visitors all have their link read through the link form', async () => {
    test.setTimeout(300_000);
    for (const count of [31, 1000]) {
      const pages = await inParallel(count, 12, (i) => fromVisitor(port, visitorAddress(i + (count === 31 ? 0 : 1000)), link('vltava-riverside-prague')));
      expect(pages.map((p) => p.status).filter((status) => status !== 200)).toEqual([]);
      expect(pages.filter((p) => !p.body.includes('Hotel Vltava Riverside'))).toHaveLength(0);
      expect(pages.filter((p) => p.body.includes(STEP_UP) || p.body.includes('id="hotel-link-error"'))).toHaveLength(0);
    }
  });

  test('500 visitors open one shared reservation page, each within their own budget', async () => {
    test.setTimeout(300_000);
    const reservation = await reservationPath(port);
    const pages = await inParallel(500, 12, (i) => fromVisitor(port, visitorAddress(i, 20), reservation));
    expect(pages.map((p) => p.status).filter((status) => status !== 200)).toEqual([]);
    expect(pages.filter((p) => !p.body.includes('Vaše rezervace'))).toHaveLength(0);
    // One visitor who reloads it 200 times spends their own budget: the next view steps them up, no error page.
    const one = visitorAddress(0, 21);
    const reloads = await inParallel(200, 4, () => fromVisitor(port, one, reservation));
    expect(reloads.filter((p) => p.status !== 200 || !p.body.includes('Vaše rezervace'))).toHaveLength(0);
    const stepped = await fromVisitor(port, one, reservation);
    expect(stepped.status).toBe(200);
    expect(stepped.body).toContain(STEP_UP);
  });

  test('an address that spent its budget is stepped up in the browser, which then reads the link', async ({ page }) => {
    test.setTimeout(120_000);
    // The browser comes from 127.0.0.1: 30 link analyses from it spend the address's budget.
    const spent = await inParallel(30, 4, () => fromVisitor(port, '127.0.0.1', link('old-town-square-prague')));
    expect(spent.filter((p) => !p.body.includes(STEP_UP))).toHaveLength(30);
    // The pass is asked for only once axe has read the step-up: a fast proof would navigate under it.
    let checked!: () => void;
    const axeDone = new Promise<void>((resolve) => (checked = resolve));
    await page.route('**/dzb.v1.ApiService/VisitorPass', async (route) => {
      await axeDone;
      await route.continue();
    });
    await page.goto(`http://localhost:${port}${link('vltava-riverside-prague')}`);
    const heading = page.getByRole('heading', { name: 'Chvilku strpení' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    expect((await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()).violations.map((v) => v.id)).toEqual([]);
    checked();
    // The browser proves its work by itself, gets a pass of its own and reads the link.
    await expect(page.getByRole('heading', { name: 'Hotel Vltava Riverside' })).toBeVisible({ timeout: 60_000 });
    expect((await page.context().cookies()).map((c) => c.name)).toContain('dzb_pass');
    // Further links of this visitor are read without another step-up.
    await page.goto(`http://localhost:${port}${link('old-town-square-prague')}`);
    await expect(page.getByRole('heading', { name: 'Chvilku strpení' })).toHaveCount(0);
  });
});

/** A priced preview of the Prague hotel (as the rooms step leaves it), as the path of its reservation page. */
async function reservationPath(port: number): Promise<string> {
  const api = async <T>(method: string, body: object): Promise<T> => {
    const answer = await fromVisitor(port, '127.0.0.1', `/api/dzb.v1.ApiService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify({ productVariant: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' }, ...body }),
    });
    if (answer.status !== 200) throw new Error(`${method} answered ${answer.status}: ${answer.body}`);
    return JSON.parse(answer.body) as T;
  };
  const checkIn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
  const availability = await api<{ availabilityId: { id: string }; hotelAvailability: { rooms: { products: { productId: { id: string }; orderability?: { isAvailable?: boolean } }[] }[] } }>(
    'HotelAvailability',
    { bySpecification: { hotelRequest: { hotelId: { id: '1120301' }, checkIn, checkOut, rooms: 1, adults: 2 } } },
  );
  const product = availability.hotelAvailability.rooms.flatMap((r) => r.products).find((p) => p.orderability?.isAvailable)!;
  const { previewId } = await api<{ previewId: { id: string } }>('HotelOrderPreview', {
    bySpecification: { availabilityId: availability.availabilityId, productIds: [product.productId] },
    paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
  });
  return `/objednavka/rezervace/${previewId.id}`;
}
