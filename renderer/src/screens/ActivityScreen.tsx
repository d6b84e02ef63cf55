import { NotBuilt } from '../components/NotBuilt';

export function ActivityScreen() {
  return <NotBuilt title="Activity" what="Every amend attempt with its request, answer and outcome, kept across restarts." />;
}
