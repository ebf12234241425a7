// HTML escaping for every value the platform writes into a page.

const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => replacements[char] ?? char);
}

/** A small, light, readable page shell shared by the identity provider's pages. */
export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1b1f24;margin:0;padding:3rem 1rem}
main{max-width:24rem;margin:0 auto;background:#fff;border:1px solid #d5d9e0;border-radius:8px;padding:1.5rem 2rem}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #8a929c;border-radius:4px}
button{margin-top:1.25rem;padding:.6rem 1rem;font-size:1rem;border:0;border-radius:4px;background:#1f5fbf;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
[role=alert]{background:#fdecec;border:1px solid #c62828;color:#8e1b1b;padding:.5rem .75rem;border-radius:4px}
.note{font-size:.9rem;color:#4a525c;margin-top:1.5rem}
code{background:#eef0f3;padding:0 .25rem;border-radius:3px}
</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
