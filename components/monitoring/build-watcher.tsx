'use client';

import { useEffect } from 'react';
import { BUILD_INFO } from '@/lib/build-info';
import { isChunkLoadError, reloadWithGuard } from '@/lib/monitoring/reload-guard';

const POLL_MS = 5 * 60_000;
const MIN_GAP_MS = 60_000;

/**
 * Keeps a long-open tab in step with deployments. It asks /builds/latest.json now and then;
 * once a newer build is live, the next click on an internal link becomes a full page load
 * (never an interruption of what the visitor is typing). A chunk that fails to load reloads
 * the page, at most once per 10 seconds.
 */
export function BuildWatcher() {
  useEffect(() => {
    let newerBuild = false;
    let lastCheck = 0;

    const check = async () => {
      if (newerBuild || Date.now() - lastCheck < MIN_GAP_MS) return;
      lastCheck = Date.now();
      try {
        const res = await fetch('/builds/latest.json', { cache: 'no-store' });
        if (!res.ok) return;
        const latest = (await res.json()) as { id?: unknown };
        if (typeof latest.id === 'string' && latest.id !== BUILD_INFO.id) newerBuild = true;
      } catch {
        // Offline or mid-deploy: try again at the next tick.
      }
    };

    const onClick = (event: MouseEvent) => {
      if (!newerBuild || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      window.location.assign(anchor.href);
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error)) reloadWithGuard();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadWithGuard();
    };

    const timer = window.setInterval(() => void check(), POLL_MS);
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return null;
}
