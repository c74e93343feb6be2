// How a graph is fitted into its box (GraphCanvas, the editor).

/**
 * Fitting a wide graph into a narrow box would shrink its names past reading: never below 60 % (the rest is a pan
 * away), never above full size for a small graph.
 */
export const FIT = { padding: 0.06, minZoom: 0.6, maxZoom: 1 } as const;
