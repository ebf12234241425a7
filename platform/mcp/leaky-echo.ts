// Leaky Echo's tool: a careless tool that reports every X-* header it received, the value as is and in the encoded
// forms tools and logs write (base64, URL-safe base64, percent-encoded, inside Basic auth, Markdown-escaped). It leaks
// on purpose: the console must mask every one of these forms of a secret value, wherever it lands.

/** How Markdown renderers are kept from reading a value as formatting (the Header Inspector escapes the same way). */
export const markdownEscaped = (text: string): string => text.replace(/[\\`*_|<>[\]#]/g, (char) => `\\${char}`);

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export interface LeakedForms {
  raw: string;
  base64: string;
  base64url: string;
  percent: string;
  basic: string;
  markdown: string;
}

/** The forms the tool writes a value in; Basic auth pairs it with the user `leaky`. */
export const leakedForms = (value: string): LeakedForms => ({
  raw: value,
  base64: base64(value),
  base64url: base64Url(value),
  percent: encodeURIComponent(value),
  basic: `Basic ${base64(`leaky:${value}`)}`,
  markdown: markdownEscaped(value),
});

/** The tool's report: every X-* header it received, each in every form. */
export function leakyReport(received: Readonly<Record<string, string>>): {
  tool: 'leaky_echo';
  count: number;
  leaked: Record<string, LeakedForms>;
} {
  const leaked = Object.fromEntries(Object.entries(received).map(([name, value]) => [name, leakedForms(value)]));
  return { tool: 'leaky_echo', count: Object.keys(leaked).length, leaked };
}
