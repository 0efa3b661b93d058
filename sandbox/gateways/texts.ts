import type { GatewayStatus } from '@/server/payments/gateways/gateway';

/** The simulators' pages speak the site's languages; any other payment language gets English. */
export const PAGE_LANGUAGES = ['cs', 'pl', 'en'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export function pageLanguage(requested: string | null, fallback: string | undefined): PageLanguage {
  const pick = (value: string | null | undefined) => PAGE_LANGUAGES.find((language) => language === value?.toLowerCase());
  return pick(requested) ?? pick(fallback) ?? 'en';
}

export const LOCALE: Record<PageLanguage, string> = { cs: 'cs-CZ', pl: 'pl-PL', en: 'en-GB' };
export const LANGUAGE_NAME: Record<PageLanguage, string> = { cs: 'Čeština', pl: 'Polski', en: 'English' };

export interface Texts {
  banner: string;
  languages: string;
  cardTitle: string;
  benefitTitle: (provider: string) => string;
  testCard: string;
  benefitAccount: string;
  merchant: string;
  orderNumber: string;
  amount: string;
  description: string;
  status: string;
  outcome: string;
  pay: string;
  decline: string;
  expire: string;
  cancel: string;
  notOpen: (status: string) => string;
  notFound: string;
  backToShop: string;
  returning: string;
  continueToShop: string;
  noScript: string;
  gatewayStatus: Record<GatewayStatus, string>;
}

export const TEXTS: Record<PageLanguage, Texts> = {
  cs: {
    banner: 'SIMULÁTOR platební brány — žádné skutečné platby, jen pro testování',
    languages: 'Jazyk stránky',
    cardTitle: 'Platba kartou',
    benefitTitle: (provider) => `Platba body z účtu ${provider}`,
    testCard: 'Testovací karta 4125 01•• •••• 0001, platnost 12/30',
    benefitAccount: 'Benefitní účet: Jana Testovací (zůstatek bodů se v simulátoru nehlídá)',
    merchant: 'Obchodník',
    orderNumber: 'Číslo objednávky',
    amount: 'Částka',
    description: 'Popis',
    status: 'Stav',
    outcome: 'Jak má platba dopadnout (simulace)',
    pay: 'Zaplatit',
    decline: 'Zamítnout platbu',
    expire: 'Nechat vypršet',
    cancel: 'Zrušit a vrátit se do obchodu',
    notOpen: (status) => `Tato platba už není otevřená (stav: ${status}).`,
    notFound: 'Platba nebyla nalezena nebo už vypršela.',
    backToShop: 'Zpět do obchodu',
    returning: 'Vracíme vás do obchodu…',
    continueToShop: 'Pokračovat do obchodu',
    noScript: 'Pokud se stránka sama nepřesměruje, pokračujte tlačítkem.',
    gatewayStatus: {
      waiting: 'čeká na zaplacení',
      paid: 'zaplaceno',
      cancelled: 'zrušeno',
      rejected: 'zamítnuto',
      revoked: 'stornováno',
      refunded: 'vráceno',
    },
  },
  pl: {
    banner: 'SYMULATOR bramki płatniczej — żadnych prawdziwych płatności, tylko do testów',
    languages: 'Język strony',
    cardTitle: 'Płatność kartą',
    benefitTitle: (provider) => `Płatność punktami z konta ${provider}`,
    testCard: 'Karta testowa 4125 01•• •••• 0001, ważna do 12/30',
    benefitAccount: 'Konto benefitowe: Jana Testowa (saldo punktów nie jest sprawdzane w symulatorze)',
    merchant: 'Sprzedawca',
    orderNumber: 'Numer zamówienia',
    amount: 'Kwota',
    description: 'Opis',
    status: 'Stan',
    outcome: 'Jak ma się zakończyć płatność (symulacja)',
    pay: 'Zapłać',
    decline: 'Odrzuć płatność',
    expire: 'Pozwól wygasnąć',
    cancel: 'Anuluj i wróć do sklepu',
    notOpen: (status) => `Ta płatność nie jest już otwarta (stan: ${status}).`,
    notFound: 'Nie znaleziono płatności albo już wygasła.',
    backToShop: 'Powrót do sklepu',
    returning: 'Wracamy do sklepu…',
    continueToShop: 'Przejdź do sklepu',
    noScript: 'Jeśli strona nie przekieruje sama, użyj przycisku.',
    gatewayStatus: {
      waiting: 'oczekuje na zapłatę',
      paid: 'zapłacono',
      cancelled: 'anulowano',
      rejected: 'odrzucono',
      revoked: 'wycofano',
      refunded: 'zwrócono',
    },
  },
  en: {
    banner: 'Payment gateway SIMULATOR — no real payments, for testing only',
    languages: 'Page language',
    cardTitle: 'Card payment',
    benefitTitle: (provider) => `Pay with points from your ${provider} account`,
    testCard: 'Test card 4125 01•• •••• 0001, valid until 12/30',
    benefitAccount: 'Benefit account: Jana Tester (the points balance is not modelled by the simulator)',
    merchant: 'Merchant',
    orderNumber: 'Order number',
    amount: 'Amount',
    description: 'Description',
    status: 'Status',
    outcome: 'How the payment should end (simulated)',
    pay: 'Pay',
    decline: 'Decline',
    expire: 'Let expire',
    cancel: 'Cancel and return to the shop',
    notOpen: (status) => `This payment is no longer open (status: ${status}).`,
    notFound: 'The payment was not found or has expired.',
    backToShop: 'Back to the shop',
    returning: 'Taking you back to the shop…',
    continueToShop: 'Continue to the shop',
    noScript: 'If the page does not move on by itself, use the button.',
    gatewayStatus: {
      waiting: 'waiting for payment',
      paid: 'paid',
      cancelled: 'cancelled',
      rejected: 'rejected',
      revoked: 'revoked',
      refunded: 'refunded',
    },
  },
};
