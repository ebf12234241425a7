import { describe, expect, it } from 'vitest';
import { chatPolicy, type AssistantPermissions } from './tool-policy';

const auto: AssistantPermissions = { kind: 'policy', name: 'General', policy: 'auto_approve', allowOverride: true };
const guarded: AssistantPermissions = { kind: 'policy', name: 'Ops', policy: 'approve_for_me', allowOverride: true };
const locked: AssistantPermissions = {
  kind: 'policy',
  name: 'Auditor',
  policy: 'ask_for_approval',
  allowOverride: false,
};

describe("a chat's tool-call policy", () => {
  it('is the strictest of its assistants until the person or the conversation says otherwise', () => {
    expect(chatPolicy([auto, guarded], undefined, undefined)).toEqual({
      kind: 'set',
      policy: 'approve_for_me',
      lockedBecause: null,
      chosen: false,
    });
    expect(chatPolicy([auto, guarded], undefined, 'auto_approve')).toMatchObject({
      policy: 'auto_approve',
      chosen: true,
    });
    expect(chatPolicy([auto, guarded], 'ask_for_approval', 'auto_approve')).toMatchObject({
      policy: 'ask_for_approval',
    });
  });

  it('is read-only, with the reason, when an assistant does not allow an override', () => {
    expect(chatPolicy([auto, locked], 'auto_approve', undefined)).toEqual({
      kind: 'set',
      policy: 'ask_for_approval',
      lockedBecause: 'Auditor does not let a chat change its tool policy.',
      chosen: false,
    });
  });

  it('fails closed to Manual when settings cannot be read, and hides where the server has no policies', () => {
    expect(chatPolicy([auto, { kind: 'unreadable', name: 'Lost' }], 'auto_approve', undefined)).toMatchObject({
      policy: 'ask_for_approval',
      lockedBecause: 'The settings of Lost could not be read, so every tool call asks first.',
    });
    expect(chatPolicy([{ kind: 'none', name: 'Old' }], undefined, undefined)).toEqual({ kind: 'hidden' });
    expect(chatPolicy([auto, { kind: 'loading', name: 'Next' }], undefined, undefined)).toEqual({ kind: 'loading' });
  });
});
