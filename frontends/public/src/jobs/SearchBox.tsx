import { Input, VisuallyHidden } from '@b2g/ui';

export interface SearchBoxProps {
  id: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** The job search's text box, labelled "Search jobs" for screen readers only. */
export function SearchBox({ id, placeholder, value, onValueChange }: SearchBoxProps) {
  return (
    <>
      <VisuallyHidden>
        <label htmlFor={id}>Search jobs</label>
      </VisuallyHidden>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </>
  );
}
