import { describe, expect, it } from 'vitest';
import { traceTemplateProblem, traceUrl } from './trace-link';

describe('traceUrl', () => {
  const sessions = 'https://trace.example.com/project/p1/sessions/{session_id}';

  it('fills the placeholders, URL-encoding the values', () => {
    expect(traceUrl(sessions, { session_id: 'batch 7/a?b#c' })).toBe(
      'https://trace.example.com/project/p1/sessions/batch%207%2Fa%3Fb%23c',
    );
    expect(
      traceUrl('https://t.example/traces?tags={tag}&e={execution_id}', { tag: 'q3 & more', execution_id: 'e-1' }),
    ).toBe('https://t.example/traces?tags=q3%20%26%20more&e=e-1');
    expect(traceUrl('https://t.example/w/{workflow_id}', { workflow_id: 'wf' })).toBe('https://t.example/w/wf');
  });

  it('gives no link when the run lacks a value the template needs', () => {
    expect(traceUrl(sessions, {})).toBeNull();
    expect(traceUrl(sessions, { session_id: '  ', execution_id: 'e-1' })).toBeNull();
    expect(traceUrl(sessions, { session_id: undefined })).toBeNull();
  });

  it('refuses dot values that would climb the path', () => {
    expect(traceUrl(sessions, { session_id: '..' })).toBeNull();
    expect(traceUrl(sessions, { session_id: '...' })).toBe('https://trace.example.com/project/p1/sessions/...');
  });

  it('gives a template without placeholders as it is, and nothing for a broken one', () => {
    expect(traceUrl('https://trace.example.com/', {})).toBe('https://trace.example.com/');
    expect(traceUrl('javascript:alert({session_id})', { session_id: 's' })).toBeNull();
    expect(traceUrl('https://t.example/{nope}', { session_id: 's' })).toBeNull();
  });
});

describe('traceTemplateProblem', () => {
  it('accepts http and https templates with known placeholders', () => {
    expect(traceTemplateProblem('https://trace.example.com/sessions/{session_id}')).toBeNull();
    expect(traceTemplateProblem('http://localhost:3000/trace/{execution_id}?tag={tag}')).toBeNull();
  });

  it('names an unknown placeholder and lists the known ones', () => {
    expect(traceTemplateProblem('https://t.example/{sessionId}')).toBe(
      'Unknown placeholder {sessionId} in the trace link template; use {session_id}, {execution_id}, {workflow_id}, {tag}, {trace_id}.',
    );
    expect(traceTemplateProblem('https://t.example/{}')).toBe('“{}” names no placeholder.');
  });

  it('finds unbalanced braces', () => {
    expect(traceTemplateProblem('https://t.example/{session_id')).toBe(
      '“{” in the trace link template is not closed with “}”.',
    );
    expect(traceTemplateProblem('https://t.example/session_id}')).toBe('“}” in the trace link template closes no “{”.');
  });

  it('wants a full http(s) address', () => {
    expect(traceTemplateProblem('')).toBe('The trace link template is empty.');
    expect(traceTemplateProblem('/sessions/{session_id}')).toContain('not a full address');
    expect(traceTemplateProblem('javascript:alert(1)')).toBe(
      'The trace link must be an http(s) address, not “javascript:”.',
    );
    expect(traceTemplateProblem('data:text/html,{tag}')).toContain('not “data:”');
  });
});

describe('traceUrl with a trace id', () => {
  it('fills {trace_id}, and knows it as a placeholder', () => {
    const template = 'https://otel.example/trace/{trace_id}';
    expect(traceTemplateProblem(template)).toBeNull();
    expect(traceUrl(template, { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736' })).toBe(
      'https://otel.example/trace/4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(traceUrl(template, {})).toBeNull();
  });
});
