// The search row above the class tables: wraps on a narrow screen, the search box shrinking first.
import type { CSSProperties } from 'react';

export const TOOLBAR: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  marginBottom: 12,
};
