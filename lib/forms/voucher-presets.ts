/** Presets of the voucher purchase page, in whole units of the site's currency. */
export const VOUCHER_PRESETS = [1000, 3000, 5000] as const;
