import { Input, VisuallyHidden } from '@b2g/ui';

export interface JobSearchInputProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The job search box: a search input whose "Search jobs" label only screen readers hear. */
export function JobSearchInput({ id, placeholder, value, onChange }: JobSearchInputProps) {
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
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
