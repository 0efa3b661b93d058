import { describe, expect, it } from 'vitest';
import { validateRequest, validateResponse } from '@/tests/support/demand-api-contract';

describe('the Demand API contract checker', () => {
  it('accepts the provider example of an availability request and names what a bad one lacks', () => {
    const body = {
      accommodation: 10004,
      booker: { country: 'nl', platform: 'desktop' },
      checkin: '2026-12-01',
      checkout: '2026-12-03',
      extras: ['extra_charges'],
      guests: { number_of_adults: 2, number_of_rooms: 1 },
    };
    expect(validateRequest('/accommodations/availability', body)).toEqual([]);
    expect(validateRequest('/accommodations/availability', { ...body, booker: { country: 'NL' } })).toEqual([
      "/booker must have required property 'platform'",
      '/booker/country must match pattern "^[a-z]{2}$"',
    ]);
  });

  it('checks prices to the cent, allowing for binary floating point', () => {
    const product = (total: number) => ({ request_id: 'r', data: { id: 1, products: [{ price: { total } }] } });
    expect(validateResponse('/accommodations/availability', 200, product(1385.97))).toEqual([]);
    expect(validateResponse('/accommodations/availability', 200, product(12_345_678.91))).toEqual([]);
    expect(validateResponse('/accommodations/availability', 200, product(10.005))).toEqual([
      '/data/products/0/price/total must be multiple of 0.01',
    ]);
  });

  it('accepts loopback photo URLs and booking:// deep links as absolute URLs', () => {
    const details = {
      request_id: 'r',
      data: [{ id: 1, deep_link_url: 'booking://hotel/1', photos: [{ url: { large: 'http://127.0.0.1:3000/p.webp' } }] }],
    };
    expect(validateResponse('/accommodations/details', 200, details)).toEqual([]);
    expect(validateResponse('/accommodations/details', 200, { ...details, data: [{ url: 'not a url' }] })).toEqual([
      '/data/0/url must match format "url"',
    ]);
  });

  it('names a field the description does not declare', () => {
    const details = (location: object) => ({ request_id: 'r', data: [{ id: 1, location }] });
    expect(validateResponse('/accommodations/details', 200, details({ city: -553173, country: 'cz' }))).toEqual([]);
    expect(validateResponse('/accommodations/details', 200, details({ city: -553173, city_name: { 'en-gb': 'Prague' } }))).toEqual([
      "/data/0/location must NOT have additional properties 'city_name'",
    ]);
  });

  it('checks error bodies against the documented envelope', () => {
    const error = { request_id: 'r', errors: [{ id: 'missing_parameter', message: "Parameter 'checkin' is missing." }] };
    expect(validateResponse('/orders/create', 400, error)).toEqual([]);
    expect(validateResponse('/orders/create', 401, { errors: [] })).toEqual([
      "(body) must have required property 'request_id'",
      '/errors must NOT have fewer than 1 items',
    ]);
  });

  it('throws for a status the contract does not describe', () => {
    expect(() => validateResponse('/orders/cancel', 204, null)).toThrow(/no response with status 204/);
  });
});
