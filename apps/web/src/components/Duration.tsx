// A duration in seconds in the spec §9 format; -- for empty or non-numeric values.
import { formatDuration } from '@edu/contract';

export function Duration({ seconds }: { seconds: unknown }) {
  return <span className="edu-duration">{formatDuration(seconds)}</span>;
}
