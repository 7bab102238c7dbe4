import { POST_HONEYPOT_FIELD } from '@b2g/contracts';
import { css } from '@emotion/react';
import type { Ref } from 'react';

/** Off-screen rather than display:none, which form-filling bots skip. */
const offScreen = css({
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
});

/**
 * The post form's honeypot: a field people never see, reach by keyboard or hear (aria-hidden,
 * no tab stop, no autofill). Only a bot fills it, and then the post is scored, never refused.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const id = `post-${POST_HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" css={offScreen}>
      <label htmlFor={id}>Fax number</label>
      <input
        ref={inputRef}
        id={id}
        name={POST_HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
