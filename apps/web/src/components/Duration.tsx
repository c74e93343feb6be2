// A duration in seconds in the docs/product.md §9 format; -- for empty or non-numeric values.
import { formatDuration } from '@edu/contract';

export function Duration({ seconds }: { seconds: unknown }) {
  return <span className="edu-duration">{formatDuration(seconds)}</span>;
}
