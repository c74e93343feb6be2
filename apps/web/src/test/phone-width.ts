// Makes media queries answer as a 375 px wide phone does (antd's breakpoints: xs matches, sm and wider do not).
// Returns the function that puts the previous matchMedia back.
export function phoneWidth(width = 375): () => void {
  const previous = window.matchMedia.bind(window);
  const answer = (query: string): boolean => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  // The setup's stub list (jsdom has none), answering as the phone would.
  window.matchMedia = (query: string): MediaQueryList => ({ ...previous(query), matches: answer(query) });
  return () => {
    window.matchMedia = previous;
  };
}
