import type { SignedFields } from './signing';

/**
 * The signed fields of each eAPI 1.9 message in specification order (ČSOB wiki "Basic Methods"
 * and "Request signing"). The optional `customer` and `order` 3-D Secure objects of payment/init
 * are left out: the adapter never sends them, and the simulator refuses them.
 */
export const ECHO_REQUEST: SignedFields = ['merchantId', 'dttm'];
export const ECHO_RESPONSE: SignedFields = ['dttm', 'resultCode', 'resultMessage'];

export const INIT_REQUEST: SignedFields = [
  'merchantId',
  'orderNo',
  'dttm',
  'payOperation',
  'payMethod',
  'totalAmount',
  'currency',
  'closePayment',
  'returnUrl',
  'returnMethod',
  { list: 'cart', fields: ['name', 'quantity', 'amount', 'description'] },
  'merchantData',
  'customerId',
  'language',
  'ttlSec',
  'logoVersion',
  'colorSchemeVersion',
  'customExpiry',
];
// authCode never comes back from init; ČSOB's own example lists it, and absent fields are skipped.
export const INIT_RESPONSE: SignedFields = [
  'payId',
  'dttm',
  'resultCode',
  'resultMessage',
  'paymentStatus',
  'authCode',
  'customerCode',
  'statusDetail',
];

/** payment/process and payment/status take these as path segments. */
export const PAYMENT_PATH: SignedFields = ['merchantId', 'payId', 'dttm'];

const ENDPOINT: SignedFields = ['url', 'method', { map: 'vars' }];
/** `actions` appears only in 3-D Secure API flows, which we do not use; listed so it verifies. */
const ACTIONS: SignedFields = [
  {
    object: 'fingerprint',
    fields: [
      { object: 'browserInit', fields: ENDPOINT },
      { object: 'sdkInit', fields: ['directoryServerID', 'schemeId', 'messageVersion'] },
    ],
  },
  {
    object: 'authenticate',
    fields: [
      { object: 'browserChallenge', fields: ENDPOINT },
      { object: 'sdkChallenge', fields: ['threeDSServerTransID', 'acsReferenceNumber', 'acsTransID', 'acsSignedContent'] },
    ],
  },
];
// merchantData is not part of the status answer (ČSOB issue #635); extensions are signed apart.
export const STATUS_RESPONSE: SignedFields = [
  'payId',
  'dttm',
  'resultCode',
  'resultMessage',
  'paymentStatus',
  'authCode',
  'statusDetail',
  { object: 'actions', fields: ACTIONS },
];

export const REVERSE_REQUEST: SignedFields = ['merchantId', 'payId', 'dttm'];
export const REVERSE_RESPONSE: SignedFields = ['payId', 'dttm', 'resultCode', 'resultMessage', 'paymentStatus', 'statusDetail'];

export const CLOSE_REQUEST: SignedFields = ['merchantId', 'payId', 'dttm', 'totalAmount'];
export const REFUND_REQUEST: SignedFields = ['merchantId', 'payId', 'dttm', 'amount'];
export const CLOSE_RESPONSE: SignedFields = [
  'payId',
  'dttm',
  'resultCode',
  'resultMessage',
  'paymentStatus',
  'authCode',
  'statusDetail',
];
export const REFUND_RESPONSE = CLOSE_RESPONSE;

/** The fields of the browser's return to returnUrl; merchantData is verified as raw base64. */
export const RETURN_FIELDS: SignedFields = [
  'payId',
  'dttm',
  'resultCode',
  'resultMessage',
  'paymentStatus',
  'authCode',
  'merchantData',
  'statusDetail',
];
export const RETURN_FIELD_NAMES = [...RETURN_FIELDS, 'signature'] as readonly string[];

/**
 * paymentStatus of eAPI 1.9 (§1.7): what each code means at ČSOB. What a code means for an order
 * is each side's own reading (the adapter's csob/status.ts, the simulator's pages).
 */
export const CSOB_PAYMENT_STATUS = {
  1: 'initiated',
  2: 'in_progress',
  3: 'cancelled',
  4: 'confirmed',
  5: 'revoked',
  6: 'rejected',
  7: 'waiting_for_settlement',
  8: 'settled',
  9: 'refund_processing',
  10: 'refunded',
} as const;
export type CsobPaymentStatus = keyof typeof CSOB_PAYMENT_STATUS;

export const CSOB_CURRENCIES = ['CZK', 'EUR', 'USD', 'GBP', 'HUF', 'PLN', 'RON', 'NOK', 'SEK'] as const;
export const CSOB_LANGUAGES = ['cs', 'en', 'de', 'fr', 'hu', 'it', 'ja', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'tr', 'vi', 'hr', 'sl', 'sv'] as const;

/** ČSOB's clock tolerance for dttm (issues #484, #497 report about ±125–130 minutes). */
export const CSOB_DTTM_TOLERANCE_SECONDS = 125 * 60;
