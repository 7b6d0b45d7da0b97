// The tree's ResourceSource on the typed management client. Free of `vscode`.
import { viewableKeyResult } from '../shared/keyIds';
import type { ManagementClient } from '../../../api/src/client';
import { grantedApiOfKey, hasCredential, KEY_API_UNKNOWN, readClassicApi } from '../../../api/src/specFallbacks';
import { maskOAuthClient } from '../shared/masking';
import { pagesOf, summariseApi, summariseExample, summariseKey, summariseOAuthClient, summarisePolicy, summariseWebhook } from './apiSummaries';
import type { ApiSummary, KeySummary, Page, ResourceRef, ResourceSource } from './resourceSource';

/** How many key sessions the tree reads at once to name a page of keys. */
const KEY_READS_AT_ONCE = 6;

export class ManagementSource implements ResourceSource {
  /** `askKeyApi`: asks which API a key grants access to, when the server cannot tell (spec-only servers). */
  constructor(
    private readonly client: ManagementClient,
    private readonly askKeyApi?: () => Promise<string | undefined>,
  ) {}

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
    // The listing gives key ids only (as the reference does). Ids alone cannot tell keys apart,
    // so each key's session is read (a few at a time) for its alias, APIs and policies.
    const ids = envelope.data?.keys ?? [];
    return { items: await this.describeKeys(ids), pages: pagesOf(envelope.pages) };
  }

  /**
   * A summary per key id, from the gateway's key read (GET /svc/keys/{keyID}, beyond the spec)
   * where the server has it and the environment has the gateway secret; a key that cannot be
   * read keeps its id alone (masked in the tree), and a server without that read is not asked
   * again for the rest of the page.
   */
  private async describeKeys(ids: readonly string[]): Promise<KeySummary[]> {
    const bare = (id: string): KeySummary => ({ id, active: true, apiIds: [], raw: { key_id: id } });
    const out = ids.map(bare);
    if (!hasCredential(this.client, 'gatewaySecret')) return out;
    let next = 0;
    let missing = false;
    const worker = async () => {
      while (next < ids.length && !missing) {
        const at = next++;
        try {
          out[at] = summariseKey(ids[at], await this.client.getGatewayKey(ids[at]));
        } catch (err) {
          if ((err as { kind?: string }).kind === 'missing-endpoint') missing = true;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(KEY_READS_AT_ONCE, ids.length) }, worker));
    return out;
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
        return this.classic(ref.id);
      case 'policy': {
        // The spec has no "get one policy": take it from the list.
        const found = (await this.client.listPolicies()).find((p) => p.id === ref.id || p._id === ref.id);
        if (!found) throw new Error(`Policy '${ref.id}' is no longer on the server.`);
        return found;
      }
      case 'key':
        // Shown in an editor: the id masked, the consumer secrets as placeholders.
        return viewableKeyResult(await this.client.getKey(ref.apiId ?? (await this.keyApiId(ref.id)), ref.id, { autoGuess: true }));
      case 'webhook':
        return this.client.getWebhook(ref.id);
      case 'example':
        return this.client.getExample(ref.location, { readme: true, apiDef: true });
      case 'oauthClient':
        // A client secret is a credential: shown masked; Svc: Copy Client Secret copies it.
        return maskOAuthClient(await this.client.getOAuthClient(ref.apiId, ref.id));
    }
  }

  /** Classic: the dashboard's record (its read, else its listing), else the gateway's read. */
  private async classic(id: string): Promise<unknown> {
    const read = await readClassicApi(this.client, id);
    if (!read) throw new Error(`API '${id}' is no longer on the server.`);
    return read.definition;
  }

  /** Endpoint 18 needs the API the key grants access to; never an arbitrary one. */
  private async keyApiId(keyId: string): Promise<string> {
    const apiId = (await grantedApiOfKey(this.client, keyId)) ?? (await this.askKeyApi?.());
    if (!apiId) throw new Error(KEY_API_UNKNOWN);
    return apiId;
  }
}
