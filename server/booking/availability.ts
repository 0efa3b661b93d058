import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { isUuid } from '@/lib/route-params';
import { languageOf, VARIANTS, type VariantKey } from '@/lib/variants';
import { rowFromColumns } from '../db/json-rows';
import { availabilityCache } from '../db/schema';
import { readRows, type Statement } from '../db/statements';
import { DomainError } from '../errors';
import type { Site } from '../site';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import { singleFlight } from '../util/single-flight';
import type { Availability, HotelInfo } from './portal';
import { availabilityFromStored, availabilityToStored, hotelFromStored, stayFromStored } from './stored';
import { type Stay, validateStay } from './stay';

/** An availability answer as the next steps read it back by its id. */
export interface StoredAvailability {
  id: string;
  site: string;
  language: string;
  hotelId: string;
  stay: Required<Stay>;
  currency: string;
  hotel: HotelInfo;
  availability: Availability;
  /** Rates Booking.com turned out not to take our card for. */
  cardless: string[];
  expiresAt: Date;
}

/** Booking.com's name for our languages. */
export function portalLanguage(locale: Site['locale']): string {
  const language = languageOf(locale);
  return language === 'en' ? 'en-gb' : language;
}

const HOTEL_ID = /^[1-9]\d{0,11}$/;

// Per composition root (tests build several): identical questions asked at the same moment on
// this replica wait for one Booking.com round trip.
const inFlight = new WeakMap<object, ReturnType<typeof singleFlight<StoredAvailability>>>();

/**
 * The hotel and its rooms for a stay, fetched from Booking.com once per identical question while
 * the answer is fresh: concurrent askers in this process share one upstream call, and the answer
 * is stored for every replica under an id the next steps (and a page reload) refer to.
 */
export async function findAvailability(
  services: Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'portal'>,
  site: Site,
  caller: Caller,
  hotelId: string,
  stay: Stay,
): Promise<StoredAvailability> {
  if (!HOTEL_ID.test(hotelId)) throw new DomainError('invalid_request', 'a hotel id is a positive number');
  validateStay(stay, services.clock.now(), { requireDates: true });
  const full: Required<Stay> = {
    checkIn: stay.checkIn!,
    checkOut: stay.checkOut!,
    rooms: stay.rooms,
    adults: stay.adults,
    childrenAges: [...stay.childrenAges].sort((a, b) => a - b),
  };
  const currency = VARIANTS[site.variant].currency;
  const language = portalLanguage(site.locale);
  const key = cacheKey({ site: site.variant, language, currency, hotelId, stay: full });
  let collapse = inFlight.get(services);
  if (!collapse) inFlight.set(services, (collapse = singleFlight<StoredAvailability>()));
  const known = await cached(services, key);
  if (known) return known;
  // A question Booking.com must answer costs a unit of the asker's budget and of the site's shared
  // quota; askers who join a question already in flight cost Booking.com nothing and pay nothing.
  // If the one who asked first is refused for their own budget, those waiting do not inherit the
  // refusal: they ask again, as themselves.
  const fetch = async () => (await cached(services, key)) ?? fetchAndStore(services, key, site.variant, language, currency, hotelId, full);
  const pay = async () => {
    await services.budgets.spend('availabilityQuestions', caller);
    await services.budgets.spend('availabilityQuestionsSiteWide', caller);
  };
  const lead = async () => {
    try {
      await pay();
    } catch (error) {
      throw new LeadersRefusal(error);
    }
    return fetch();
  };
  for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt++) {
    let mine = false;
    try {
      return await collapse(key, () => {
        mine = true;
        return lead();
      });
    } catch (error) {
      if (!(error instanceof LeadersRefusal)) throw error;
      if (mine) throw error.refusal;
    }
  }
  await pay();
  return fetch();
}

/** How often a waiting asker joins a new question after the first asker was refused, before asking alone. */
const JOIN_ATTEMPTS = 3;

/** The first asker's budget refused them: theirs to see, not the others' waiting on the same question. */
class LeadersRefusal extends Error {
  constructor(readonly refusal: unknown) {
    super('the first asker of this question was refused for their own budget');
  }
}

/** An earlier answer by its id, on the site that asked for it; `availability_expired` once stale. */
export async function availabilityById(services: Pick<Services, 'clock' | 'db'>, site: Site, id: string): Promise<StoredAvailability> {
  if (!isUuid(id)) throw new DomainError('availability_expired');
  const handle = await services.db();
  let known = decodedAnswers.get(services);
  if (!known) decodedAnswers.set(services, (known = new Map()));
  const decoded = known.get(id);
  // A stored answer never changes but for its cardless rates: once decoded, only those are read again.
  const [row] = await readRows<Record<string, unknown>>(handle, decoded ? CARDLESS_BY_ID : ANSWER_BY_ID, [id]);
  const current = row && rowFromColumns(availabilityCache, row);
  if (!current || current.site !== site.variant || current.expiresAt <= services.clock.now()) throw new DomainError('availability_expired');
  const answer = decoded ?? fromRow(current);
  if (!decoded) remember(known, id, answer);
  return { ...answer, cardless: current.cardless, expiresAt: current.expiresAt };
}

const ANSWER_BY_ID: Statement = { name: 'availability_by_id', text: 'select * from availability_cache where id = $1' };
// The JSON columns left out come back as null; only site, cardless and expires_at are read of it.
const CARDLESS_BY_ID: Statement = { name: 'availability_cardless_by_id', text: 'select site, cardless, expires_at from availability_cache where id = $1' };
/** Decoded answers per composition root, the most recently decoded kept. */
const decodedAnswers = new WeakMap<object, Map<string, StoredAvailability>>();
const DECODED_KEPT = 500;

function remember(known: Map<string, StoredAvailability>, id: string, answer: StoredAvailability): void {
  // Every later reader shares it: a change would throw rather than show in someone else's answer.
  known.set(id, deepFreeze(answer));
  if (known.size > DECODED_KEPT) known.delete(known.keys().next().value!);
}

/** Remembers that Booking.com will not take our card for a rate, on the answer the visitor used. */
export async function markCardless(services: Pick<Services, 'db'>, availabilityId: string, productIds: readonly string[]): Promise<void> {
  const { db } = await services.db();
  await db
    .update(availabilityCache)
    .set({ cardless: sql`(select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(${availabilityCache.cardless} || ${JSON.stringify(productIds)}::jsonb))` })
    .where(eq(availabilityCache.id, availabilityId));
}

async function cached(services: Pick<Services, 'clock' | 'db'>, key: string): Promise<StoredAvailability | undefined> {
  const { db } = await services.db();
  const [row] = await db
    .select()
    .from(availabilityCache)
    .where(and(eq(availabilityCache.cacheKey, key), gt(availabilityCache.expiresAt, services.clock.now())))
    .orderBy(desc(availabilityCache.createdAt))
    .limit(1);
  return row && fromRow(row);
}

function fromRow(row: typeof availabilityCache.$inferSelect): StoredAvailability {
  return {
    id: row.id,
    site: row.site,
    language: row.language,
    hotelId: row.hotelId,
    stay: stayFromStored(row.stay),
    currency: row.currency,
    hotel: hotelFromStored(row.hotel),
    availability: availabilityFromStored(row.availability),
    cardless: row.cardless,
    expiresAt: row.expiresAt,
  };
}

async function fetchAndStore(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'portal'>,
  key: string,
  site: string,
  language: string,
  currency: string,
  hotelId: string,
  stay: Required<Stay>,
): Promise<StoredAvailability> {
  const [hotel, availability] = await Promise.all([
    services.portal.hotel(hotelId, language),
    services.portal.availability(hotelId, stay, currency, VARIANTS[site as VariantKey].country),
  ]);
  if (availability.offers.length === 0) throw new DomainError('hotel_unavailable');
  if (availability.currency !== currency) throw new DomainError('request_failed', `Booking.com priced in ${availability.currency}, not ${currency}`);
  const now = services.clock.now();
  const row = {
    id: randomUUID(),
    cacheKey: key,
    site,
    language,
    hotelId,
    stay,
    currency,
    hotel,
    availability,
    cardless: [] as string[],
    createdAt: now,
    expiresAt: new Date(now.getTime() + services.config.booking.availabilitySeconds * 1000),
  };
  const { db } = await services.db();
  await db.insert(availabilityCache).values({ ...row, availability: availabilityToStored(availability) });
  return row;
}

function cacheKey(question: object): string {
  return createHash('sha256').update(JSON.stringify(question)).digest('hex');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const part of Object.values(value)) deepFreeze(part);
    Object.freeze(value);
  }
  return value;
}
