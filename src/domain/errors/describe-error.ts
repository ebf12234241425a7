import type { ApiError } from './api-error';
import { z } from 'zod';
import { connectPromptSchema, connectPrompts } from './connect-prompts';

/**
 * `new-chat`: this conversation takes no more messages (finished); a new chat with the same assistant does.
 * `pick-model`: the project does not allow the model (or has no default): another model does.
 */
const nextActionSchema = z.enum(['retry', 'sign-in', 'pick-assistant', 'pick-model', 'edit', 'new-chat', 'none']);

/**
 * What the person reads about a failed call: our plain words, then the server's own. Kept with turns and runs, so
 * read back through this schema.
 */
export const errorDescriptionSchema = z.object({
  title: z.string(),
  explanation: z.string(),
  serverMessage: z.string().optional(),
  details: z.string().optional(),
  requestId: z.string().optional(),
  /** The trace id of the call's `traceparent`: what an OpenTelemetry backend finds it under. */
  traceId: z.string().optional(),
  action: nextActionSchema,
  /** The server asked to wait until then (epoch ms) before trying again (Retry-After). */
  retryAt: z.number().optional(),
  /** Integrations the person must connect their own account to before the call can work. */
  connect: z.array(connectPromptSchema).readonly().optional(),
});
export type ErrorDescription = z.output<typeof errorDescriptionSchema>;

export type ErrorSubject = 'assistant' | 'workflow' | 'catalog';

const subjectName: Record<ErrorSubject, string> = {
  assistant: 'assistant',
  workflow: 'workflow',
  catalog: 'list',
};

function formatDetails(details: unknown): string | undefined {
  if (details === undefined || details === null || details === '') return undefined;
  if (typeof details === 'string') return details;
  if (Array.isArray(details)) {
    const lines = details.map((item) => {
      if (typeof item === 'object' && item !== null && 'msg' in item) {
        const { msg, loc } = item as { msg: unknown; loc?: unknown };
        const where = Array.isArray(loc) ? loc.filter((part) => part !== 'body').join('.') : '';
        return where ? `${where}: ${String(msg)}` : String(msg);
      }
      return typeof item === 'string' ? item : JSON.stringify(item);
    });
    return lines.join('\n');
  }
  return JSON.stringify(details, null, 2);
}

/** Where sign-in proxies and identity providers put their login pages. */
const signInPage =
  /\/(?:oauth2?|sso|saml2?|login|log-in|signin|sign[-_]in|auth(?:enticate|orize)?|openid-connect|cas)(?:[/?#._-]|$)/i;

/**
 * A project's model allow-list refused the call before it streamed (CURRENT-SERVERS.md §7): a 400 (the model is not
 * allowed) or 500 (no default model) whose words are about a model.
 */
const aboutModels = (error: ApiError): boolean => {
  const words = `${error.serverMessage ?? ''} ${error.help ?? ''}`;
  if (!/\bmodels?\b/i.test(words)) return false;
  // A 500 is about the allow-list only when it says there is no default model; "not available" may be passing.
  return error.status === 500
    ? /\bno default model\b/i.test(words)
    : /\b(not allowed|allowed models?|no models? (is )?allowed|allow-?list)\b/i.test(words);
};

/** A current server's 409 for a finished conversation (CURRENT-SERVERS.md §7): never worth sending again there. */
export const isConversationFinished = (error: ApiError): boolean =>
  error.status === 409 && /conversation is (already )?finished/i.test(error.serverMessage ?? '');

const accessDenied = (error: ApiError) => /^\s*access denied\b/i.test(error.serverMessage ?? '');

function permissionRefused(subject: ErrorSubject): Pick<ErrorDescription, 'title' | 'explanation' | 'action'> {
  const thing = subjectName[subject];
  return {
    title: 'Permission denied',
    explanation:
      subject === 'assistant'
        ? 'Your account is not allowed to use this assistant (signing in again will not change that). Pick another assistant, or ask an administrator for access.'
        : `Your account is not allowed to use this ${thing} (signing in again will not change that). Ask an administrator for access.`,
    action: subject === 'assistant' ? 'pick-assistant' : 'none',
  };
}

/**
 * Unhandled server errors put a stack trace in the message ("Internal Server Error. <br> Stacktrace: …"):
 * the person reads the first words, the trace goes with the details for support.
 */
export function splitServerMessage(message: string | undefined): { message?: string; trace?: string } {
  if (message === undefined) return {};
  const at = message.search(/<br\s*\/?>/i);
  if (at < 0) return { message };
  const head = message.slice(0, at).trim().replace(/\.$/, '');
  const trace = message
    .slice(at)
    .replace(/^<br\s*\/?>\s*/i, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .trim();
  return { ...(head ? { message: head } : {}), ...(trace ? { trace } : {}) };
}

function statusWords(
  error: ApiError,
  subject: ErrorSubject,
): Pick<ErrorDescription, 'title' | 'explanation' | 'action' | 'connect'> {
  const thing = subjectName[subject];
  const status = error.status ?? 0;
  if (error.kind === 'network') {
    return {
      title: 'Could not reach the API',
      explanation: `No answer came from ${error.url ?? 'the server'}. Check your connection, that the platform is running, and the API URL (and proxy or CORS settings) in config.json.`,
      action: 'retry',
    };
  }
  if (error.kind === 'not-json') {
    return {
      title: status
        ? `Unexpected page instead of an API answer (HTTP ${status})`
        : 'Unexpected answer instead of the API',
      explanation: `The server answered with ${error.contentType || 'an unknown content type'} instead of JSON. A proxy, gateway or login page in front of the API probably answered; check the API URL and the proxy.`,
      action: 'retry',
    };
  }
  if (error.kind === 'not-api' && error.redirected && signInPage.test(error.url ?? '')) {
    // A sign-in proxy or gateway in front of the API wants a browser session: the API itself was never reached.
    return {
      title: 'The API sent this request to a sign-in page',
      explanation: `Instead of answering, the API redirected the call to a sign-in page (${(error.url ?? '').split('?')[0]}). A sign-in proxy or gateway in front of the API wants a browser session this console does not have, or whose session ended. Sign in again; if it keeps happening, the proxy must let the console's bearer token through (or apiBaseUrl in config.json points past the proxy's login).`,
      action: 'sign-in',
    };
  }
  if (error.kind === 'not-api') {
    // The URL without its query: the address to compare with apiBaseUrl in config.json.
    const address = error.url ? error.url.split('?')[0] : 'the configured API URL';
    const answered = `${error.contentType ? `${error.contentType.split(';')[0]}` : 'no content type'}${status ? ` (HTTP ${status})` : ''}`;
    return {
      title: `This address does not look like the API: ${address}`,
      explanation: `It answered with ${answered}${error.redirected ? ' after a redirect (often to a sign-in page)' : ''}, where the API answers JSON. Check apiBaseUrl in config.json: it must point at the API (e.g. https://host/code-assistant-api), not at this console or another website.`,
      action: 'none',
    };
  }
  if (error.kind === 'stream') {
    return {
      title: 'The server reported an error during the answer',
      explanation: `The ${thing} stopped with an error (the server's words below) before the answer was complete. What arrived before it is kept; try again.`,
      action: 'retry',
    };
  }
  if (error.kind === 'headers') {
    return {
      title: 'The custom headers cannot be sent',
      explanation: 'Nothing was sent. Fix the headers of the active profile (or turn forwarding off), then send again.',
      action: 'edit',
    };
  }
  if (error.kind === 'redirect') {
    return {
      title: 'The API redirected a call that carries custom headers',
      explanation: `The server answered with a redirect${typeof error.details === 'string' ? ` (${error.details.replace(/^Redirected to /, 'to ')})` : ''}, and the console did not follow it: custom X-* headers, secret ones too, go to the API's own origin only. Check apiBaseUrl in config.json (it must be the address the API answers on), or send without the header profile.`,
      action: 'none',
    };
  }
  if (error.kind === 'internal') {
    return {
      title: 'Something went wrong in the console',
      explanation: 'The console failed while handling this answer (see details). What arrived is kept; try again.',
      action: 'retry',
    };
  }
  if (error.kind === 'protocol') {
    return {
      title: 'The answer was not understood',
      explanation: 'The server answered successfully, but not in the shape this console expects from the API.',
      action: 'retry',
    };
  }
  const connect = connectPrompts(error);
  if (connect) {
    const names = connect.map((prompt) => prompt.integration).join(', ');
    return {
      title: `Connect ${names} to continue`,
      explanation: `This ${thing} works with ${connect.length === 1 ? 'an integration' : 'integrations'} that need${connect.length === 1 ? 's' : ''} your own account. Connect ${connect.length === 1 ? 'it' : 'them'} in the platform's integration settings, then retry. Signing in to the console again does not help.`,
      action: 'retry',
      connect,
    };
  }
  if (error.code === 'authentication_required') {
    const servers = (error.details as { servers?: unknown } | undefined)?.servers;
    const names = Array.isArray(servers)
      ? servers.map((server) => (typeof server === 'string' ? server : JSON.stringify(server))).join(', ')
      : '';
    return {
      title: 'A tool server needs you to sign in',
      explanation: `This ${thing} uses tool servers that need their own sign-in${names ? ` (${names})` : ''}. Signing in to the console again does not help: authorise them in the platform, then retry.`,
      action: 'retry',
    };
  }
  if (isConversationFinished(error)) {
    return {
      title: 'This conversation is finished',
      explanation:
        'It no longer takes messages (finished by its owner, an administrator or a scheduled job), so nothing was sent. Your question is kept: start a new chat with the same assistant to ask it there.',
      action: 'new-chat',
    };
  }
  if (subject === 'assistant' && (status === 400 || status === 500) && aboutModels(error)) {
    return {
      title: status === 400 ? 'The server would not use this model' : 'The server has no model to answer with',
      explanation:
        'The project allows only some models (or has no default one), so nothing was answered. Your question is kept: choose another model and ask again.',
      action: 'pick-model',
    };
  }
  switch (status) {
    case 400:
      return {
        title: 'The request was rejected',
        explanation: 'The server found the request invalid. Check what you entered.',
        action: 'edit',
      };
    case 401:
      // Real servers answer a missing permission with 401 "Access denied", not 403: signing in again cannot help.
      if (accessDenied(error)) return permissionRefused(subject);
      return {
        title: 'Not authorized',
        explanation:
          'Your sign-in was not accepted (it may have expired), or this account may not use this ' +
          thing +
          '. Sign in again; if that does not help, ask for access.',
        action: 'sign-in',
      };
    case 403:
      return permissionRefused(subject);
    case 404:
      if (subject === 'workflow' && /execution/i.test(error.serverMessage ?? '')) {
        return {
          title: 'This run no longer exists on the server',
          explanation:
            'The server has no execution with this ID any more (it was deleted, or belongs to another account). What this console kept of the run stays here.',
          action: 'none',
        };
      }
      return {
        title: `${thing[0]?.toUpperCase()}${thing.slice(1)} not found`,
        explanation: `The server has no ${thing} with this ID. Check the ID or pick another one.`,
        action: subject === 'assistant' ? 'pick-assistant' : 'none',
      };
    case 408:
    case 504:
      return {
        title: 'The request timed out',
        explanation: 'The server or a gateway gave up waiting. Try again, perhaps with a shorter request.',
        action: 'retry',
      };
    case 413:
      return { title: 'The request is too large', explanation: 'Shorten the text and send it again.', action: 'edit' };
    case 422:
      return {
        title: 'The request could not be processed',
        explanation: 'The server understood the request but refused a value in it (see details).',
        action: 'edit',
      };
    case 429: {
      const wait =
        error.retryAfterSeconds !== undefined
          ? ` Wait ${error.retryAfterSeconds} s, then retry.`
          : ' Wait a moment, then retry.';
      return {
        title: 'Too many requests',
        explanation: `The server is limiting how often you may call it.${wait}`,
        action: 'retry',
      };
    }
    default:
      if (status >= 500) {
        return {
          title: `Server error (HTTP ${status})`,
          explanation: `The ${thing === 'list' ? 'server' : thing} failed while handling the request. Your text is kept; try again, or later.`,
          action: 'retry',
        };
      }
      return {
        title: `Request failed (HTTP ${status})`,
        explanation: 'The server refused the request.',
        action: 'retry',
      };
  }
}

const asSentence = (text: string): string => (/[\p{L}\p{N})\]'"]$/u.test(text.trimEnd()) ? `${text.trimEnd()}.` : text);

/** Turns a failed call into the words shown where it happened. */
export function describeError(error: ApiError, subject: ErrorSubject = 'assistant'): ErrorDescription {
  const words = statusWords(error, subject);
  const { message, trace } = splitServerMessage(error.serverMessage);
  const details =
    [formatDetails(error.details), trace].filter((part) => part !== undefined && part !== '').join('\n') || undefined;
  const help = error.help ? ` ${error.help}` : '';
  // The server's words read as a sentence: "Access denied." before its help, not "Access denied Ask an …".
  const serverMessage = message ? (help ? `${asSentence(message)}${help}` : message) : error.help;
  return {
    ...words,
    ...(serverMessage ? { serverMessage } : {}),
    ...(details ? { details } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
    ...(error.traceId ? { traceId: error.traceId } : {}),
    ...(error.retryAt !== undefined ? { retryAt: error.retryAt } : {}),
  };
}
