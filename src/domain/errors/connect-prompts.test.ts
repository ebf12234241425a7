import { describe, expect, it } from 'vitest';
import { ApiError, readErrorBody } from './api-error';
import { describeError } from './describe-error';

const refused = (body: unknown) => new ApiError({ kind: 'http', status: 401, ...readErrorBody(body) });

describe('an assistant whose integrations need the person’s own account', () => {
  it('asks to connect each provider by its integration’s name, never to sign in again', () => {
    const description = describeError(
      refused({
        error: 'oauth_connect_required',
        providers: [
          { error: 'jira_auth_required', setting_id: 's1', integration_name: 'Jira (acme)' },
          { error: 'confluence_auth_required', setting_id: 's2', integration_name: 'Wiki' },
        ],
      }),
    );
    expect(description.title).toBe('Connect Jira (acme), Wiki to continue');
    expect(description.action).toBe('retry');
    expect(description.connect).toEqual([
      { integration: 'Jira (acme)', service: 'Jira', settingId: 's1' },
      { integration: 'Wiki', service: 'Confluence', settingId: 's2' },
    ]);
  });

  it('reads a single provider’s object alone', () => {
    const description = describeError(refused({ error: 'gitlab_auth_required', integration_name: 'GitLab EU' }));
    expect(description.connect).toEqual([{ integration: 'GitLab EU', service: 'GitLab' }]);
    expect(description.action).not.toBe('sign-in');
  });
});
