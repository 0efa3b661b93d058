'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { BUILD_INFO } from '@/lib/build-info';
import { splitSeconds } from '@/lib/format-uptime';
import type { BackendVersion } from '@/lib/rpc/version';
import { variantOfLocale } from '@/lib/variants';
import styles from './version-panel.module.css';

interface RuntimeSettings {
  appEnv: 'dev' | 'test' | 'preprod' | 'prod';
  sandbox: boolean;
  monitoring: boolean;
}

type Backend =
  | { state: 'idle' | 'loading' | 'failed' }
  | { state: 'loaded'; version: BackendVersion; receivedAt: number };

/**
 * Build and environment facts for testers and support. Outside production and preproduction the
 * toggle shows an icon; there it is invisible until focused or hovered, so support can still
 * reach it without it catching a customer's eye.
 */
export function VersionPanel({ settings }: { settings: RuntimeSettings }) {
  const t = useTranslations('versionPanel');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [backend, setBackend] = useState<Backend>({ state: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();
  const headingId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const discreet = settings.appEnv === 'prod' || settings.appEnv === 'preprod';

  useDismiss(open, setOpen, { opener: toggleRef });

  // The uptime ticks while the panel is open.
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [open]);

  const load = async () => {
    setBackend({ state: 'loading' });
    try {
      const { fetchBackendVersion } = await import('@/lib/rpc/version');
      const version = await fetchBackendVersion();
      setBackend({ state: 'loaded', version, receivedAt: Date.now() });
      setNow(Date.now());
    } catch {
      setBackend({ state: 'failed' });
    }
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) void load();
  };

  const uptime = (loaded: Extract<Backend, { state: 'loaded' }>) => {
    const parts = splitSeconds(loaded.version.uptimeSeconds + (now - loaded.receivedAt) / 1000);
    return t('uptimeValue', parts);
  };

  const onOff = (value: boolean) => (value ? t('on') : t('off'));

  return (
    <div className={styles.root}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        data-discreet={discreet ? '' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11 V17 M12 7.5 V8" />
        </svg>
        <span className="visually-hidden">{t('toggle')}</span>
      </button>
      <section
        id={panelId}
        aria-labelledby={headingId}
        className={styles.panel}
        hidden={!open}
        data-testid="version-panel"
      >
        <h2 id={headingId} className={styles.heading}>
          {t('heading')}
        </h2>

        <h3 className={styles.subheading}>{t('backend')}</h3>
        {backend.state === 'loaded' ? (
          <dl className={styles.facts}>
            <Fact label={t('env')} value={backend.version.env} />
            <Fact label={t('version')} value={backend.version.version} />
            <Fact label={t('commit')} value={backend.version.commit} />
            <Fact label={t('branch')} value={backend.version.branch} />
            <Fact label={t('dockerTag')} value={backend.version.dockerTag} />
            <Fact label={t('uptime')} value={uptime(backend)} testId="backend-uptime" />
          </dl>
        ) : backend.state === 'failed' ? (
          <p role="alert">{t('failed')}</p>
        ) : (
          <p aria-live="polite">{t('loading')}</p>
        )}

        <h3 className={styles.subheading}>{t('frontend')}</h3>
        <dl className={styles.facts}>
          <Fact label={t('version')} value={BUILD_INFO.version} />
          <Fact label={t('commit')} value={BUILD_INFO.commit} />
          <Fact label={t('branch')} value={BUILD_INFO.branch} />
          <Fact label={t('buildId')} value={BUILD_INFO.id} />
          <Fact label={t('buildTime')} value={BUILD_INFO.time} />
          <Fact label={t('dockerTag')} value={BUILD_INFO.dockerTag} />
        </dl>

        <h3 className={styles.subheading}>{t('settings')}</h3>
        <dl className={styles.facts}>
          <Fact label={t('env')} value={settings.appEnv} />
          <Fact label={t('variant')} value={variantOfLocale(locale).product} />
          <Fact label={t('locale')} value={locale} />
          <Fact label={t('sandbox')} value={onOff(settings.sandbox)} />
          <Fact label={t('monitoring')} value={onOff(settings.monitoring)} />
        </dl>

        <button type="button" className={styles.close} onClick={() => setOpen(false)}>
          {t('close')}
        </button>
      </section>
    </div>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value || '–'}</dd>
    </>
  );
}
