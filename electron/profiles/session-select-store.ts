/**
 * profiles.json for a core whose profile choice lasts for its own life only (the CLI's --profile):
 * every save writes back the profile the file selected when it was read, so the app opens next on
 * the profile it had, whatever the CLI worked on. Everything else is saved as usual (a vault header,
 * a connection test).
 */
import { ProfileStore, type LoadResult, type ProfilesFile } from './profile-store';

/** What an empty or missing file selects (the Local demo's id, as profile-service names it). */
const DEFAULT_ACTIVE = 'local-demo';

export class SessionSelectStore extends ProfileStore {
  private onDisk = DEFAULT_ACTIVE;

  override async load(): Promise<LoadResult> {
    const result = await super.load();
    this.onDisk = result.kind === 'loaded' ? result.file.activeProfileId : DEFAULT_ACTIVE;
    return result;
  }

  override async save(file: ProfilesFile): Promise<void> {
    await super.save({ ...file, activeProfileId: this.onDisk });
  }
}
