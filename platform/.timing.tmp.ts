import { api, ids, passwordToken, startTestPlatform } from '/work/main/platform/test-support';
const p = await startTestPlatform(30);
const call = api(p, await passwordToken(p, 'analyst'));
for (const id of [ids.research, ids.codemie, ids.flaky, ids.garbled]) {
  const t0 = performance.now();
  const r = await call(`/assistants/${id}/model`, { body: { text: 'How do solar panels work?', stream: true } });
  try { await r.text(); } catch (e) { console.log('error', String(e)); }
  console.log(id, Math.round(performance.now() - t0), 'ms');
}
await p.close();
