import { describe, expect, it } from 'vitest';
import { emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import { resumeFailureWords } from './resume-failure';
import {
  allowancesChanged,
  allowancesOf,
  isAllowed,
  laterAllowances,
  standingDecisions,
  withAllowance,
  withoutAllowance,
} from './standing-allowances';
import { emptyAnswer } from '@/domain/answer/answer';

describe('standing allowances', () => {
  it('keeps one sorted entry per assistant and tool, and takes one back', () => {
    const keeper = { assistantId: 'k', assistantName: 'Records Keeper' };
    const migrator = { assistantId: 'm', assistantName: 'Migrator' };
    const del = { ...keeper, toolName: 'Delete Records' };
    const list = { ...keeper, toolName: 'List Records' };
    expect(withAllowance([list], del)).toEqual([del, list]);
    expect(withAllowance([del], del)).toEqual([del]);
    expect(withAllowance(undefined, del)).toEqual([del]);
    // Another assistant's tool of the same name is another allowance.
    expect(isAllowed([del], { assistantId: 'm', toolName: 'Delete Records' })).toBe(false);
    expect(isAllowed([del], { assistantId: 'k', toolName: 'Delete Records' })).toBe(true);
    expect(withAllowance([del], { ...migrator, toolName: 'Delete Records' })).toHaveLength(2);
    expect(withoutAllowance([del, list], del)).toEqual([list]);
    expect(withoutAllowance(undefined, del)).toEqual([]);
  });

  it('of two copies (this tab’s and another tab’s), the later change stands: a revoke is not undone by an older copy', () => {
    const del = { assistantId: 'k', assistantName: 'Records Keeper', toolName: 'Delete Records' };
    const allowed = allowancesChanged({}, [del]);
    expect(allowed).toEqual({ allowedTools: [del], allowancesRev: 1 });
    const revoked = allowancesChanged(allowed, []);
    // An emptied list keeps its count, so the older copy that still allows the tool does not win.
    expect(allowancesOf(revoked)).toEqual({ allowancesRev: 2 });
    expect(laterAllowances(revoked, allowed)).toEqual({ allowancesRev: 2 });
    expect(laterAllowances(allowed, revoked)).toEqual({ allowancesRev: 2 });
    // Allowed again elsewhere after hearing of the revoke: that later copy stands.
    expect(laterAllowances(revoked, allowancesChanged(revoked, [del]))).toEqual({
      allowedTools: [del],
      allowancesRev: 3,
    });
    // Entries of earlier consoles carry no count: the copy heard stands, as before.
    expect(laterAllowances({ allowedTools: [del] }, {})).toEqual({});
    expect(laterAllowances(undefined, { allowedTools: [del] })).toEqual({ allowedTools: [del] });
  });

  it('names the tools an answer ran on a standing allowance, once each', () => {
    const node = (id: string, authorName: string, standing?: boolean) => ({
      id,
      parentId: null,
      authorType: 'Tool',
      authorName,
      inputText: '',
      message: '',
      outputFormat: 'text',
      metadata: {},
      inProgress: false,
      error: false,
      interrupted: false,
      aborted: false,
      children: [],
      ...(standing === undefined ? {} : { decision: { action: 'allow' as const, at: 1, standing } }),
    });
    const tree = {
      ...emptyThoughtTree,
      roots: [
        { ...node('a', 'Agent'), children: [node('1', 'Delete Records', true), node('2', 'List Records', false)] },
        node('3', 'Delete Records', true),
      ],
    };
    expect(standingDecisions(tree)).toEqual(['Delete Records']);
    expect(standingDecisions(emptyThoughtTree)).toEqual([]);
  });
});

describe('a resume that did not go through', () => {
  const answer = { ...emptyAnswer, complete: true };
  it('is a failed call, or an error inside the stream with nothing of an answer', () => {
    expect(resumeFailureWords({ status: 'completed', answer: { ...answer, text: 'Deleted.' } })).toBeNull();
    expect(
      resumeFailureWords({
        status: 'failed',
        answer,
        error: { title: 'Server error', explanation: '', action: 'none' },
      }),
    ).toBe('Server error.');
    expect(
      resumeFailureWords({ status: 'completed', answer: { ...answer, text: 'Nothing pending', success: false } }),
    ).toBe('Nothing pending.');
    expect(resumeFailureWords({ status: 'completed', answer: { ...answer, executionError: 'gone' } })).toBe(
      'It answered gone.',
    );
    // Text the agent wrote before pausing, then only the error: it did not go through.
    expect(
      resumeFailureWords(
        {
          status: 'completed',
          answer: { ...answer, text: 'Let me delete.', executionError: 'gone', errorText: 'Gone.' },
        },
        'Let me delete.',
      ),
    ).toBe('Gone.');
    // A refusal after part of the answer: the resume went on.
    expect(
      resumeFailureWords({
        status: 'completed',
        answer: { ...answer, text: 'Part', executionError: 'budget_exceeded', errorText: 'Budget' },
      }),
    ).toBeNull();
  });
});
