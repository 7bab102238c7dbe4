import ChevronDown from 'lucide-react/icons/chevron-down';
import { useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import type { SimpleSelectProps } from './Select.js';
import { selectChevronStyles, selectTriggerStyles } from './selectStyles.js';

type LoadedSelect = ComponentType<SimpleSelectProps & { autoFocus?: boolean }>;

// Radix's select (about 30 k gzip with its popper) loads on first use, not with the page: the
// home page and /jobs show selects that most visits never open.
let loaded: LoadedSelect | undefined;
let loading: Promise<LoadedSelect> | undefined;
function loadSelect(): Promise<LoadedSelect> {
  loading ??= import('./Select.js').then((module) => (loaded = module.RadixSimpleSelect));
  return loading;
}

/** Keys that open a closed Radix select. */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp']);

/**
 * A select from a list of options; pass `id` (or use it inside FormField) to label it. Until first
 * used it is a button of the same look showing the chosen label; pressing it (or focusing it, to
 * start early) loads Radix's select, which takes its place open and focused.
 */
export function SimpleSelect(props: SimpleSelectProps) {
  const [Loaded, setLoaded] = useState<LoadedSelect | undefined>(() => loaded);
  const [opened, setOpened] = useState(false);
  if (Loaded) {
    return <Loaded {...props} autoFocus={opened} defaultOpen={opened || props.defaultOpen} />;
  }
  const open = () => {
    void loadSelect().then((select) => {
      setOpened(true);
      setLoaded(() => select);
    });
  };
  const value = props.value ?? props.defaultValue;
  const chosen = props.options.find((option) => option.value === value);
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      id={props.id}
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      disabled={props.disabled}
      css={selectTriggerStyles}
      onFocus={() => void loadSelect()}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <span>{chosen ? chosen.label : (props.placeholder ?? '')}</span>
      <ChevronDown aria-hidden="true" size={16} css={selectChevronStyles} />
    </button>
  );
}
