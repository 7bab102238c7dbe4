import { TOAST_LIMIT } from '@b2g/ui';
import { useSyncExternalStore, type ReactNode } from 'react';

/** How long a closed toast stays mounted so its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 300;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** A ToastAction element from @b2g/ui. */
  action?: ReactNode;
  /**
   * A link on the toast (Sign in, say), made into a ToastAction by the toaster: a page that
   * offers one need not load the toast's components with its first paint.
   */
  link?: { label: string; to: string };
  /** Display time in ms; the toaster's default (TOAST_DURATION_MS) otherwise. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToasterToast[];
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: ToastState): void {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string): void {
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}

/** Shows a toast; the newest replaces older ones beyond TOAST_LIMIT (one at a time). */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setState({ toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) =>
      setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** The toasts on screen, and the functions to show and dismiss them. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  setState({ toasts: [] });
}
