// Create Key's first questions, asked by what the user wants rather than by endpoint: where the
// key is created (the gateway only, or through the dashboard; the endpoint in the detail line),
// and whether to generate the key id (the default) or type one's own.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import { validateKeyId, type KeyStyle } from './keyOptions';
import { askText, pickOne } from './prompts';

export const KEY_STYLE_CHOICES: Array<vscode.QuickPickItem & { value: KeyStyle }> = [
  {
    label: 'On the gateway only',
    description: 'POST /svc/keys/{id} · gateway secret',
    detail: 'The gateway stores the key; offers "keep the live quota" and "the id is a hash"; answers with the key and its hash.',
    value: 'gateway',
  },
  {
    label: 'Through the dashboard',
    description: 'POST /api/keys/{id} · dashboard token',
    detail: 'The dashboard records the key and passes it to the gateway; answers with the whole key record.',
    value: 'dashboard',
  },
];

/** A fresh key id: 32 random hex characters (it becomes the key, so it must be unguessable). */
export function generateKeyId(): string {
  return randomBytes(16).toString('hex');
}

/** "Generate a key id" first (the usual choice), else the user's own id. */
export async function askKeyId(title: string): Promise<string> {
  const how = await pickOne(title, 'The key id (it becomes the key itself: keep it secret)', [
    {
      label: '$(sparkle) Generate a key id',
      description: 'recommended',
      detail: 'A random 32-character id; you can copy the key once it is created.',
      value: 'generate' as const,
    },
    { label: '$(edit) Enter my own key id', detail: 'For importing a key that exists elsewhere, or a key id your clients already use.', value: 'own' as const },
  ]);
  if (how === 'generate') return generateKeyId();
  return askText(title, 'The custom key id (it becomes the key: keep it secret)', { validate: validateKeyId });
}
