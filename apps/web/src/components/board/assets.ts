// Loading Excalidraw: the asset path is set before its module runs (docs/web.md "The lesson room").
import { EXCALIDRAW_ASSET_PATH } from './asset-path';

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/** Points Excalidraw's font loader at our copy; call before importing a module that imports Excalidraw. */
export function setExcalidrawAssetPath(): void {
  window.EXCALIDRAW_ASSET_PATH = EXCALIDRAW_ASSET_PATH;
}
