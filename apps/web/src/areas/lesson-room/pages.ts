// The lesson room's pages for the areas' route tables (docs/web.md "The lesson room"): one chunk, loaded through
// one dynamic import, so the route tables in the first load name its files once (docs/performance.md "Bundle").
import { lazyPage } from '../../app/lazy-page';

const load = () => import('./LessonRoomPage');

/** class/tldraw/:id — the board large, the video small. */
export const BoardRoomPage = lazyPage(() => load().then((m) => ({ default: m.BoardRoomPage })));
/** webrtc/:id — the video large, the board beside it. */
export const VideoRoomPage = lazyPage(() => load().then((m) => ({ default: m.VideoRoomPage })));
/** eventutor/open/:id, student eventutor/index/:id — both, with the side panel's place. */
export const FullRoomPage = lazyPage(() => load().then((m) => ({ default: m.FullRoomPage })));
