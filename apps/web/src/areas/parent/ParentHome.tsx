// Parent home (/parent/): the training history of the parent's children (filled in by the practice engine).
import { AreaWelcome } from '../../components/AreaWelcome';
import { PARENT_TEXTS } from './texts';

export default function ParentHome() {
  return <AreaWelcome texts={PARENT_TEXTS.home} />;
}
