import { type Locale, languageOf, type VariantKey, VARIANTS, type Variant, variantOfLocale } from './variants';

/**
 * Operator and contact details per variant (spec section 3, "site configuration").
 * The business-terms PDFs are generated from these values too (scripts/build-documents.ts),
 * so a change here must be followed by `npm run documents` to keep the PDFs in step.
 */
export interface Operator {
  companyName: string;
  /** Street, city with postcode, country: printed line by line. */
  addressLines: readonly string[];
  /** IČO, the Czech company registration number. */
  companyId: string;
  /** DIČ, the Czech VAT number. */
  taxId: string;
  /** Commercial register entry, required on Czech business documents. */
  registration: string;
  /** The same entry as facts, for documents that say it in another language (the invoice). */
  register: { section: string; insert: string };
}

export interface SiteConfig {
  variant: Variant;
  productName: string;
  phone: string;
  email: string;
  /** Support answers Monday to Friday between these local times (footer, contact page). */
  supportHours: { opens: string; closes: string };
  /** Direct lines for the two urgent cases: a payment that went wrong, a reservation problem. */
  urgent: { payments: { phone: string; email: string }; reservations: { phone: string; email: string } };
  /** Example values shown as hints in forms (spec section 5). */
  phonePattern: string;
  emailPattern: string;
  operator: Operator;
}

/** Entry in the commercial register kept by the Municipal Court in Prague (the court is named in the texts). */
const REGISTER = { section: 'C', insert: '412867' };

const OPERATOR: Operator = {
  companyName: 'Dovolená za benefity s.r.o.',
  addressLines: ['Vodičkova 710/31', '110 00 Praha 1', 'Česká republika'],
  companyId: '21873212',
  taxId: 'CZ21873212',
  registration: `${REGISTER.section} ${REGISTER.insert} vedená u Městského soudu v Praze`,
  register: REGISTER,
};

const SUPPORT_HOURS = { opens: '9:00', closes: '17:00' } as const;

export const SITE_CONFIG: Record<VariantKey, SiteConfig> = {
  cz: {
    variant: VARIANTS.cz,
    productName: 'Dovolená za benefity',
    phone: '+420 228 880 410',
    email: 'info@dovolena-za-benefity.cz',
    supportHours: SUPPORT_HOURS,
    urgent: {
      payments: { phone: '+420 228 880 412', email: 'platby@dovolena-za-benefity.cz' },
      reservations: { phone: '+420 228 880 413', email: 'rezervace@dovolena-za-benefity.cz' },
    },
    phonePattern: '+420 123 456 789',
    emailPattern: 'jan.novak@email.cz',
    operator: OPERATOR,
  },
  pl: {
    variant: VARIANTS.pl,
    productName: 'Wakacje za benefity',
    phone: '+48 22 307 41 60',
    email: 'kontakt@wakacje-za-benefity.pl',
    supportHours: SUPPORT_HOURS,
    urgent: {
      payments: { phone: '+48 22 307 41 62', email: 'platnosci@wakacje-za-benefity.pl' },
      reservations: { phone: '+48 22 307 41 63', email: 'rezerwacje@wakacje-za-benefity.pl' },
    },
    phonePattern: '+48 123 456 789',
    emailPattern: 'jan.kowalski@server.pl',
    operator: OPERATOR,
  },
  pluxee: {
    variant: VARIANTS.pluxee,
    productName: 'Pluxee Dovolená',
    phone: '+420 228 880 411',
    email: 'pluxee@dovolena-za-benefity.cz',
    supportHours: SUPPORT_HOURS,
    urgent: {
      payments: { phone: '+420 228 880 412', email: 'platby@dovolena-za-benefity.cz' },
      reservations: { phone: '+420 228 880 413', email: 'rezervace@dovolena-za-benefity.cz' },
    },
    phonePattern: '+420 123 456 789',
    emailPattern: 'jan.novak@email.cz',
    operator: OPERATOR,
  },
};

export function siteConfigOf(locale: Locale): SiteConfig {
  return SITE_CONFIG[variantOfLocale(locale).key];
}

/** A tel: link target for a phone number written with spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replaceAll(' ', '')}`;
}

export const DOCUMENT_KINDS = [
  'cancellation-policy',
  'privacy-policy',
  'terms-of-service',
  'complaints-procedure',
] as const;
type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Public path of one business-terms PDF, e.g. /documents/dzb-pl/en/privacy-policy.pdf. */
export function documentPath(locale: Locale, kind: DocumentKind): string {
  const folder = siteConfigOf(locale).variant.documentsFolder;
  return `/documents/${folder}/${languageOf(locale)}/${kind}.pdf`;
}
