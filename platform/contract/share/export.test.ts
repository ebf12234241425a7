// Contract: GET /v1/conversations/{id}/export?export_format=json|docx|pdf[&include_tool_outputs=true] (current
// servers, CURRENT-SERVERS.md §4): real files, named after the conversation.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../../test-support';
import { ask } from '../conversations/conversation-support';
import { readZip } from '../zip-reader';

const { analyst, platform } = platformWithAnalyst(1);

async function namedChat(name: string, assistantId: string = ids.general): Promise<string> {
  const id = randomUUID();
  await ask(analyst, { text: 'What is in the report?', conversation_id: id }, assistantId);
  expect((await analyst(`/conversations/${id}`, { method: 'PUT', body: { name } })).status).toBe(200);
  return id;
}

const exported = async (id: string, query: string) => {
  const response = await analyst(`/conversations/${id}/export?${query}`);
  expect(response.status).toBe(200);
  return { response, data: Buffer.from(await response.arrayBuffer()) };
};

const documentXml = (data: Buffer): string =>
  readZip(data).find((entry) => entry.name === 'word/document.xml')?.text ?? '';

describe('conversation export', () => {
  it('PDF: a real PDF file named after the conversation', async () => {
    const id = await namedChat('Quarterly report');
    const { response, data } = await exported(id, 'export_format=pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Quarterly report.pdf"');
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(data.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('DOCX: a Word zip whose document holds the turns; tool outputs only on request', async () => {
    const id = await namedChat('Research: Q3 / Q4', ids.research);
    const plain = await exported(id, 'export_format=docx');
    expect(plain.response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    // Characters a file system refuses become `_`.
    expect(plain.response.headers.get('content-disposition')).toBe('attachment; filename="Research_ Q3 _ Q4.docx"');
    expect(plain.data.subarray(0, 2).toString('latin1')).toBe('PK');
    const text = documentXml(plain.data);
    expect(text).toContain('Research: Q3 / Q4');
    expect(text).toContain('What is in the report?');
    expect(text).not.toContain('Tool: ');
    const withTools = documentXml((await exported(id, 'export_format=docx&include_tool_outputs=true')).data);
    expect(withTools).toContain('Tool: ');
  });

  it('JSON: the whole conversation; a name outside ASCII is kept in filename*', async () => {
    const id = await namedChat('Résumé');
    const { response, data } = await exported(id, 'export_format=json');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Rsum.json"; filename*=UTF-8''${encodeURIComponent('Résumé.json')}`,
    );
    const body = JSON.parse(data.toString('utf8')) as { id: string; conversation_name: string; history: unknown[] };
    expect(body.id).toBe(id);
    expect(body.conversation_name).toBe('Résumé');
    expect(body.history).toHaveLength(2);
  });

  it('an unnamed chat is named after its first message, without the trailing dots', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'x'.repeat(60), conversation_id: id });
    const { response } = await exported(id, 'export_format=pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${'x'.repeat(50)}.pdf"`);
  });

  it('an unknown format is 422; someone else’s conversation 401; an unknown one 404', async () => {
    const id = await namedChat('Mine');
    expect((await analyst(`/conversations/${id}/export?export_format=pptx`)).status).toBe(422);
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect((await viewer(`/conversations/${id}/export?export_format=pdf`)).status).toBe(401);
    expect((await analyst(`/conversations/${randomUUID()}/export?export_format=pdf`)).status).toBe(404);
  });
});
