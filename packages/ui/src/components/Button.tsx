import { css, type SerializedStyles } from '@emotion/react';
import {
  cloneElement,
  isValidElement,
  type ComponentProps,
  type CSSProperties,
  type ReactElement,
  type Ref,
} from 'react';
import {
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  radii,
  sizes,
  space,
} from '../theme.js';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[2],
  borderRadius: radii.md,
  border: '1px solid transparent',
  fontWeight: fontWeights.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  textDecoration: 'none',
  transition: `background-color ${durations.fast}, border-color ${durations.fast}, color ${durations.fast}`,
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  '& svg': { width: sizes.icon, height: sizes.icon, flexShrink: 0 },
  ...focusRing,
});

const variants: Record<ButtonVariant, SerializedStyles> = {
  primary: css({
    background: colors.primary,
    color: colors.primaryForeground,
    '&:hover:not(:disabled)': { background: colors.primaryHover },
  }),
  secondary: css({
    background: colors.mutedBackground,
    color: colors.foreground,
    '&:hover:not(:disabled)': { background: colors.border },
  }),
  outline: css({
    background: colors.background,
    color: colors.foreground,
    borderColor: colors.inputBorder,
    '&:hover:not(:disabled)': { background: colors.mutedBackground },
  }),
  ghost: css({
    background: 'transparent',
    color: colors.foreground,
    '&:hover:not(:disabled)': { background: colors.mutedBackground },
  }),
  destructive: css({
    background: colors.destructive,
    color: colors.primaryForeground,
    '&:hover:not(:disabled)': { background: colors.destructiveHover },
  }),
  link: css({
    background: 'transparent',
    color: colors.primary,
    padding: 0,
    height: 'auto',
    textUnderlineOffset: '4px',
    '&:hover:not(:disabled)': { textDecoration: 'underline' },
  }),
};

const sizeStyles: Record<ButtonSize, SerializedStyles> = {
  sm: css({ height: sizes.controlSm, padding: `0 ${space[3]}`, fontSize: fontSizes.sm }),
  md: css({ height: sizes.control, padding: `0 ${space[4]}`, fontSize: fontSizes.sm }),
  lg: css({ height: sizes.controlLg, padding: `0 ${space[6]}`, fontSize: fontSizes.md }),
  icon: css({ height: sizes.control, width: sizes.control, padding: 0 }),
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the only child (a link, say) with the button's looks. */
  asChild?: boolean;
  fullWidth?: boolean;
}

export function buttonStyles(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return [base, sizeStyles[size], variants[variant]];
}

type SlotProps = Record<string, unknown> & { children?: unknown; ref?: Ref<unknown> };

/** Both refs, for an element that has its own and is given one. */
function bothRefs(first: Ref<unknown>, second: Ref<unknown>): Ref<unknown> {
  return (node: unknown) => {
    for (const ref of [first, second]) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * `asChild`: the only child element, given the button's props as Radix's Slot gives them (the
 * child's own win; both handlers run, the child's first; classes joined, styles merged; both refs
 * set). A few lines instead of the Slot package, which every page loads with the buttons.
 */
function Slot({ children, ref, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<SlotProps>;
  const merged: SlotProps = { ...slotProps, ...child.props };
  for (const [name, own] of Object.entries(child.props)) {
    const given = slotProps[name];
    if (given === undefined) continue;
    if (/^on[A-Z]/.test(name) && typeof own === 'function' && typeof given === 'function')
      merged[name] = (...args: unknown[]) => {
        const result: unknown = own(...args);
        given(...args);
        return result;
      };
    else if (name === 'style')
      merged.style = { ...(given as CSSProperties), ...(own as CSSProperties) };
    else if (name === 'className') merged.className = [given, own].filter(Boolean).join(' ');
  }
  const childRef = child.props.ref;
  if (ref) merged.ref = childRef ? bothRefs(ref, childRef) : ref;
  delete merged.children;
  return cloneElement(child, merged);
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  fullWidth = false,
  type,
  ...props
}: ButtonProps) {
  const styles = [...buttonStyles(variant, size), fullWidth && css({ width: '100%' })];
  if (asChild) return <Slot css={styles} {...props} />;
  return <button type={type ?? 'button'} css={styles} {...props} />;
}
