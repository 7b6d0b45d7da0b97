// Settings pulled from the client with workspace/configuration, per document (settings are
// resource-scoped: a folder may turn validation off or add associations), cached until the
// client says they changed. `json.validate` is read too: when VS Code's own JSON service
// validates, it already reports the syntax errors of `json` documents.

import type { Connection } from 'vscode-languageserver/node';
import type { DocumentSettings } from '../service/languageService';
import { DEFAULT_VALIDATION_SETTINGS } from '../service/validation/index';

/** The `svc` section as VS Code returns it. */
interface SvcSection {
  validation?: { enable?: unknown; maxFileSize?: unknown };
  files?: { associations?: unknown };
}

/** The `json.validate` section (VS Code's JSON language service). */
interface JsonValidateSection {
  enable?: unknown;
}

export function toDocumentSettings(
  section: SvcSection | null | undefined,
  jsonValidate?: JsonValidateSection | null,
  yamlValidate?: unknown,
): DocumentSettings {
  const enable = section?.validation?.enable;
  const max = section?.validation?.maxFileSize;
  const associations = section?.files?.associations;
  return {
    validationEnabled: typeof enable === 'boolean' ? enable : DEFAULT_VALIDATION_SETTINGS.validationEnabled,
    maxValidatedSize: typeof max === 'number' && max > 0 ? max : DEFAULT_VALIDATION_SETTINGS.maxValidatedSize,
    associations:
      associations && typeof associations === 'object' && !Array.isArray(associations)
        ? Object.fromEntries(Object.entries(associations).filter(([, v]) => typeof v === 'string'))
        : undefined,
    // Only an explicit `true` (VS Code answers with its default): other clients may have no JSON service.
    jsonSyntaxReportedElsewhere: jsonValidate?.enable === true,
    // `yaml.validate` exists (true by default) only when the YAML extension is installed.
    yamlSyntaxReportedElsewhere: yamlValidate === true,
  };
}

export class SettingsCache {
  private readonly byUri = new Map<string, Promise<DocumentSettings>>();
  /** False when the client cannot answer workspace/configuration: defaults are used. */
  supported = false;
  /** Adjusts a document's settings (an environment overlay is read by its definition's kind: environmentOverlays.ts). */
  adjust: (uri: string, settings: DocumentSettings) => DocumentSettings = (_uri, settings) => settings;

  constructor(private readonly connection: Connection) {}

  get(uri: string): Promise<DocumentSettings> {
    if (!this.supported) return Promise.resolve(this.adjust(uri, toDocumentSettings(undefined)));
    let settings = this.byUri.get(uri);
    if (!settings) {
      settings = this.connection.workspace
        .getConfiguration([
          { scopeUri: uri, section: 'svc' },
          { scopeUri: uri, section: 'json.validate' },
          { scopeUri: uri, section: 'yaml.validate' },
        ])
        .then(
          ([section, jsonValidate, yamlValidate]: Array<SvcSection | JsonValidateSection | boolean | null>) =>
            this.adjust(uri, toDocumentSettings(section as SvcSection | null, jsonValidate as JsonValidateSection | null, yamlValidate)),
          () => this.adjust(uri, toDocumentSettings(undefined)),
        );
      this.byUri.set(uri, settings);
    }
    return settings;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  clear(): void {
    this.byUri.clear();
  }
}
