import { humanize } from '@b2g/contracts';
import { Badge } from '@b2g/ui';
import { statusTone } from '../lib/labels.js';

/** An application status as a coloured badge that also reads as text. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusTone(status)} data-tone={statusTone(status)}>
      {humanize(status)}
    </Badge>
  );
}
