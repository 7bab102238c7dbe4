import { POST_PROOF_FIELD } from '@b2g/contracts';
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Where the post form's proof-of-work challenge comes from (the jobs service signs it). */
export const POST_CHALLENGE_PATH = '/api/jobs/post-challenge';

/** How long a submit waits for a solve still running before the post goes without its proof. */
const PROOF_WAIT_MS = 5000;

/** The widget's answer: its payload once solved, or undefined when it failed or was never run. */
type Solved = Promise<string | undefined>;

interface AltchaStateDetail {
  state: AltchaState;
  payload?: string;
}

/**
 * Solves the post form's proof of work invisibly with the ALTCHA widget, loaded only by this page,
 * inside `container` (hidden from people and assistive tech). Returns a function giving the
 * payload to send, or undefined: a post without the proof still goes, it is only scored.
 */
export function useProofOfWork(
  container: RefObject<HTMLElement | null>,
  enabled: boolean,
): () => Promise<string | undefined> {
  const solved = useRef<Solved>(Promise.resolve(undefined));

  useEffect(() => {
    const host = container.current;
    // A browser without workers (or a test's DOM) posts without the proof.
    if (!enabled || !host || typeof Worker === 'undefined') return undefined;
    let widget: HTMLElement | undefined;
    let settle: ((payload: string | undefined) => void) | undefined;
    /** A solve starts: a submit from now on waits for its answer. */
    const expect = () => {
      if (settle) return;
      solved.current = new Promise((resolve) => {
        settle = resolve;
      });
    };
    const answer = (payload: string | undefined) => {
      settle?.(payload);
      settle = undefined;
    };
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateDetail>).detail;
      if (state === 'verified') answer(payload);
      else if (state === 'error') answer(undefined);
      // On expiry the widget fetches and solves a new challenge: wait for that one.
      else if (state === 'expired' || state === 'verifying') expect();
    };
    let cancelled = false;
    expect();
    void import('altcha')
      .then(() => {
        if (cancelled) return;
        globalThis.altchaCreateWorker = () =>
          new Worker(new URL('./altcha.worker.js', import.meta.url));
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challengeurl', POST_CHALLENGE_PATH);
        widget.setAttribute('auto', 'onload');
        widget.setAttribute('name', POST_PROOF_FIELD);
        widget.setAttribute('hidefooter', '');
        widget.setAttribute('hidelogo', '');
        widget.addEventListener('statechange', onState);
        host.append(widget);
      })
      .catch(() => answer(undefined));
    return () => {
      cancelled = true;
      answer(undefined);
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
      solved.current = Promise.resolve(undefined);
    };
  }, [container, enabled]);

  return useCallback(() => {
    let timer: number | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = window.setTimeout(resolve, PROOF_WAIT_MS);
    });
    return Promise.race([solved.current, late]).finally(() => window.clearTimeout(timer));
  }, []);
}
