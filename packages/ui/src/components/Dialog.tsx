import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { css, keyframes } from '@emotion/react';
import type { ComponentProps, ReactNode } from 'react';
import X from 'lucide-react/icons/x';
import {
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  mq,
  radii,
  shadows,
  space,
  zIndices,
} from '../theme.js';
import { Button } from '../base.js';
import { buttonStyles } from './Button.js';
import { SubmitButton } from './SubmitButton.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});

const overlayStyles = css({
  position: 'fixed',
  inset: 0,
  zIndex: zIndices.overlay,
  background: colors.overlay,
  animation: `${fadeIn} ${durations.normal} ease-out`,
});

const contentStyles = css({
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: zIndices.modal,
  transform: 'translate(-50%, -50%)',
  width: `calc(100vw - ${space[8]})`,
  maxWidth: '520px',
  maxHeight: `calc(100vh - ${space[8]})`,
  overflowY: 'auto',
  padding: space[6],
  background: colors.surfaceRaised,
  borderRadius: radii.xl,
  boxShadow: shadows.lg,
  animation: `${popIn} ${durations.normal} ease-out`,
  '&:focus': { outline: 'none' },
});

const headerStyles = css({
  display: 'grid',
  gap: space[1.5],
  marginBottom: space[4],
  paddingRight: space[6],
});
const footerStyles = css({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: space[2],
  marginTop: space[6],
  [mq.sm]: { flexDirection: 'row', justifyContent: 'flex-end' },
});
const titleStyles = css({
  margin: 0,
  fontSize: fontSizes.lg,
  fontWeight: fontWeights.semibold,
  color: colors.foreground,
});
const descriptionStyles = css({ margin: 0, fontSize: fontSizes.sm, color: colors.muted });

export const Dialog = DialogPrimitive.Root;

export interface DialogContentProps extends Omit<
  ComponentProps<typeof DialogPrimitive.Content>,
  'title'
> {
  /** The dialog's name, its heading. */
  title: ReactNode;
  /** The line under the heading that says what the dialog is for. */
  description: ReactNode;
  /** Wider dialogs for forms. */
  size?: 'md' | 'lg';
}

/** A modal dialog's panel: its heading and description, then the children, and a Close button. */
export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay css={overlayStyles} />
      <DialogPrimitive.Content
        css={[contentStyles, size === 'lg' && css({ maxWidth: '720px' })]}
        {...props}
      >
        <div css={headerStyles}>
          <DialogPrimitive.Title css={titleStyles}>{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description css={descriptionStyles}>
            {description}
          </DialogPrimitive.Description>
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          css={css({
            position: 'absolute',
            top: space[3],
            right: space[3],
            display: 'inline-flex',
            padding: space[1],
            border: 'none',
            borderRadius: radii.sm,
            background: 'transparent',
            color: colors.muted,
            cursor: 'pointer',
            '&:hover': { background: colors.mutedBackground },
            ...focusRing,
          })}
        >
          <X aria-hidden="true" size={18} />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter(props: ComponentProps<'div'>) {
  return <div css={footerStyles} {...props} />;
}

export interface DialogFormFooterProps {
  /** Cancel's action: closes the dialog. */
  onCancel: () => void;
  /** The form is being sent (see SubmitButton). */
  pending: boolean;
  pendingLabel: string;
  /** What the submit button reads. */
  children: ReactNode;
}

/** A dialog form's footer: Cancel, then the form's submit button. */
export function DialogFormFooter({
  onCancel,
  pending,
  pendingLabel,
  children,
}: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton pending={pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
    </DialogFooter>
  );
}

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent(props: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay css={overlayStyles} />
      <AlertDialogPrimitive.Content css={[contentStyles, css({ maxWidth: '440px' })]} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}
export function AlertDialogHeader(props: ComponentProps<'div'>) {
  return <div css={headerStyles} {...props} />;
}
export function AlertDialogFooter(props: ComponentProps<'div'>) {
  return <div css={footerStyles} {...props} />;
}
export function AlertDialogTitle(props: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title css={titleStyles} {...props} />;
}
export function AlertDialogDescription(
  props: ComponentProps<typeof AlertDialogPrimitive.Description>,
) {
  return <AlertDialogPrimitive.Description css={descriptionStyles} {...props} />;
}
export function AlertDialogAction({
  variant = 'primary',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'primary' | 'destructive' }) {
  return <AlertDialogPrimitive.Action css={buttonStyles(variant)} {...props} />;
}
export function AlertDialogCancel(props: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel css={buttonStyles('outline')} {...props} />;
}

/** What a destructive confirmation says, and the action it confirms. */
export interface Confirmation {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
}

type ConfirmDialogProps = Omit<ComponentProps<typeof AlertDialogPrimitive.Root>, 'children'> & {
  /** The button that opens the dialog, where the caller does not hold its open state. */
  trigger?: ReactNode;
  /** Null while there is nothing to confirm (the dialog is closing): it then shows nothing. */
  confirmation: Confirmation | null;
};

/** Asks before a destructive action: a title, a description, Cancel and the action itself. */
export function ConfirmDialog({ trigger, confirmation, ...root }: ConfirmDialogProps) {
  return (
    <AlertDialog {...root}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        {confirmation ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{confirmation.title}</AlertDialogTitle>
              <AlertDialogDescription>{confirmation.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={confirmation.onConfirm}>
                {confirmation.confirmLabel}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
