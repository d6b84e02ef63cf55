import { NotBuilt } from '../components/NotBuilt';

export function ProfilesScreen() {
  return <NotBuilt title="Profiles" what="Add live, demo-trading and custom profiles with encrypted credentials. The Local demo profile is active." />;
}
