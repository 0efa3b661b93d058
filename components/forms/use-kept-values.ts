'use client';

import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'dzb.form.';

/**
 * Keeps what the visitor typed into a form when the page loads again in another language (the
 * language switch is a full page load): the values are saved in this tab's session storage while
 * they are typed, put back once after the page loads, and forgotten when the form is sent. The
 * consent boxes are kept too: the documents they refer to are the same in either language, and a
 * visitor who switched languages to read them should not find their ticks gone (#33). Session
 * storage is this tab's only and ends with it.
 */
export function useKeptValues<T extends FieldValues>(key: string, form: UseFormReturn<T, unknown, unknown>) {
  const storageKey = PREFIX + key;
  useEffect(() => {
    const saved = read(storageKey);
    if (saved) form.reset({ ...form.getValues(), ...saved } as T, { keepDefaultValues: true });
    const subscription = form.watch((values) => write(storageKey, values as Record<string, unknown>));
    return () => subscription.unsubscribe();
    // Once per form: restoring again would undo what the visitor types next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);
  return { forget: () => remove(storageKey) };
}

/**
 * The same for a choice a form keeps outside its fields (the payment split, the extras of a stay):
 * saved whenever it changes, handed to `restore` once after the page loads in another language.
 */
export function useKeptState<T>(key: string, value: T, restore: (saved: T) => void) {
  const storageKey = PREFIX + key;
  const loaded = useRef(false);
  useEffect(() => {
    const saved = read(storageKey);
    loaded.current = true;
    if (saved) restore(saved as T);
    // Once per key, as above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);
  useEffect(() => {
    // Not before the saved choice was read: the first render's starting value would replace it.
    if (loaded.current) write(storageKey, value as Record<string, unknown>);
  }, [storageKey, value]);
  return { forget: () => remove(storageKey) };
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
