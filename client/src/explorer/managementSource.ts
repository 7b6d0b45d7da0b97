// The tree's ResourceSource on the typed management client. Free of `vscode`.
import type { ManagementClient } from '../api/client';
import { maskOAuthClient } from '../shared/masking';
import { pagesOf, summariseApi, summariseExample, summariseOAuthClient, summarisePolicy, summariseWebhook } from './apiSummaries';
import type { ApiSummary, KeySummary, Page, ResourceRef, ResourceSource } from './resourceSource';

export class ManagementSource implements ResourceSource {
  constructor(private readonly client: ManagementClient) {}

  async listApis(page: number): Promise<Page<ApiSummary>> {
    const envelope = await this.client.listApis({ p: page });
    return { items: (envelope.apis ?? []).map(summariseApi).filter((a) => a.id), pages: pagesOf(envelope.pages) };
  }

  async listOAuthClients(apiId: string) {
    return (await this.client.listOAuthClients(apiId)).map((c) => summariseOAuthClient(c, apiId));
  }

  async listPolicies() {
    return (await this.client.listPolicies()).map(summarisePolicy);
  }

  async listKeys(page: number): Promise<Page<KeySummary>> {
    const envelope = await this.client.listKeys({ p: page });
    // The listing gives key ids only (as the reference does); details load when opened.
    const items = (envelope.data?.keys ?? []).map((id): KeySummary => ({ id, active: true, apiIds: [], raw: { key_id: id } }));
    return { items, pages: pagesOf(envelope.pages) };
  }

  async listWebhooks(page: number) {
    const envelope = await this.client.listWebhooks({ p: page });
    return { items: (envelope.hooks ?? []).map(summariseWebhook), pages: pagesOf(envelope.pages) };
  }

  async listExamples() {
    return (await this.client.listExamples()).map(summariseExample);
  }

  async fetchDocument(ref: ResourceRef): Promise<unknown> {
    switch (ref.type) {
      case 'api':
        if (ref.kind === 'oas') return this.client.getOasApi(ref.id);
        if (ref.kind === 'streams') return this.client.getStreamsApi(ref.id);
        return (await this.client.getDashboardApi(ref.id)).api_definition ?? this.client.getClassicApi(ref.id);
      case 'policy': {
        // The spec has no "get one policy": take it from the list.
        const found = (await this.client.listPolicies()).find((p) => p.id === ref.id || p._id === ref.id);
        if (!found) throw new Error(`Policy '${ref.id}' is no longer on the server.`);
        return found;
      }
      case 'key':
        return this.client.getKey(ref.apiId ?? (await this.anyApiId()), ref.id, { autoGuess: true });
      case 'webhook':
        return this.client.getWebhook(ref.id);
      case 'example':
        return this.client.getExample(ref.location, { readme: true, apiDef: true });
      case 'oauthClient':
        // A client secret is a credential: shown masked; Svc: Copy Client Secret copies it.
        return maskOAuthClient(await this.client.getOAuthClient(ref.apiId, ref.id));
    }
  }

  /** Endpoint 18 needs an API id in its path; servers look keys up by key id, so any API does. */
  private async anyApiId(): Promise<string> {
    const first = (await this.client.listApis({ p: 1 })).apis?.map(summariseApi).find((a) => a.id);
    if (!first) throw new Error('Opening a key needs an API id, and this server lists no API.');
    return first.id;
  }
}
