import { NotBuilt } from '../components/NotBuilt';

export function AmendScreen() {
  return <NotBuilt title="Amend order" what="Change the price or quantity of an open order, with every rule checked before sending." />;
}
