'use client';

import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'dzb.form.';

/**
 * Keeps what the visitor typed into a form when the page loads again in another language (the
 * language switch is a full page load): the values are saved in this tab's session storage while
 * they are typed, put back once after the page loads, and forgotten when the form is sent. The
 * consent boxes named in `fresh` are never kept: their wording changes with the language, so they
 * are ticked again after reading it. Session storage is this tab's only and ends with it.
 */
export function useKeptValues<T extends FieldValues>(key: string, form: UseFormReturn<T, unknown, unknown>, fresh: readonly string[] = []) {
  const storageKey = PREFIX + key;
  useEffect(() => {
    const saved = read(storageKey);
    if (saved) form.reset({ ...form.getValues(), ...withoutFresh(saved, fresh) } as T, { keepDefaultValues: true });
    const subscription = form.watch((values) => write(storageKey, withoutFresh(values as Record<string, unknown>, fresh)));
    return () => subscription.unsubscribe();
    // Once per form: restoring again would undo what the visitor types next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);
  return { forget: () => remove(storageKey) };
}

/** Drops the named fields ("order.agreeTac" reaches into nested objects). */
function withoutFresh(values: Record<string, unknown>, fresh: readonly string[]): Record<string, unknown> {
  const copy = structuredClone(values);
  for (const path of fresh) {
    const parts = path.split('.');
    let node: Record<string, unknown> | undefined = copy;
    for (const part of parts.slice(0, -1)) node = node?.[part] as Record<string, unknown> | undefined;
    if (node) delete node[parts.at(-1)!];
  }
  return copy;
}

function read(key: string): Record<string, unknown> | undefined {
  try {
    const text = sessionStorage.getItem(key);
    const value: unknown = text ? JSON.parse(text) : undefined;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, values: Record<string, unknown>): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the form works, it just does not survive a reload.
  }
}

function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}
