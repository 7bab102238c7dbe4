import {
  space,
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  TOAST_DURATION_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
} from '@b2g/ui';
import { css } from '@emotion/react';
import { Link } from './router.js';
import { dismissToast, useToast } from './toast.js';

const textStyles = css({ display: 'grid', gap: space[1] });

/** The page's one toaster (spec §9): one toast at a time, swipe right to dismiss, F8 to focus. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, link, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div css={textStyles}>
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          {link ? (
            <ToastAction asChild altText={link.label}>
              <Link to={link.to}>{link.label}</Link>
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[...TOAST_VIEWPORT_HOTKEY]} maxWidthPx={TOAST_VIEWPORT_MAX_WIDTH_PX} />
    </ToastProvider>
  );
}
