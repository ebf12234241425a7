// The Fault Injector's echo: the question comes back verbatim everywhere a server's text reaches the console
// (answer, thought names, messages and inputs, tool output as text, markdown and JSON, image artifacts, error
// bodies), so a test can send attack strings through every channel in one call.
import { ScriptFailure } from './script';
import { StepList, type ScriptedRun } from './steps';
import { ThoughtScript } from './thoughts';

/** The question without its "echo" or "echo error" prefix. */
const payloadOf = (question: string): string => question.replace(/^\s*echo( error)?:?\s?/i, '');

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

export function echoRun(question: string): ScriptedRun {
  const payload = payloadOf(question);
  const list = new StepList();
  const t = new ThoughtScript(list, `echo:${question}`);
  t.start('agent', {
    parent: null,
    author_type: 'Agent',
    author_name: payload.slice(0, 200),
    input_text: payload,
    message: payload,
  });
  t.start('markdown', {
    parent: 'agent',
    author_type: 'Tool',
    author_name: 'echo_markdown',
    input_text: JSON.stringify({ payload }),
    output_format: 'markdown',
    metadata: { replay_type: 'tool', tool_name: payload.slice(0, 200), tool_args: { payload }, status: 'running' },
  });
  t.finish('markdown', { message: payload });
  t.start('json', {
    parent: 'agent',
    author_type: 'Tool',
    author_name: 'echo_json',
    output_format: 'json',
    metadata: { replay_type: 'tool', tool_name: 'echo_json', tool_args: {} },
  });
  t.finish('json', { message: JSON.stringify({ payload, html: payload }) });
  t.start('image', {
    parent: 'agent',
    author_type: 'Tool',
    author_name: 'echo_image',
    metadata: { replay_type: 'tool', tool_name: 'echo_image', tool_args: {} },
  });
  t.finish('image', {
    message: payload,
    metadata: {
      image_artifacts: [
        {
          data: base64(
            `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss='svg-artifact'"><script>window.__xss='svg-script'</script></svg>`,
          ),
          mime_type: 'image/svg+xml',
        },
        { data: payload, mime_type: 'image/png' },
        { data: 'iVBORw0KGgo=', mime_type: `image/png" onerror="window.__xss='mime'` },
        { data: base64(payload), mime_type: 'text/html' },
      ],
    },
  });
  t.finish('agent', { message: ' (done)' });
  return list.tokens(payload, 0).last(payload).run();
}

/** The question, verbatim, as the API's error body: message, details and help. */
export function echoFailure(question: string): ScriptFailure {
  const payload = payloadOf(question);
  // No header carries it: real servers set no request id (or any echo) on responses.
  return new ScriptFailure(payload, payload, payload, 500);
}
