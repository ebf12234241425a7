import type { Page } from '@playwright/test';
import { lastTurn } from './support';

// An answer as the screen shows it and as the server stores it: what tests of answers that outlive the page compare.

export const answerText = (page: Page) => lastTurn(page).getByTestId('answer-text');

/** The numbered words of an answer ("word-1 word-2 …"), in order; none when the turn shows no text (stopped at once). */
export async function numbers(page: Page): Promise<number[]> {
  const text = (await answerText(page).count()) === 0 ? '' : ((await answerText(page).textContent()) ?? '');
  return [...text.matchAll(/word-(\d+)/g)].map((match) => Number(match[1]));
}

/**
 * The server's stored copy of the chat's last answer: whether it is still being written, and its numbered words. Once
 * the server says it is not, nothing can grow: what tests compare the screen with, instead of waiting and looking.
 */
export async function storedAnswer(page: Page): Promise<{ inProgress: boolean; words: number }> {
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  return page.evaluate(async (conversationId) => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
    const { access_token: token } = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
    const response = await fetch(`/code-assistant-api/v1/conversations/${conversationId}`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    // Stopped before the server stored anything: it holds no such conversation, and nothing of it can grow.
    if (response.status === 404) return { inProgress: false, words: 0 };
    const { history = [] } = (await response.json()) as {
      history?: Array<{ role: string; message: string; inProgress?: boolean; in_progress?: boolean }>;
    };
    const last = history.filter((item) => item.role === 'Assistant').at(-1);
    return {
      inProgress: last?.inProgress === true || last?.in_progress === true,
      words: (last?.message.match(/word-\d+/g) ?? []).length,
    };
  }, id);
}
