// Where `npm run platform` writes its request log lines (env PLATFORM_REQUEST_LOG): `stdout`, a file (truncated at
// start, so a test run reads only its own lines), or nowhere (unset: the e2e runs' output stays readable).
import { createWriteStream } from 'node:fs';

export function requestLogSink(setting: string | undefined): ((line: string) => void) | undefined {
  const target = setting?.trim();
  if (!target || target === 'off') return undefined;
  if (target === 'stdout') return (line) => console.log(line);
  const file = createWriteStream(target, { flags: 'w' });
  return (line) => void file.write(`${line}\n`);
}
