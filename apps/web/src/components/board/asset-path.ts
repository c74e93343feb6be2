// Where Excalidraw fetches its fonts: our own copy, never a CDN (docs/web.md "The lesson room"). The build copies
// `@excalidraw/excalidraw/dist/prod/fonts` to `<this path>fonts/` (src/build/excalidraw-assets-plugin.ts) and fails
// when the installed version is not the one named here: the path carries it because /assets/ is cached forever.
export const EXCALIDRAW_VERSION = '0.18.0';
export const EXCALIDRAW_ASSET_PATH = `/assets/excalidraw-${EXCALIDRAW_VERSION}/`;
