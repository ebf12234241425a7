// The e2e tests drive Debian's Chromium (no browser downloads work on these machines): say how to get it.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`
No Chromium found at ${path}. The end-to-end tests need Debian's Chromium:

    sudo apt-get update && sudo apt-get install -y chromium

or point CHROMIUM_PATH at another Chromium/Chrome binary. (.ci/run installs it by itself.)
`);
  process.exit(1);
}
