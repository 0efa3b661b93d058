'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { browserApi } from '@/lib/rpc/lazy';
import fieldStyles from './field.module.css';
import { Spinner } from './spinner';

/**
 * What a page shows instead of its step when the visitor's address has spent a budget (many
 * people behind one address, or one very busy visitor): the browser proves a little work on its
 * own, gets a pass of the visitor's own and loads the page again. It starts at once, says so
 * (the heading takes the focus, the status is announced), and offers to try again if it failed.
 */
export function StepUp() {
  const t = useTranslations('stepUp');
  const [state, setState] = useState<'working' | 'failed'>('working');
  const heading = useRef<HTMLHeadingElement>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries === 0) heading.current?.focus();
    passThenReload().catch(() => setState('failed'));
  }, [tries]);
  const retry = () => {
    setState('working');
    setTries((n) => n + 1);
  };
  return (
    <section aria-labelledby="step-up-title">
      <h2 id="step-up-title" tabIndex={-1} ref={heading}>
        {t('title')}
      </h2>
      <p>{t('why')}</p>
      {state === 'working' ? (
        <Spinner label={t('working')} />
      ) : (
        <>
          <p role="alert">{t('failed')}</p>
          <button type="button" className={fieldStyles.button} onClick={retry}>
            {t('retry')}
          </button>
        </>
      )}
      <noscript>
        <p>{t('noScript')}</p>
      </noscript>
    </section>
  );
}

/** Earns the visitor a pass (the API client solves the challenge the server sends) and loads the page again with it. */
async function passThenReload(): Promise<void> {
  const { requestVisitorPass } = await browserApi.visitor();
  await requestVisitorPass();
  window.location.reload();
}
