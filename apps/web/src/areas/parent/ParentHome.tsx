// Parent home (/parent/): the training history of the parent's children (a greeting until a later issue builds the history, docs/routes.md).
import { AreaWelcome } from '../../components/AreaWelcome';
import { PARENT_TEXTS } from './texts';

export default function ParentHome() {
  return <AreaWelcome texts={PARENT_TEXTS.home} />;
}
