import { z } from 'zod';
import type { ApiError } from './api-error';

// Current servers answer an assistant call whose integrations need the person's own account with
// `{"error":"oauth_connect_required","providers":[{"error":"jira_auth_required","setting_id","integration_name"}]}`
// or one such provider object alone (CURRENT-SERVERS.md §4): a prompt per provider, not "Sign in again".

export const connectPromptSchema = z.object({
  /** The integration's name as the platform knows it, e.g. "Jira (acme)". */
  integration: z.string(),
  /** The service, from the provider's code (jira_auth_required → Jira). */
  service: z.string(),
  settingId: z.string().optional(),
});
export type ConnectPrompt = z.output<typeof connectPromptSchema>;

const knownServices: Readonly<Record<string, string>> = { gitlab: 'GitLab', github: 'GitHub', jira: 'Jira' };

const serviceOf = (code: string): string => {
  const name = code.replace(/_auth_required$/, '').replace(/_/g, ' ');
  if (knownServices[name]) return knownServices[name];
  return name ? `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` : 'the service';
};

function promptOf(provider: unknown): ConnectPrompt | null {
  if (typeof provider !== 'object' || provider === null) return null;
  const { error, integration_name: integration, setting_id: settingId } = provider as Record<string, unknown>;
  if (typeof error !== 'string' || !error.endsWith('_auth_required')) return null;
  const service = serviceOf(error);
  return {
    integration: typeof integration === 'string' && integration.trim() ? integration : service,
    service,
    ...(typeof settingId === 'string' && settingId ? { settingId } : {}),
  };
}

/** The integrations to connect, when the call failed for want of them; null for any other failure. */
export function connectPrompts(error: Pick<ApiError, 'code' | 'details'>): ConnectPrompt[] | null {
  if (!error.code) return null;
  const details = error.details as { providers?: unknown; provider?: unknown } | undefined;
  if (error.code === 'oauth_connect_required') {
    const prompts = (Array.isArray(details?.providers) ? details.providers : []).flatMap((provider) => {
      const prompt = promptOf(provider);
      return prompt ? [prompt] : [];
    });
    return prompts.length ? prompts : [{ integration: 'An integration', service: 'the service' }];
  }
  if (error.code.endsWith('_auth_required')) {
    const prompt = promptOf(details?.provider);
    return [prompt ?? { integration: serviceOf(error.code), service: serviceOf(error.code) }];
  }
  return null;
}
