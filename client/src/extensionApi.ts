// What `activate` returns. The extension offers no API to other extensions; under tests
// (ExtensionMode.Test) it adds the test-only export the end-to-end tests drive.
import type { SvcTestingApi } from './testing/testingApi';

export interface SvcExtensionApi {
  /** Only in ExtensionMode.Test. */
  testing?: SvcTestingApi;
}
