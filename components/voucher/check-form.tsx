'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Link } from '@/lib/i18n/navigation';
import { browserApi, loadSoon, failureOf } from '@/lib/rpc/lazy';
import type { VoucherView } from '@/lib/rpc/views';
import { normalizeVoucherCode } from '@/lib/voucher-code';
import { CodeField } from './code-field';
import { VoucherCard } from './voucher-card';

type Outcome = { voucher: VoucherView } | { problem: 'notFound' | 'tooMany' | 'error' } | { problem: 'format' };

/**
 * The voucher check by code. Every kind of failure of a code looks the same to the visitor ("not
 * found"): the answer never helps anyone guess codes.
 */
export function VoucherCheckForm() {
  const t = useTranslations('voucherCheck');
  const errors = useTranslations('errors');
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const formatProblem = outcome !== undefined && 'problem' in outcome && outcome.problem === 'format';

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    // A mistyped code is the visitor's slip, told as such, and costs no look-up.
    if (!normalizeVoucherCode(code)) {
      setOutcome({ problem: 'format' });
      return;
    }
    setBusy(true);
    try {
      const { checkVoucherCode } = await browserApi.shop();
      setOutcome({ voucher: await checkVoucherCode(locale, code) });
    } catch (error) {
      const failure = (await failureOf(error)).code;
      setOutcome({ problem: failure === 'voucher_not_found' ? 'notFound' : failure === 'too_many_requests' ? 'tooMany' : 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={check} onFocus={() => loadSoon(browserApi.shop, browserApi.failures)} className={fieldStyles.fieldset} noValidate>
        <CodeField id={`${id}-code`} label={t('codeLabel')} hint={t('codeHint')} error={formatProblem ? t('format') : undefined} value={code} onChange={setCode} />
        <button type="submit" className={fieldStyles.button} disabled={busy}>
          {t('check')}
        </button>
        {busy ? <Spinner label={t('checking')} /> : null}
      </form>
      <div aria-live="polite">
        {outcome && 'voucher' in outcome ? (
          <>
            <VoucherCard voucher={outcome.voucher} />
            <p>
              <Link href={{ pathname: '/voucher-status/[id]', params: { id: outcome.voucher.id } }}>{t('permanentLink')}</Link>
            </p>
          </>
        ) : outcome && !formatProblem ? (
          <p role="alert" className={fieldStyles.error}>
            {outcome.problem === 'notFound' ? t('notFound') : outcome.problem === 'tooMany' ? errors('too_many_requests') : t('error')}
          </p>
        ) : null}
      </div>
    </>
  );
}
